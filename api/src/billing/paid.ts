import type { Repositories } from '../repositories';
import type { HeldAttempt } from '../vouchers/credit';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import type { BillingDeps, RenewalCharge } from './deps';

/**
 * Marks a renewal order paid and moves its subscription on by one period from the original due day
 * (product.md §9: paid within the grace period, the period runs from the due day). Conditional on the order
 * still waiting, so the job and a provider webhook settling the same payment change it once.
 */
export async function settleRenewalPaid(tx: Repositories, orderNumber: string, now: Date) {
  const order = await tx.orders.settleRenewal(orderNumber, now);
  if (!order) return null;
  // The period paid is the plan the order charged: a downgrade waiting for this renewal starts now.
  await tx.renewals.renew(order.customer_id, order.due_on, order.period_end, order.plan_code, now);
  return { ...order, orderNumber };
}

/** The receipt of a paid renewal, with its invoice; in the transaction that settled it. */
export async function sendPaidReceipt(
  q: Repositories,
  notifier: Notifier,
  paid: NonNullable<Awaited<ReturnType<typeof settleRenewalPaid>>>,
): Promise<void> {
  await notifyCustomer(
    q,
    notifier,
    paid.customer_id,
    NOTICES.renewed({
      plan: paid.plan_name,
      amountFening: paid.amount_fening,
      card: paid.card_number,
      periodEnd: paid.period_end,
      orderNumber: paid.orderNumber,
    }),
  );
}

/** The renewal order paid, and its receipt; nothing when it no longer waited (settled by a webhook, which sent it). */
export async function settleAndSend(tx: Repositories, notifier: Notifier, orderNumber: string, at: Date) {
  const settled = await settleRenewalPaid(tx, orderNumber, at);
  if (settled) await sendPaidReceipt(tx, notifier, settled);
}

/** The card paid: the attempt finished SUCCEEDED, the order settled and its receipt sent, in one transaction. */
export async function recordPaid(deps: BillingDeps, mine: HeldAttempt, charge: RenewalCharge, at: Date) {
  await deps.store.transaction(async (tx) => {
    const { orderNumber, paymentId } = charge;
    const finished = await tx.billingAttempts.finish(
      mine,
      { status: 'SUCCEEDED', failureCode: null, orderNumber, paymentId },
      at,
    );
    // Not when another runner took the attempt over meanwhile.
    if (finished) await settleAndSend(tx, deps.notifier, orderNumber!, at);
  });
}
