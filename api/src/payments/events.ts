import type { Db, Queryable } from '../db/db';
import { lockCustomer } from '../auth/customers';
import { isoDay } from '../days';
import type { PaymentEvent } from './gateway';
import { retryWithNewCard, sendPaidReceipt, settleRenewalPaid } from '../billing/job';
import { canBuyWhere } from '../account/rules';
import { NOTICES } from '../delivery/notices';
import { notifyCustomer, type Notifier } from '../delivery/notifier';

/** The receipt of a paid order (a purchase or an upgrade), in the transaction that marked it PAID. */
async function sendOrderReceipt(tx: Queryable, notifier: Notifier, orderNumber: string): Promise<void> {
  const [order] = await tx.query<{ customer_id: number; kind: string; plan_name: string; amount_fening: number; card_number: string; period_end: string }>(
    `SELECT o.customer_id, o.kind, p.name AS plan_name, o.amount_fening, o.card_number, to_char(o.period_end, 'YYYY-MM-DD') AS period_end
       FROM payment_orders o JOIN plans p ON p.code = o.plan_code WHERE o.order_number = $1 AND o.status = 'PAID'`,
    [orderNumber],
  );
  if (!order) return;
  const facts = { plan: order.plan_name, amountFening: order.amount_fening, card: order.card_number, periodEnd: order.period_end, orderNumber };
  await notifyCustomer(tx, notifier, order.customer_id, order.kind === 'UPGRADE' ? NOTICES.upgraded(facts) : NOTICES.purchased(facts));
}

/** Money for an order that is no longer wanted goes back; a repeated event finds it PAID or REFUNDED and does nothing (false). */
async function markRefunded(tx: Queryable, orderNumber: string, at: Date): Promise<boolean> {
  const [refunded] = await tx.query(
    `UPDATE payment_orders SET status = 'REFUNDED', updated_at = $2 WHERE order_number = $1 AND status IN ('PENDING', 'CANCELLED', 'FAILED') RETURNING 1`,
    [orderNumber, at],
  );
  return Boolean(refunded);
}

/**
 * What the portal does when the payment provider reports an outcome. Every step is conditional on
 * the row still waiting, so an event delivered twice (webhook retries) changes nothing the second time.
 */
export function paymentEventHandler(
  db: Db,
  now: () => Date,
  notifier: Notifier,
  refund: (paymentId: string) => Promise<void> = async () => undefined,
) {
  return async function handle(event: PaymentEvent): Promise<void> {
    switch (event.type) {
      case 'setup.succeeded': {
        const { card } = event;
        await db.transaction(async (tx) => {
          const [pending] = await tx.query<{ customer_id: number }>(`SELECT customer_id FROM credit_cards WHERE setup_id = $1 AND status = 'PENDING'`, [event.setupId]);
          if (!pending) return;
          // One primary card per customer: the customer's row is locked while deciding.
          await lockCustomer(tx, pending.customer_id);
          // A card saved while a renewal is failing replaces the primary card that failed, and is tried at the next run.
          const [failing] = await tx.query(`SELECT 1 FROM subscriptions WHERE customer_id = $1 AND status = 'ACTIVE' AND billing_failures > 0`, [pending.customer_id]);
          if (failing) await tx.query('UPDATE credit_cards SET primary_card = false WHERE customer_id = $1 AND primary_card', [pending.customer_id]);
          await tx.query(
            `UPDATE credit_cards SET status = 'ACTIVE', card_type = $2, masked_number = $3, expiration_mm = $4, expiration_yy = $5, payment_method = $6,
                    primary_card = NOT EXISTS (SELECT 1 FROM credit_cards other WHERE other.customer_id = credit_cards.customer_id AND other.primary_card)
              WHERE setup_id = $1 AND status = 'PENDING'`,
            [event.setupId, card.brand, `**** **** **** ${card.last4}`, card.expMonth, card.expYear % 100, card.paymentMethod],
          );
          if (failing) await retryWithNewCard(tx, pending.customer_id);
        });
        return;
      }
      case 'setup.failed':
        await db.query(`UPDATE credit_cards SET status = 'FAILED' WHERE setup_id = $1 AND status = 'PENDING'`, [event.setupId]);
        return;
      case 'payment.succeeded': {
        const settled = await db.transaction(async (tx) => {
          const [paid] = await tx.query<{ order_number: string; kind: 'PURCHASE' | 'RENEWAL' | 'UPGRADE'; customer_id: number }>(
            'SELECT order_number, kind, customer_id FROM payment_orders WHERE provider_payment_id = $1',
            [event.paymentId],
          );
          if (!paid) return null;
          // A renewal (the billing job's off-session charge) runs from its due day; see billing/job.ts.
          if (paid.kind === 'RENEWAL') {
            const renewed = await settleRenewalPaid(tx, paid.order_number, now());
            if (renewed) await sendPaidReceipt(tx, notifier, renewed);
            return { refund: false };
          }
          // The customer's row lock orders this against a promo starting or another order being paid.
          await lockCustomer(tx, paid.customer_id);
          if (paid.kind === 'UPGRADE') {
            // The new package from today, only if the subscription is still the plan and period the
            // difference was paid for, with days left of it (a renewal, a deactivation, another upgrade in
            // between, or a payment made after the period ended: refunded).
            const [changed] = await tx.query(
              `UPDATE subscriptions s SET plan_code = o.plan_code, pending_plan_code = NULL, updated_at = $2
                 FROM payment_orders o
                WHERE o.order_number = $1 AND o.status = 'PENDING' AND s.customer_id = o.customer_id AND s.status = 'ACTIVE'
                  AND s.plan_code = o.from_plan_code AND s.next_payment_on = o.period_end AND s.next_payment_on > $3::date
                RETURNING 1`,
              [paid.order_number, now(), isoDay(now())],
            );
            if (changed) {
              await tx.query(`UPDATE payment_orders SET status = 'PAID', updated_at = $2 WHERE order_number = $1 AND status = 'PENDING'`, [paid.order_number, now()]);
              await sendOrderReceipt(tx, notifier, paid.order_number);
              return { refund: false };
            }
            return { refund: await markRefunded(tx, paid.order_number, now()) };
          }
          const today = isoDay(now());
          // Paid only if the customer may still buy: not BLOCKED, not subscribed meanwhile (another tab, a promo).
          const [order] = await tx.query<{ customer_id: number; plan_code: string; period_start: string; period_end: string }>(
            `UPDATE payment_orders SET status = 'PAID', period_start = $2::date, period_end = ($2::date + interval '1 month')::date, updated_at = $3
              WHERE order_number = $1 AND status = 'PENDING'
                AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.customer_id = payment_orders.customer_id AND NOT ${canBuyWhere('$2')})
              RETURNING customer_id, plan_code, to_char(period_start, 'YYYY-MM-DD') AS period_start, to_char(period_end, 'YYYY-MM-DD') AS period_end`,
            [paid.order_number, today, now()],
          );
          if (!order) {
            // Money for an order that is no longer wanted (cancelled, or the customer may not buy now) goes back; a repeated event finds it PAID or REFUNDED and does nothing.
            return { refund: await markRefunded(tx, paid.order_number, now()) };
          }
          // A paid first period activates the subscription for that period (product.md §9).
          await tx.query(
            `INSERT INTO subscriptions (customer_id, plan_code, status, period_start, next_payment_on, updated_at)
             VALUES ($1, $2, 'ACTIVE', $3, $4, $5)
             ON CONFLICT (customer_id) DO UPDATE SET plan_code = $2, status = 'ACTIVE', period_start = $3, next_payment_on = $4, updated_at = $5, pending_plan_code = NULL,
               promo_type = NULL, promo_until = NULL, promo_days = NULL, billing_failures = 0, billing_next_on = NULL`,
            [order.customer_id, order.plan_code, order.period_start, order.period_end, now()],
          );
          await sendOrderReceipt(tx, notifier, paid.order_number);
          return { refund: false };
        });
        if (settled?.refund) await refund(event.paymentId);
        return;
      }
      case 'payment.failed':
        // A failed renewal attempt is the billing job's to retry; only a purchase ends here.
        await db.query(`UPDATE payment_orders SET status = 'FAILED', failure_code = $2, updated_at = $3 WHERE provider_payment_id = $1 AND status = 'PENDING' AND kind IN ('PURCHASE', 'UPGRADE')`, [
          event.paymentId,
          event.code.slice(0, 60),
          now(),
        ]);
        return;
    }
  };
}
