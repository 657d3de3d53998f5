/**
 * The SQL twins of the contract's subscription rules (shared/src/contract/subscription.ts), as
 * conditions on a subscription row aliased `s`; `today` is the parameter holding today's date.
 * api/test/subscription-rules.test.ts holds each to its twin on the same cases.
 */

/** `maySubscribe`: EXPIRED, or DEACTIVATED whose paid period has ended (no row at all may buy too). */
export const canBuyWhere = (today: string) =>
  `(s.status = 'EXPIRED' OR (s.status = 'DEACTIVATED' AND s.next_payment_on <= ${today}::date))`;

/** `canReactivateWithoutPayment`: DEACTIVATED while the paid period still runs. */
export const canReactivateWhere = (today: string) =>
  `(s.status = 'DEACTIVATED' AND s.next_payment_on > ${today}::date)`;

/** `pauseRefusal` is null: the pause's own rules, without the open renewal order the page cannot see. */
export const canPauseWhere = (today: string) =>
  `(s.status = 'ACTIVE' AND s.promo_type IS NULL AND s.next_payment_on > ${today}::date AND s.billing_failures = 0
    AND (s.pause_until IS NULL OR s.pause_until <= ${today}::date)
    AND (s.pause_from IS NULL OR (s.pause_from + interval '12 months')::date <= s.next_payment_on))`;
