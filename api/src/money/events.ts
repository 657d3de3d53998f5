import type { Repositories, Store } from '../repositories';
import { isoDay } from '../days';
import type { PaymentEvent } from './processor/gateway';
import { settleRenewalCharge } from './billing/paid';
import { chargeWithoutService, type RefundToAsk } from './giveBack';
import { recordCharge } from './ledger';
import { processorDisputed, processorRefunded } from './processorEvents';
import { orderCutoff } from './openOrders';
import { NOTICES } from '../texts/notices';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import type { Keyring } from '../auth/keyring';
import { settleGift } from './vouchers/gift';

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
  };
  await notifyCustomer(
    tx,
    notifier,
    order.customer_id,
    order.kind === 'UPGRADE' ? NOTICES.upgraded(facts) : NOTICES.purchased(facts),
  );
}

/**
 * What the portal does when the payment provider reports an outcome. Every step is conditional on
 * the row still waiting, so an event delivered twice (webhook retries) changes nothing the second time.
 */
export function paymentEventHandler(
  store: Store,
  now: () => Date,
  notifier: Notifier,
  /** Asks the processor for a refund decided while settling (a charge that bought no service), once committed. */
  giveBack: (decided: RefundToAsk) => Promise<void>,
  /** The keyring whose code key makes a paid gift's voucher digest (money/vouchers/gift.ts). */
  sealing?: Keyring,
  /** ORDER_TTL_MINUTES: an order placed longer ago is not paid (money/openOrders.ts). */
  orderTtlMinutes?: number,
) {
  return async function handle(event: PaymentEvent): Promise<void> {
    switch (event.type) {
      case 'setup.succeeded':
        return setupSucceeded(store, event);
      case 'setup.failed':
        await store.cards.failSetup(event.setupId);
        return;
      case 'payment.succeeded': {
        const back = await store.transaction((tx) =>
          paymentSucceeded(tx, { now, notifier, sealing, orderTtlMinutes }, event),
        );
        if (back) await giveBack(back);
        return;
      }
      case 'payment.failed':
        // A failed renewal attempt is the billing job's to retry; only a purchase ends here.
        await store.orders.failByPayment(event.paymentId, event.code.slice(0, 60), now());
        return;
      case 'payment.refunded':
        return store.transaction((tx) => processorRefunded(tx, { now, notifier }, event));
      case 'payment.disputed':
        return store.transaction((tx) => processorDisputed(tx, { now, notifier }, event));
    }
  };
}

/** A card saved: it becomes the customer's, primary when it replaces a failing renewal's card. */
async function setupSucceeded(store: Store, event: Extract<PaymentEvent, { type: 'setup.succeeded' }>): Promise<void> {
  await store.transaction(async (tx) => {
    const customerId = await tx.cards.pendingSetupOwner(event.setupId);
    if (customerId === null) return;
    // One primary card per customer: the customer's row is locked while deciding.
    await tx.customers.lock(customerId);
    // A card saved while a renewal is failing replaces the primary card that failed, and is tried at the next run.
    const failing = await tx.renewals.renewalFailing(customerId);
    if (failing) await tx.cards.clearPrimary(customerId);
    await tx.cards.confirmSetup(event.setupId, event.card);
    if (failing) await tx.renewals.retryNow(customerId);
  });
}

/** What a paid order's settling needs: the clock, the customer's notices, and a gift's sealing keyring. */
interface SettleDeps {
  now: () => Date;
  notifier: Notifier;
  sealing: Keyring | undefined;
  orderTtlMinutes: number | undefined;
}

/**
 * A payment succeeded: the order it pays is settled by its kind, in one transaction: it buys its service,
 * or (an order no longer wanted) its money goes back, the refund answered to ask of the processor once
 * committed. Null when there is nothing more to do (no order waits for this payment, or it is settled).
 */
async function paymentSucceeded(
  tx: Repositories,
  { now, notifier, sealing, orderTtlMinutes }: SettleDeps,
  event: Extract<PaymentEvent, { type: 'payment.succeeded' }>,
): Promise<RefundToAsk | null> {
  const paid = await tx.orders.byPayment(event.paymentId);
  if (!paid) return null;
  const charge = { orderNumber: paid.order_number, paymentId: event.paymentId };
  const order = { orderNumber: paid.order_number, customerId: paid.customer_id };
  await recordCharge(tx, order, event.paymentId, event.amountFening, now());
  // A renewal (the billing job's off-session charge) runs from its due day; see money/billing/renew.ts.
  if (paid.kind === 'RENEWAL') {
    const back = await settleRenewalCharge(tx, notifier, charge, now());
    return back === 'unserved' ? null : back;
  }
  // The customer's row lock orders this against a promo starting or another order being paid.
  await tx.customers.lock(paid.customer_id);
  // Placed too long ago (left in 3-D Secure, say): priced then, so not paid now; its money goes back.
  if (await tx.openOrders.lapsed(paid.order_number, orderCutoff(now(), orderTtlMinutes)))
    return chargeWithoutService(tx, charge, now());
  // A gift (docs/vouchers.md) makes its voucher and sends its code; it never touches a subscription.
  const served =
    paid.kind === 'GIFT'
      ? !sealing || (await settleGift(tx, { sealing, notifier, now }, paid.order_number))
      : paid.kind === 'UPGRADE'
        ? await upgradePaid(tx, { now, notifier }, paid.order_number)
        : await purchasePaid(tx, { now, notifier }, paid.order_number);
  return served ? null : chargeWithoutService(tx, charge, now());
}

/**
 * The new package from today, only if the subscription is still the plan and period the difference was
 * paid for, with days left of it (a renewal, a deactivation, another upgrade in between, or a payment
 * made after the period ended: false, its money goes back).
 */
async function upgradePaid(
  tx: Repositories,
  { now, notifier }: Pick<SettleDeps, 'now' | 'notifier'>,
  orderNumber: string,
): Promise<boolean> {
  if (!(await tx.subscriptions.applyUpgrade(orderNumber, now(), isoDay(now())))) return false;
  await tx.orders.markPaid(orderNumber, now());
  await sendOrderReceipt(tx, notifier, orderNumber);
  return true;
}

/**
 * A purchase paid: its first period activates the subscription (product.md §9), with the receipt. False
 * when the order is no longer wanted (cancelled, or the customer may not buy now: BLOCKED, or subscribed
 * meanwhile in another tab or by a promo): its money goes back. A repeated event finds it PAID or
 * REFUNDED, and giving back does nothing.
 */
async function purchasePaid(
  tx: Repositories,
  { now, notifier }: Pick<SettleDeps, 'now' | 'notifier'>,
  orderNumber: string,
): Promise<boolean> {
  const order = await tx.orders.payPurchase(orderNumber, isoDay(now()), now());
  if (!order) return false;
  // A paid first period activates the subscription for that period (product.md §9).
  await tx.subscriptions.activate(
    order.customer_id,
    order.plan_code,
    { start: order.period_start, end: order.period_end, agreedFening: order.amount_fening },
    now(),
  );
  await sendOrderReceipt(tx, notifier, orderNumber);
  return true;
}
