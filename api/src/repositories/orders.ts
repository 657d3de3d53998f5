import { Repository } from './base';
import { CARD_TYPE, NEW_ORDER_NUMBER, orderYear, type OrderKind } from './orderColumns';
import { canBuyWhere } from './subscriptionRules';

/** What an order charges, as the call that made it finds it again. */
interface OrderCharge {
  order_number: string;
  plan_code: string;
  card_code: string | null;
  amount_fening: number;
}

/** A new order of the customer's, made once under its idempotency key. */
interface NewOrder {
  customerId: number;
  plan: string;
  cardCode: string | null;
  cardNumber: string;
  amountFening: number;
  key: string;
}

/** A renewal order paid, as its receipt and the subscription's next period read it. */
interface SettledRenewal {
  customer_id: number;
  plan_code: string;
  plan_name: string;
  amount_fening: number;
  card_number: string;
  due_on: string;
  period_end: string;
  paid_by_gift: string | null;
}

/** A purchase paid, as the subscription it activates reads it. */
interface PaidPurchase {
  customer_id: number;
  plan_code: string;
  amount_fening: number;
  period_start: string;
  period_end: string;
}

/**
 * `payment_orders`: purchases, renewals and upgrades, each paid once through the provider. The paid
 * orders as the history and the invoices read them are in invoices.ts; what a refund reads, in refunds.ts.
 */
export class OrdersRepository extends Repository {
  /** The customer's order made with this idempotency key, if any. */
  async byKey(customerId: number, key: string): Promise<(OrderCharge & { status: string }) | null> {
    const [row] = await this.q.query<OrderCharge & { status: string }>(
      'SELECT order_number, plan_code, card_code, amount_fening, status FROM payment_orders WHERE customer_id = $1 AND idempotency_key = $2',
      [customerId, key],
    );
    return row ?? null;
  }

  /** The customer's open purchase order, if any (one at most). */
  async openPurchase(customerId: number): Promise<OrderCharge | null> {
    const [row] = await this.q.query<OrderCharge>(
      `SELECT order_number, plan_code, card_code, amount_fening FROM payment_orders WHERE customer_id = $1 AND kind = 'PURCHASE' AND status = 'PENDING'`,
      [customerId],
    );
    return row ?? null;
  }

  /** The customer's open upgrade order for exactly this change, if any. */
  async openUpgrade(
    customerId: number,
    change: { plan: string; from: string; cardCode: string; amountFening: number; periodEnd: string },
  ): Promise<string | null> {
    const [row] = await this.q.query<{ order_number: string }>(
      `SELECT order_number FROM payment_orders WHERE customer_id = $1 AND kind = 'UPGRADE' AND status = 'PENDING'
          AND plan_code = $2 AND from_plan_code = $3 AND card_code = $4 AND amount_fening = $5 AND period_end = $6::date`,
      [customerId, change.plan, change.from, change.cardCode, change.amountFening, change.periodEnd],
    );
    return row?.order_number ?? null;
  }

  /** Marks the customer's open orders of a kind CANCELLED; answers their provider payments, to cancel once committed. */
  async cancelOpen(customerId: number, kind: OrderKind, at: Date): Promise<string[]> {
    const rows = await this.q.query<{ provider_payment_id: string | null }>(
      `UPDATE payment_orders SET status = 'CANCELLED', updated_at = $2 WHERE customer_id = $1 AND kind = $3 AND status = 'PENDING' RETURNING provider_payment_id`,
      [customerId, at, kind],
    );
    return rows.flatMap((r) => (r.provider_payment_id ? [r.provider_payment_id] : []));
  }

  async createPurchase(order: NewOrder & { ref: string | null }, at: Date): Promise<string> {
    const [created] = await this.q.query<{ order_number: string }>(
      `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_code, card_number, amount_fening, status, idempotency_key, created_at, updated_at, ref, card_type)
       VALUES (${NEW_ORDER_NUMBER('$1')}, $2, $3, $4, $5, $6, 'PENDING', $7, $8, $8, $9, ${CARD_TYPE('$4')})
       RETURNING order_number`,
      [
        orderYear(at),
        order.customerId,
        order.plan,
        order.cardCode,
        order.cardNumber,
        order.amountFening,
        order.key,
        at,
        order.ref,
      ],
    );
    return created!.order_number;
  }

  async createUpgrade(
    order: NewOrder & { from: string; cardCode: string; periodStart: string; periodEnd: string },
    at: Date,
  ): Promise<string> {
    const [created] = await this.q.query<{ order_number: string }>(
      `INSERT INTO payment_orders (order_number, customer_id, plan_code, from_plan_code, card_code, card_number, amount_fening, status, idempotency_key, kind,
                                   period_start, period_end, created_at, updated_at, card_type)
       VALUES (${NEW_ORDER_NUMBER('$1')}, $2, $3, $4, $5, $6, $7, 'PENDING', $8, 'UPGRADE', $9::date, $10::date, $11, $11, ${CARD_TYPE('$5')})
       RETURNING order_number`,
      [
        orderYear(at),
        order.customerId,
        order.plan,
        order.from,
        order.cardCode,
        order.cardNumber,
        order.amountFening,
        order.key,
        order.periodStart,
        order.periodEnd,
        at,
      ],
    );
    return created!.order_number;
  }

  /** The renewal order of the period due `due` (its key `renewal-<due>`), if made. */
  async renewalOf(customerId: number, key: string): Promise<string | null> {
    const [row] = await this.q.query<{ order_number: string }>(
      'SELECT order_number FROM payment_orders WHERE customer_id = $1 AND idempotency_key = $2',
      [customerId, key],
    );
    return row?.order_number ?? null;
  }

  /** A retry charges the open renewal order with the card now primary and the package decided now. */
  async updateRenewal(
    orderNumber: string,
    charge: { cardCode: string | null; cardNumber: string; amountFening: number; plan: string },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `UPDATE payment_orders SET card_code = $2, card_type = ${CARD_TYPE('$2')}, card_number = $3, amount_fening = $4, plan_code = $5, updated_at = $6
        WHERE order_number = $1 AND status = 'PENDING'`,
      [orderNumber, charge.cardCode, charge.cardNumber, charge.amountFening, charge.plan, at],
    );
  }

  /** The renewal order of a period, once however many runners race (the key is unique per customer). */
  async createRenewal(order: NewOrder & { dueOn: string }, at: Date): Promise<void> {
    await this.q.query(
      `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_code, card_number, amount_fening, status, idempotency_key, kind, due_on, created_at, updated_at, card_type)
       VALUES (${NEW_ORDER_NUMBER('$1')}, $2, $3, $4, $5, $6, 'PENDING', $7, 'RENEWAL', $8::date, $9, $9, ${CARD_TYPE('$4')})
       ON CONFLICT (customer_id, idempotency_key) DO NOTHING`,
      [
        orderYear(at),
        order.customerId,
        order.plan,
        order.cardCode,
        order.cardNumber,
        order.amountFening,
        order.key,
        order.dueOn,
        at,
      ],
    );
  }

  /** The provider's payment of an order (the first one stays); answers the order's status. */
  async attachPayment(orderNumber: string, paymentId: string): Promise<string | null> {
    const [row] = await this.q.query<{ status: string }>(
      'UPDATE payment_orders SET provider_payment_id = COALESCE(provider_payment_id, $2) WHERE order_number = $1 RETURNING status',
      [orderNumber, paymentId],
    );
    return row?.status ?? null;
  }

  /** The renewal's payment of this attempt, while the order waits. */
  async setPendingPayment(orderNumber: string, paymentId: string | null): Promise<void> {
    await this.q.query(
      `UPDATE payment_orders SET provider_payment_id = $2 WHERE order_number = $1 AND status = 'PENDING'`,
      [orderNumber, paymentId],
    );
  }

  async setFailureCode(orderNumber: string, code: string, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE payment_orders SET failure_code = $2, updated_at = $3 WHERE order_number = $1 AND status = 'PENDING'`,
      [orderNumber, code, at],
    );
  }

  /** The customer's open renewal orders fail (the subscription ended). */
  async failOpenRenewals(customerId: number, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE payment_orders SET status = 'FAILED', updated_at = $2 WHERE customer_id = $1 AND kind = 'RENEWAL' AND status = 'PENDING'`,
      [customerId, at],
    );
  }

  /** The names an upgrade's payment shows, and the card it was ordered with. */
  async upgradeNames(orderNumber: string): Promise<{ plan_name: string; from_name: string; card_code: string } | null> {
    const [row] = await this.q.query<{ plan_name: string; from_name: string; card_code: string }>(
      `SELECT t.name AS plan_name, f.name AS from_name, o.card_code FROM payment_orders o JOIN plans t ON t.code = o.plan_code JOIN plans f ON f.code = o.from_plan_code
        WHERE o.order_number = $1`,
      [orderNumber],
    );
    return row ?? null;
  }

  /** The order a provider payment belongs to. */
  async byPayment(paymentId: string): Promise<{ order_number: string; kind: OrderKind; customer_id: number } | null> {
    const [row] = await this.q.query<{ order_number: string; kind: OrderKind; customer_id: number }>(
      'SELECT order_number, kind, customer_id FROM payment_orders WHERE provider_payment_id = $1',
      [paymentId],
    );
    return row ?? null;
  }

  /** A waiting order paid with a month of a gift's voucher: the GIFT order `giftOrder` sold (and invoiced) it. */
  async markPaidByGift(orderNumber: string, giftOrder: string): Promise<void> {
    await this.q.query(`UPDATE payment_orders SET paid_by_gift = $2 WHERE order_number = $1 AND status = 'PENDING'`, [
      orderNumber,
      giftOrder,
    ]);
  }

  /**
   * Marks a renewal order paid, its period one month from the due day (product.md §9); only while it waits
   * and its subscription is ACTIVE and due that day (not ended meanwhile), so it changes once. Null otherwise.
   */
  async settleRenewal(orderNumber: string, at: Date): Promise<SettledRenewal | null> {
    const [row] = await this.q.query<SettledRenewal>(
      `UPDATE payment_orders o SET status = 'PAID', period_start = o.due_on, period_end = (o.due_on + interval '1 month')::date, updated_at = $2
         FROM plans p
        WHERE o.order_number = $1 AND o.kind = 'RENEWAL' AND o.status = 'PENDING' AND p.code = o.plan_code
          AND EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = o.customer_id AND s.status = 'ACTIVE' AND s.next_payment_on = o.due_on)
        RETURNING o.customer_id, o.plan_code, p.name AS plan_name, o.amount_fening, o.card_number, to_char(o.due_on, 'YYYY-MM-DD') AS due_on, to_char(o.period_end, 'YYYY-MM-DD') AS period_end, o.paid_by_gift`,
      [orderNumber, at],
    );
    return row ?? null;
  }

  /**
   * A purchase paid: its period from today, only while it waits and the customer may still buy (not
   * BLOCKED, not subscribed meanwhile); null otherwise.
   */
  async payPurchase(orderNumber: string, today: string, at: Date): Promise<PaidPurchase | null> {
    const [row] = await this.q.query<PaidPurchase>(
      `UPDATE payment_orders SET status = 'PAID', period_start = $2::date, period_end = ($2::date + interval '1 month')::date, updated_at = $3
        WHERE order_number = $1 AND status = 'PENDING'
          AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = payment_orders.customer_id AND NOT ${canBuyWhere('$2')})
        RETURNING customer_id, plan_code, amount_fening, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end`,
      [orderNumber, today, at],
    );
    return row ?? null;
  }

  /** An order paid whose effect was applied elsewhere (an upgrade). */
  async markPaid(orderNumber: string, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE payment_orders SET status = 'PAID', updated_at = $2 WHERE order_number = $1 AND status = 'PENDING'`,
      [orderNumber, at],
    );
  }

  /** A purchase's or upgrade's payment failed (a renewal's is the billing job's to retry). */
  async failByPayment(paymentId: string, code: string, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE payment_orders SET status = 'FAILED', failure_code = $2, updated_at = $3 WHERE provider_payment_id = $1 AND status = 'PENDING' AND kind IN ('PURCHASE', 'UPGRADE', 'GIFT')`,
      [paymentId, code, at],
    );
  }
}
