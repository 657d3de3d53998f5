import type { HeldAttempt } from '../vouchers/credit';
import { notifyCustomer } from '../../delivery/notifier';
import { GRACE_DAYS } from '../../settings';
import { addDays } from '../../days';
import { NOTICES } from '../../texts/notices';
import type { BillingDeps, RenewalCharge } from './deps';

/** The last day of a renewal's grace period, counted from its due day or, when the first attempt came later, that attempt's day. */
export const graceUntil = (from: string) => addDays(from, GRACE_DAYS);

/**
 * The day a renewal's grace period counts from (product.md §9): the due day; but a first attempt made
 * after it (the server was down, no pass ran) counts from its own day, so a late pass still charges
 * once and the customer keeps the whole grace period after it. Later attempts keep what the first set.
 */
export function graceFrom(sub: { due: string; failures: number; grace_from: string | null }, today: string): string {
  if (sub.failures > 0) return sub.grace_from ?? sub.due;
  return today > sub.due ? today : sub.due;
}

/** The day of the next attempt after one failed on `today`: the next retry day of the schedule (counted from `from`, graceFrom), else the day it expires. */
function nextAttemptOn(from: string, today: string, retryDays: readonly number[]): { on: string; retry: boolean } {
  const retry = retryDays.map((d) => addDays(from, d)).find((day) => day > today);
  return retry ? { on: retry, retry: true } : { on: addDays(graceUntil(from), 1), retry: false };
}

/**
 * The card did not pay (or there was none): the attempt finished FAILED, the next one scheduled on the
 * retry days inside the grace period counted from `from`, the order's failure kept and the customer
 * told, in one transaction. False when another runner took the attempt over meanwhile.
 */
export async function recordFailure(
  deps: BillingDeps,
  mine: HeldAttempt,
  charge: RenewalCharge,
  days: { from: string; today: string },
  at: Date,
): Promise<boolean> {
  const { orderNumber, paymentId, state } = charge;
  const code = state.status === 'failed' ? state.code : 'card_declined';
  const next = nextAttemptOn(days.from, days.today, deps.retryDays);
  return deps.store.transaction(async (tx) => {
    if (
      !(await tx.billingAttempts.finish(
        mine,
        { status: 'FAILED', failureCode: code.slice(0, 60), orderNumber, paymentId },
        at,
      ))
    )
      return false;
    const failure = { due: mine.due, attempt: mine.attempt, nextOn: next.on, graceFrom: days.from };
    await tx.renewals.recordRenewalFailure(mine.customerId, failure, at);
    if (orderNumber) await tx.orders.setFailureCode(orderNumber, code.slice(0, 60), at);
    await notifyCustomer(
      tx,
      deps.notifier,
      mine.customerId,
      NOTICES.renewalFailed({
        plan: charge.planName,
        amountFening: charge.priceFening,
        code,
        retryOn: next.retry ? next.on : null,
        graceUntil: graceUntil(days.from),
      }),
    );
    return true;
  });
}
