import { Repository } from './base';
import { ORDER_COLUMNS, ORDER_TABLES, type OrderRow } from './orders';

export interface RefundRow {
  id: string;
  credit_note_number: string;
  order_number: string;
  customer_id: number;
  amount_fening: number;
  status: 'PENDING' | 'SUCCEEDED' | 'FAILED';
  reason: string;
  created_at: Date;
}

/**
 * `refunds`: money an admin gave back on a paid order, each with its credit note (staff/refunds.ts); and
 * the orders' side of money going back: the paid order a refund is decided on, an order refunded whole.
 */
export class RefundsRepository extends Repository {
  /** A paid order of the customer, locked until the transaction ends (a refund is decided under it). */
  async lockPaid(orderNumber: string, customerId: number): Promise<OrderRow | null> {
    const [row] = await this.q.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_TABLES} WHERE o.order_number = $1 AND o.customer_id = $2 AND o.status = 'PAID'
        FOR UPDATE OF o`,
      [orderNumber, customerId],
    );
    return row ?? null;
  }

  /** Money for an order no longer wanted goes back; false when it was PAID or REFUNDED already. */
  async markRefunded(orderNumber: string, at: Date): Promise<boolean> {
    const rows = await this.q.query(
      `UPDATE payment_orders SET status = 'REFUNDED', updated_at = $2 WHERE order_number = $1 AND status IN ('PENDING', 'CANCELLED', 'FAILED') RETURNING 1`,
      [orderNumber, at],
    );
    return rows.length > 0;
  }

  async byKey(orderNumber: string, idempotencyKey: string): Promise<RefundRow | null> {
    const [row] = await this.q.query<RefundRow>(
      'SELECT * FROM refunds WHERE order_number = $1 AND idempotency_key = $2',
      [orderNumber, idempotencyKey],
    );
    return row ?? null;
  }

  /** What was given back or is being given back on the order (PENDING and SUCCEEDED), and how many refunds it had. */
  async totals(orderNumber: string): Promise<{ refunded: number; count: number }> {
    const [row] = await this.q.query<{ refunded: number; count: number }>(
      `SELECT COALESCE(sum(amount_fening) FILTER (WHERE status <> 'FAILED'), 0)::int AS refunded, count(*)::int AS count
         FROM refunds WHERE order_number = $1`,
      [orderNumber],
    );
    return row ?? { refunded: 0, count: 0 };
  }

  async create(refund: {
    id: string;
    creditNoteNumber: string;
    orderNumber: string;
    customerId: number;
    amountFening: number;
    staffId: number;
    reason: string;
    idempotencyKey: string;
    at: Date;
  }): Promise<RefundRow> {
    const [row] = await this.q.query<RefundRow>(
      `INSERT INTO refunds (id, credit_note_number, order_number, customer_id, amount_fening, status, staff_id, reason,
         idempotency_key, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $7, $8, $9, $9) RETURNING *`,
      [
        refund.id,
        refund.creditNoteNumber,
        refund.orderNumber,
        refund.customerId,
        refund.amountFening,
        refund.staffId,
        refund.reason,
        refund.idempotencyKey,
        refund.at,
      ],
    );
    return row!;
  }

  /** A refund the provider refused, asked for again with its key: PENDING once more (one of two asking at once wins). */
  async retry(id: string, at: Date): Promise<RefundRow | null> {
    const [row] = await this.q.query<RefundRow>(
      `UPDATE refunds SET status = 'PENDING', updated_at = $2 WHERE id = $1 AND status = 'FAILED' RETURNING *`,
      [id, at],
    );
    return row ?? null;
  }

  /** The provider's answer: SUCCEEDED or FAILED, once (a PENDING refund only). */
  async settle(id: string, status: 'SUCCEEDED' | 'FAILED', at: Date): Promise<RefundRow | null> {
    const [row] = await this.q.query<RefundRow>(
      `UPDATE refunds SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'PENDING' RETURNING *`,
      [id, status, at],
    );
    return row ?? null;
  }

  /**
   * Refunds PENDING since before `before`, oldest first, with the payment they give back from: what a
   * process stopped between asking the provider and writing its answer left behind.
   */
  async pendingSince(before: Date): Promise<Array<RefundRow & { provider_payment_id: string }>> {
    return this.q.query<RefundRow & { provider_payment_id: string }>(
      `SELECT r.*, o.provider_payment_id FROM refunds r JOIN payment_orders o ON o.order_number = r.order_number
        WHERE r.status = 'PENDING' AND r.updated_at < $1 AND o.provider_payment_id IS NOT NULL
        ORDER BY r.updated_at`,
      [before],
    );
  }

  /** The customer's refunds given back (SUCCEEDED), for the payment history and invoices. */
  async succeeded(customerId: number): Promise<RefundRow[]> {
    return this.q.query<RefundRow>(
      `SELECT * FROM refunds WHERE customer_id = $1 AND status = 'SUCCEEDED' ORDER BY created_at, credit_note_number`,
      [customerId],
    );
  }

  async ofCustomer(customerId: number): Promise<RefundRow[]> {
    return this.q.query<RefundRow>('SELECT * FROM refunds WHERE customer_id = $1 ORDER BY created_at DESC', [
      customerId,
    ]);
  }
}
