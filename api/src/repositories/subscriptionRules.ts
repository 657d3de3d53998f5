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
