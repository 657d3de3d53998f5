import type { Repositories, Store } from '../repositories';
import type { PaymentEvent } from './processor/gateway';
import type { RefundToAsk } from './giveBack';
import { processorDisputed, processorRefunded } from './processorEvents';
import type { Notifier } from '../delivery/notifier';
import type { Keyring } from '../auth/keyring';
import { settle, type SettleDeps } from './settle';

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

/**
 * A payment succeeded: the order it pays is settled by the one settle path (money/settle.ts), in one
 * transaction: it buys its service, or its money goes back, the refund answered to ask of the processor
 * once committed. Null when there is nothing more to do (no order waits for this payment, or it is settled).
 */
async function paymentSucceeded(
  tx: Repositories,
  deps: SettleDeps,
  event: Extract<PaymentEvent, { type: 'payment.succeeded' }>,
): Promise<RefundToAsk | null> {
  const paid = await tx.orders.byPayment(event.paymentId);
  if (!paid) return null;
  return settle(
    tx,
    deps,
    { orderNumber: paid.order_number, customerId: paid.customer_id, kind: paid.kind },
    { card: event.paymentId, amountFening: event.amountFening },
    deps.now(),
  );
}
