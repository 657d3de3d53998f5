import * as z from 'zod/mini';
import { lazySchema } from './lazySchema';
import type { Section } from './endpoint';
import { subscriptionStatusSchema, type SubscriptionStatus } from './account';
import { promoSubscriptionRequestSchema } from './payments';

/**
 * The subscription rules the pages and the API both decide, one function each: who may buy
 * (`maySubscribe`), who may redeem a voucher of a package (`mayRedeemVoucher`), who may pause
 * (`pauseRefusal`) and who may reactivate without paying (`canReactivateWithoutPayment`). Days are `YYYY-MM-DD` (the API's
 * today is Sarajevo's, api/src/days.ts; the page's in local time, the same for customers there). The
 * API's use cases call these; its writes guard the first and the last in their statements too
 * (`canBuyWhere`, `canPauseWhere`, `canReactivateWhere`), and api/test/subscription-rules.test.ts holds the two alike.
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

/** Why a pause may not be asked for now (the API's answer code is `PAUSE_` and this). */
export type PauseRefusal = 'NOT_ACTIVE' | 'PROMO' | 'PAUSED' | 'RENEWAL' | 'ONCE_A_YEAR';

interface PauseState extends SubscriptionState {
  /** A promo's free period holds the subscription. */
  promo: boolean;
  /** A renewal failed and is tried again (the grace period). */
  renewalFailing: boolean;
  /** The last pause's first and last day (the one under way, or the last that ran), if any. */
  pauseFrom: string | null;
  pauseUntil: string | null;
}

/** The same day a year on, as PostgreSQL's `+ interval '12 months'` makes it (29.2. → 28.2.). */
function yearOn(day: string): string {
  const next = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
  return next.endsWith('-02-29') ? `${next.slice(0, 8)}28` : next;
}

/**
 * Who may pause (product.md §10, A pause): null when a pause may start at the end of the paid period,
 * else why not: an ACTIVE subscription outside a promo, its renewal not due nor failing, no pause under
 * way, and the last pause started 12 months or more before this one would. The API's statement also
 * waits for a renewal's order still open, which the page cannot see (`RENEWAL` then).
 */
export function pauseRefusal(state: PauseState, today: string): PauseRefusal | null {
  const { status, nextPaymentOn, pauseFrom, pauseUntil } = state;
  if (status !== 'ACTIVE') return 'NOT_ACTIVE';
  if (state.promo) return 'PROMO';
  if (pauseUntil !== null && pauseUntil > today) return 'PAUSED';
  if (nextPaymentOn === null || nextPaymentOn <= today || state.renewalFailing) return 'RENEWAL';
  if (pauseFrom !== null && yearOn(pauseFrom) > nextPaymentOn) return 'ONCE_A_YEAR';
  return null;
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
