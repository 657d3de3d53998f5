import type { Repositories } from '../repositories';
import type { Keyring } from '../auth/keyring';
import { isoDay } from '../days';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { chargeWithoutService, type RefundToAsk } from './giveBack';
import { recordCharge, recordCreditUsed } from './ledger';
import { orderCutoff } from './openOrders';
import { settleGift } from './vouchers/gift';

/*
 * The one settle path (docs/money.md): an order paid, by a card payment the processor made or by a month
 * of voucher credit, is settled here and nowhere else, in the transaction that decides it. The movement
 * is appended to the ledger, and the order buys its service by its kind (a renewal's period, a purchase's
 * first period, an upgrade from today, a gift's code), with the receipt; or, when it can no longer give
 * it, a card's money goes back by the one refund path (money/giveBack.ts) and credit is not taken.
 */

/** How the order was paid: the processor's payment and the amount it took, or a month of voucher credit. */
type Means = { card: string; amountFening: number } | { creditFening: number };

/** An order paid: its number, customer and kind (payment_orders.kind). */
interface PaidOrder {
  orderNumber: string;
  customerId: number;
  kind: string;
}

/** What settling needs: the clock, the customer's notices, a gift's sealing keyring and the orders' lifetime. */
export interface SettleDeps {
  now: () => Date;
  notifier: Notifier;
  sealing?: Keyring | undefined;
  /** ORDER_TTL_MINUTES: a card order placed longer ago is not paid (money/openOrders.ts). */
  orderTtlMinutes?: number | undefined;
}

/** Credit cannot pay an order that can no longer give its service: nothing is taken (the transaction rolls back). */
export class NotServed extends Error {}

/**
 * `order` paid by `means`, settled: null when it bought its service (or had been settled already by the
 * other path: a webhook and the billing pass), else the refund to ask of the processor once the
 * transaction commits. Credit that cannot buy the service throws `NotServed`.
 */
export async function settle(
  tx: Repositories,
  deps: SettleDeps,
  order: PaidOrder,
  means: Means,
  at: Date,
): Promise<RefundToAsk | null> {
  const ref = { orderNumber: order.orderNumber, customerId: order.customerId };
  if ('card' in means) await recordCharge(tx, ref, means.card, means.amountFening, at);
  else await recordCreditUsed(tx, ref, means.creditFening, at);
  if (await serve(tx, deps, order, at)) return null;
  if (!('card' in means)) throw new NotServed();
  return chargeWithoutService(tx, { orderNumber: order.orderNumber, paymentId: means.card }, at);
}

/** The service `order` buys, given by its kind; false when it can no longer be given. */
async function serve(tx: Repositories, deps: SettleDeps, order: PaidOrder, at: Date): Promise<boolean> {
  // A renewal runs from its due day: the billing pass's order, under the lock its pass took.
  if (order.kind === 'RENEWAL') return serveRenewal(tx, deps.notifier, order.orderNumber, at);
  // The customer's row lock orders this against a promo starting or another order being paid.
  await tx.customers.lock(order.customerId);
  // Placed too long ago (left in 3-D Secure, say): priced then, so not paid now.
  if (await tx.openOrders.lapsed(order.orderNumber, orderCutoff(at, deps.orderTtlMinutes))) return false;
  // A gift (docs/vouchers.md) makes its voucher and sends its code; it never touches a subscription.
  if (order.kind === 'GIFT')
    return (
      !deps.sealing ||
      settleGift(tx, { sealing: deps.sealing, notifier: deps.notifier, now: () => at }, order.orderNumber)
    );
  if (order.kind === 'UPGRADE') return serveUpgrade(tx, deps.notifier, order.orderNumber, at);
  return servePurchase(tx, deps.notifier, order.orderNumber, at);
}

/**
 * A renewal paid: the order PAID and its subscription moved on by one period from the original due day
 * (product.md §9: paid within the grace period, the period runs from the due day), a downgrade waiting
 * for it starting now, with the receipt. Conditional on the order still waiting, so the pass and a
 * webhook settling the same payment change it once; false when its subscription can no longer take the
 * period (ended by a refund, deactivated, expired while the processor charged) or it was settled already.
 */
async function serveRenewal(tx: Repositories, notifier: Notifier, orderNumber: string, at: Date): Promise<boolean> {
  const paid = await tx.orders.settleRenewal(orderNumber, at);
  if (!paid) return false;
  await tx.renewals.renew(
    paid.customer_id,
    { due: paid.due_on, end: paid.period_end, plan: paid.plan_code, chargedFening: paid.amount_fening },
    at,
  );
  await notifyCustomer(
    tx,
    notifier,
    paid.customer_id,
    NOTICES.renewed({
      plan: paid.plan_name,
      amountFening: paid.amount_fening,
      card: paid.card_number,
      periodEnd: paid.period_end,
      orderNumber,
      byGift: paid.paid_by_gift !== null,
    }),
  );
  return true;
}

/**
 * A purchase paid: its first period activates the subscription (product.md §9), with the receipt. False
 * when the order is no longer wanted (cancelled, or the customer may not buy now: BLOCKED, or subscribed
 * meanwhile in another tab or by a promo). A repeated event finds it PAID or REFUNDED.
 */
async function servePurchase(tx: Repositories, notifier: Notifier, orderNumber: string, at: Date): Promise<boolean> {
  const order = await tx.orders.payPurchase(orderNumber, isoDay(at), at);
  if (!order) return false;
  await tx.subscriptions.activate(
    order.customer_id,
    order.plan_code,
    { start: order.period_start, end: order.period_end, agreedFening: order.amount_fening },
    at,
  );
  await sendOrderReceipt(tx, notifier, orderNumber);
  return true;
}

/**
 * The new package from today, only if the subscription is still the plan and period the difference was
 * paid for, with days left of it (a renewal, a deactivation, another upgrade in between, or a payment
 * made after the period ended: false).
 */
async function serveUpgrade(tx: Repositories, notifier: Notifier, orderNumber: string, at: Date): Promise<boolean> {
  if (!(await tx.subscriptions.applyUpgrade(orderNumber, at, isoDay(at)))) return false;
  await tx.orders.markPaid(orderNumber, at);
  await sendOrderReceipt(tx, notifier, orderNumber);
  return true;
}

/** The receipt of a paid order (a purchase or an upgrade), in the transaction that marked it PAID. */
async function sendOrderReceipt(tx: Repositories, notifier: Notifier, orderNumber: string): Promise<void> {
  const order = await tx.invoices.receipt(orderNumber);
  if (!order) return;
  const facts = {
    plan: order.plan_name,
    amountFening: order.amount_fening,
    card: order.card_number,
    periodEnd: order.period_end,
    orderNumber,
    byGift: order.by_gift,
  };
  await notifyCustomer(
    tx,
    notifier,
    order.customer_id,
    order.kind === 'UPGRADE' ? NOTICES.upgraded(facts) : NOTICES.purchased(facts),
  );
}
