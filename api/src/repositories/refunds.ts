import { Repository } from './base';
import { ORDER_COLUMNS, ORDER_TABLES, type OrderRow } from './orderColumns';

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
 * `refunds`: money given back on an order, each with its credit note: by an admin (money/refunds.ts) or
 * by the portal for a charge that bought no service (money/giveBack.ts); and the paid order a refund is
 * decided on.
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

  /**
   * A charge that bought no service: the order REFUNDED, with the payment that charged it, from any state
   * but PAID or REFUNDED (so of two paths settling the same payment, one does it). Null otherwise.
   */
  async refundUnserved(
    orderNumber: string,
    paymentId: string,
    at: Date,
  ): Promise<{ customer_id: number; amount_fening: number } | null> {
    const [row] = await this.q.query<{ customer_id: number; amount_fening: number }>(
      `UPDATE payment_orders SET status = 'REFUNDED', provider_payment_id = $2, updated_at = $3
        WHERE order_number = $1 AND status IN ('PENDING', 'CANCELLED', 'FAILED') RETURNING customer_id, amount_fening`,
      [orderNumber, paymentId, at],
    );
    return row ?? null;
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
    /** Null for a charge the portal gave back itself (money/giveBack.ts). */
    staffId: number | null;
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
