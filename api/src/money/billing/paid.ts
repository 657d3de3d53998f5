import type { Repositories } from '../../repositories';
import type { HeldAttempt } from '../vouchers/credit';
import { notifyCustomer, type Notifier } from '../../delivery/notifier';
import { NOTICES } from '../../texts/notices';
import type { BillingDeps, RenewalCharge } from './deps';
import { chargeWithoutService, giveBack, type RefundToAsk } from '../giveBack';
import { recordCharge } from '../ledger';

/**
 * Marks a renewal order paid and moves its subscription on by one period from the original due day
 * (product.md §9: paid within the grace period, the period runs from the due day). Conditional on the order
 * still waiting, so the job and a provider webhook settling the same payment change it once.
 */
async function settleRenewalPaid(tx: Repositories, orderNumber: string, now: Date) {
  const order = await tx.orders.settleRenewal(orderNumber, now);
  if (!order) return null;
  // The period paid is the plan the order charged: a downgrade waiting for this renewal starts now.
  await tx.renewals.renew(
    order.customer_id,
    { due: order.due_on, end: order.period_end, plan: order.plan_code, chargedFening: order.amount_fening },
    now,
  );
  return { ...order, orderNumber };
}

/** The receipt of a paid renewal, with its invoice; in the transaction that settled it. */
async function sendPaidReceipt(
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
      byGift: paid.paid_by_gift !== null,
    }),
  );
}

/**
 * A renewal's charge settled, by the billing pass or a provider's event alike: the order paid and its
 * period given, with the receipt; or, when its subscription can no longer take that period (ended by a
 * refund, deactivated, expired while the processor charged), the charge given back (money/giveBack.ts):
 * the refund to ask of the processor once the transaction commits. Null when there is nothing more to
 * do: paid now, or settled already by the other path. `paymentId` is the charge's (none: credit paid).
 */
export async function settleRenewalCharge(
  tx: Repositories,
  notifier: Notifier,
  charge: { orderNumber: string; paymentId: string | null },
  at: Date,
): Promise<RefundToAsk | null | 'unserved'> {
  const settled = await settleRenewalPaid(tx, charge.orderNumber, at);
  if (settled) {
    await sendPaidReceipt(tx, notifier, settled);
    return null;
  }
  if (!charge.paymentId) return 'unserved';
  return chargeWithoutService(tx, { orderNumber: charge.orderNumber, paymentId: charge.paymentId }, at);
}

/**
 * The card paid: the attempt finished SUCCEEDED and the charge settled (settleRenewalCharge) in one
 * transaction; a charge given back is asked of the processor after it commits.
 */
export async function recordPaid(deps: BillingDeps, mine: HeldAttempt, charge: RenewalCharge, at: Date) {
  const { orderNumber, paymentId } = charge;
  const back = await deps.store.transaction(async (tx) => {
    const finished = await tx.billingAttempts.finish(
      mine,
      { status: 'SUCCEEDED', failureCode: null, orderNumber, paymentId },
      at,
    );
    // Not when another runner took the attempt over meanwhile (it settles the same payment).
    if (!finished) return null;
    await recordCharge(
      tx,
      { orderNumber: orderNumber!, customerId: mine.customerId },
      paymentId!,
      charge.priceFening,
      at,
    );
    const outcome = await settleRenewalCharge(tx, deps.notifier, { orderNumber: orderNumber!, paymentId }, at);
    return outcome === 'unserved' ? null : outcome;
  });
  await giveBack(deps, [back], () => at);
}
