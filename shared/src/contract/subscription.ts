import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { subscriptionStatusSchema, type SubscriptionStatus } from './account';
import { promoSubscriptionRequestSchema } from './payments';

/**
 * The subscription rules the pages and the API both decide, one function each: who may buy
 * (`maySubscribe`), who may redeem a voucher of a package (`mayRedeemVoucher`) and who may reactivate
 * without paying (`canReactivateWithoutPayment`). Days are `YYYY-MM-DD` (the API's
 * today is Sarajevo's, api/src/days.ts; the page's in local time, the same for customers there). The
 * API's use cases call these; its writes guard the first and the last in their statements too
 * (`canBuyWhere`, `canReactivateWhere`), and api/test/subscription-rules.test.ts holds the two alike.
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

/**
 * A customer may redeem a voucher of `voucherPlan` (docs/vouchers.md, Redeeming) when they may buy, or
 * when the subscription running now is of the voucher's package: its months would pay another package.
 */
export function mayRedeemVoucher(
  state: SubscriptionState & { planCode: string | null },
  voucherPlan: string,
  today: string,
): boolean {
  return maySubscribe(state, today) || state.planCode === voucherPlan;
}

/** Reactivation without payment: DEACTIVATED while the paid period still runs (the next payment day is after today). */
export function canReactivateWithoutPayment({ status, nextPaymentOn }: SubscriptionState, today: string): boolean {
  return status === 'DEACTIVATED' && nextPaymentOn !== null && nextPaymentOn > today;
}

/** Today (or `date`) as a calendar day in the local time zone. */
export function localDay(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** The service status answered by deactivate and reactivate (product.md §3), and by a pause's calls. */
export const serviceStatusSchema = /* @__PURE__ */ lazySchema(() =>
  z.object({
    status: subscriptionStatusSchema,
    nextPaymentOn: z.nullable(z.string()),
  }),
);
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/**
 * The subscription's calls (remotes/account/src/subscription/), a section of the one table (endpoints.ts).
 * Deactivation and reactivation change state, so the portal sends them as POST; the specification's GETs
 * (`deactivateGet`, `reactivateWithoutPaymentGet`) stay served, the same calls, for clients written to it
 * (docs/product.md §7). A pause is pause.ts's, a change of package planChange.ts's, and a subscription
 * with a voucher vouchers.ts's.
 */
export const subscriptionSection = {
  deactivate: { method: 'POST', path: '/{product}/deactivate', answer: serviceStatusSchema, access: 'customer' },
  reactivateWithoutPayment: {
    method: 'POST',
    path: '/{product}/reactivateWithoutPayment',
    answer: serviceStatusSchema,
    access: 'customer',
  },
  deactivateGet: { method: 'GET', path: '/{product}/deactivate', answer: serviceStatusSchema, access: 'customer' },
  reactivateWithoutPaymentGet: {
    method: 'GET',
    path: '/{product}/reactivateWithoutPayment',
    answer: serviceStatusSchema,
    access: 'customer',
  },
  subscribeInPromo: {
    method: 'POST',
    path: '/{product}/createSubscriptionInPromoPeriod',
    body: promoSubscriptionRequestSchema,
    answer: serviceStatusSchema,
    access: 'customer',
  },
} as const satisfies Section;
