import { Repository } from './base';
import { ORDER_COLUMNS, ORDER_TABLES, type OrderRow } from './orderColumns';

/** A paid order with what its invoice says about the customer. */
interface InvoiceRow extends OrderRow {
  first_name: string;
  last_name: string;
  customer_number: string | null;
  email: string | null;
  phone_number: string | null;
}

/**
 * An order the customer paid: PAID, or REFUNDED after its charge (a charge that bought no service, given
 * back with its credit note: money/giveBack.ts).
 */
const CHARGED = `(o.status = 'PAID' OR (o.status = 'REFUNDED' AND EXISTS (SELECT 1 FROM refunds r WHERE r.order_number = o.order_number)))`;

/** `payment_orders` once paid, as the payment history, the invoices and the receipts read them. */
export class InvoicesRepository extends Repository {
  /** The customer's paid orders (CHARGED), newest first. */
  async paid(customerId: number): Promise<OrderRow[]> {
    return this.q.query<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM ${ORDER_TABLES} WHERE o.customer_id = $1 AND ${CHARGED} ORDER BY o.updated_at DESC, o.order_number DESC`,
      [customerId],
    );
  }

  /**
   * A paid order (CHARGED) with its customer (only `customerId`'s when given); none for a month a gift's
   * voucher paid, which the gift's own invoice covers (docs/vouchers.md, A gift).
   */
  async invoice(orderNumber: string, customerId: number | null): Promise<InvoiceRow | null> {
    const [row] = await this.q.query<InvoiceRow>(
      `SELECT ${ORDER_COLUMNS}, c.first_name, c.last_name, c.customer_number, c.email, c.phone_number
         FROM ${ORDER_TABLES} JOIN customers c ON c.id = o.customer_id
        WHERE o.order_number = $1 AND ($2::int IS NULL OR o.customer_id = $2) AND ${CHARGED} AND o.paid_by_gift IS NULL`,
      [orderNumber, customerId],
    );
    return row ?? null;
  }

  /** What a paid purchase's or upgrade's receipt says. */
  async receipt(orderNumber: string): Promise<ReceiptRow | null> {
    const [row] = await this.q.query<ReceiptRow>(
      `SELECT o.customer_id, o.kind, p.name AS plan_name, o.amount_fening, o.card_number, to_char(o.period_end, 'YYYY-MM-DD') AS period_end,
              o.paid_by_gift IS NOT NULL AS by_gift
         FROM payment_orders o JOIN plans p ON p.code = o.plan_code WHERE o.order_number = $1 AND o.status = 'PAID'`,
      [orderNumber],
    );
    return row ?? null;
  }
}

/** A paid order as its receipt tells it. */
interface ReceiptRow {
  customer_id: number;
  kind: string;
  plan_name: string;
  amount_fening: number;
  card_number: string;
  period_end: string;
  /** Paid with a gift's credit. */
  by_gift: boolean;
}
