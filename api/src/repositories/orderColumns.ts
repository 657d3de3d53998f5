/**
 * An order's row as the payment history, the invoice and a refund read it, and the SQL parts every new
 * order is written with (repositories/orders.ts, vouchers.ts).
 */
import { isoDay } from '../days';

export type OrderKind = 'PURCHASE' | 'RENEWAL' | 'UPGRADE' | 'GIFT';

/** A paid order as the payment history and the invoice read it (repositories/invoices.ts). */
export interface OrderRow {
  order_number: string;
  customer_id: number;
  plan_code: string;
  plan_name: string;
  card_code: string | null;
  /** The charged card's brand (credit_cards.card_type) when a card paid. */
  card_type: string | null;
  card_number: string;
  amount_fening: number;
  status: 'PENDING' | 'PAID' | 'FAILED';
  provider_payment_id: string | null;
  period_start: string | null;
  period_end: string | null;
  updated_at: Date;
  kind: OrderKind;
  from_name: string | null;
  /** The GIFT order whose voucher paid this month (invoiced at that sale: this one has no invoice). */
  paid_by_gift: string | null;
}

/** The columns of an OrderRow, from ORDER_TABLES. */
export const ORDER_COLUMNS = `o.order_number, o.customer_id, o.plan_code, p.name AS plan_name, o.card_code, o.card_type, o.card_number, o.amount_fening,
  o.status, o.provider_payment_id, to_char(o.period_start, 'YYYY-MM-DD') AS period_start, to_char(o.period_end, 'YYYY-MM-DD') AS period_end, o.updated_at,
  o.kind, f.name AS from_name, o.paid_by_gift`;
/** The orders' tables as ORDER_COLUMNS reads them. */
export const ORDER_TABLES =
  'payment_orders o JOIN plans p ON p.code = o.plan_code LEFT JOIN plans f ON f.code = o.from_plan_code';
/** SQL: a new order number, `YYYY-NNNNNN`, from the year in parameter `year` (orderYear). */
export const NEW_ORDER_NUMBER = (year: string) => `${year} || '-' || lpad(nextval('order_numbers')::text, 6, '0')`;
/** The year an order placed at `at` is numbered in: its invoice's, in Sarajevo (days.ts). */
export const orderYear = (at: Date): string => isoDay(at).slice(0, 4);
/** SQL: the brand of the card whose code is parameter `code`, written on the order it pays. */
export const CARD_TYPE = (code: string) => `(SELECT cc.card_type FROM credit_cards cc WHERE cc.code = ${code})`;
