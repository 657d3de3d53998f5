import type { SubscriptionStatus } from './account';

/**
 * The subscription rules the account pages and the API both decide. Days are `YYYY-MM-DD` (the API's
 * today is Sarajevo's, api/src/days.ts; the page's in local time, the same for customers there). The
 * API decides them in SQL as well (`canBuyWhere`, `canReactivateWhere`);
 * api/test/subscription-rules.test.ts holds the two to the same cases.
 */
interface SubscriptionState {
  status: SubscriptionStatus | null;
  nextPaymentOn: string | null;
}

/** A customer may buy a subscription: none yet, EXPIRED, or DEACTIVATED whose paid period has ended. */
export function maySubscribe({ status, nextPaymentOn }: SubscriptionState, today: string): boolean {
  return (
    status === null ||
    status === 'EXPIRED' ||
    (status === 'DEACTIVATED' && nextPaymentOn !== null && nextPaymentOn <= today)
  );
}

/** Reactivation without payment: DEACTIVATED while the paid period still runs (the next payment day is after today). */
export function canReactivateWithoutPayment({ status, nextPaymentOn }: SubscriptionState, today: string): boolean {
  return status === 'DEACTIVATED' && nextPaymentOn !== null && nextPaymentOn > today;
}

/** Today (or `date`) as a calendar day in the local time zone. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}
