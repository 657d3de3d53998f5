import type { Repositories, Store } from '../repositories';
import { isoDay } from '../days';
import type { PaymentEvent } from './gateway';
import { sendPaidReceipt, settleRenewalPaid } from '../billing/paid';
import { NOTICES } from '../texts/notices';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import type { Keyring } from '../auth/keyring';
import { settleGift } from '../vouchers/gift';

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
  refund: (paymentId: string) => Promise<void> = async () => undefined,
  /** The keyring whose code key makes a paid gift's voucher digest (vouchers/gift.ts). */
  sealing?: Keyring,
) {
  return async function handle(event: PaymentEvent): Promise<void> {
    switch (event.type) {
      case 'setup.succeeded':
        return setupSucceeded(store, event);
      case 'setup.failed':
        await store.cards.failSetup(event.setupId);
        return;
      case 'payment.succeeded': {
        const settled = await store.transaction((tx) => paymentSucceeded(tx, { now, notifier, sealing }, event));
        if (settled?.refund) await refund(event.paymentId);
        return;
      }
      case 'payment.failed':
        // A failed renewal attempt is the billing job's to retry; only a purchase ends here.
        await store.orders.failByPayment(event.paymentId, event.code.slice(0, 60), now());
        return;
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
}

/**
 * A payment succeeded: the order it pays is settled by its kind, in one transaction. Answers whether
 * its money goes back (an order no longer wanted), or null when no order waits for this payment.
 */
async function paymentSucceeded(
  tx: Repositories,
  { now, notifier, sealing }: SettleDeps,
  event: Extract<PaymentEvent, { type: 'payment.succeeded' }>,
): Promise<{ refund: boolean } | null> {
  const paid = await tx.orders.byPayment(event.paymentId);
  if (!paid) return null;
  // A renewal (the billing job's off-session charge) runs from its due day; see billing/renew.ts.
  if (paid.kind === 'RENEWAL') {
    const renewed = await settleRenewalPaid(tx, paid.order_number, now());
    if (renewed) await sendPaidReceipt(tx, notifier, renewed);
    return { refund: false };
  }
  // The customer's row lock orders this against a promo starting or another order being paid.
  await tx.customers.lock(paid.customer_id);
  // A gift (docs/vouchers.md) makes its voucher and sends its code; it never touches a subscription.
  if (paid.kind === 'GIFT') {
    if (sealing) await settleGift(tx, { sealing, notifier, now }, paid.order_number);
    return { refund: false };
  }
  if (paid.kind === 'UPGRADE') return upgradePaid(tx, { now, notifier }, paid.order_number);
  return purchasePaid(tx, { now, notifier }, paid.order_number);
}

/**
 * The new package from today, only if the subscription is still the plan and period the difference was
 * paid for, with days left of it (a renewal, a deactivation, another upgrade in between, or a payment
 * made after the period ended: refunded).
 */
async function upgradePaid(
  tx: Repositories,
  { now, notifier }: Omit<SettleDeps, 'sealing'>,
  orderNumber: string,
): Promise<{ refund: boolean }> {
  if (await tx.subscriptions.applyUpgrade(orderNumber, now(), isoDay(now()))) {
    await tx.orders.markPaid(orderNumber, now());
    await sendOrderReceipt(tx, notifier, orderNumber);
    return { refund: false };
  }
  return { refund: await tx.refunds.markRefunded(orderNumber, now()) };
}

/** A purchase paid: its first period activates the subscription (product.md §9), with the receipt. */
async function purchasePaid(
  tx: Repositories,
  { now, notifier }: Omit<SettleDeps, 'sealing'>,
  orderNumber: string,
): Promise<{ refund: boolean }> {
  // Paid only if the customer may still buy: not BLOCKED, not subscribed meanwhile (another tab, a promo).
  const order = await tx.orders.payPurchase(orderNumber, isoDay(now()), now());
  if (!order) {
    // Money for an order that is no longer wanted (cancelled, or the customer may not buy now) goes back; a repeated event finds it PAID or REFUNDED and does nothing.
    return { refund: await tx.refunds.markRefunded(orderNumber, now()) };
  }
  // A paid first period activates the subscription for that period (product.md §9).
  await tx.subscriptions.activate(order.customer_id, order.plan_code, order.period_start, order.period_end, now());
  await sendOrderReceipt(tx, notifier, orderNumber);
  return { refund: false };
}
