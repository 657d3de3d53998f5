import type { PlanChangeQuote } from '@portal/shared/contract';
import type { Repositories } from '../repositories';
import { DomainError } from '../errors';
import { daysBetween } from '../days';
import { fromFening, type Fening } from '../money';
import { PLAN_NOT_FOUND } from '../payments/orders';
import { ERROR_TEXTS } from '../texts/errors';

const NOT_ACTIVE: Record<string, string> = {
  DEACTIVATED: ERROR_TEXTS.changeDeactivated,
  BLOCKED: ERROR_TEXTS.changeBlocked,
  EXPIRED: ERROR_TEXTS.changeExpired,
};
const SAME_PLAN = ERROR_TEXTS.samePlan;
export const RENEWAL_DUE = ERROR_TEXTS.renewalDue;

/**
 * The upgrade's price (product.md §10, Changing the package): the monthly prices' difference (VAT
 * included) for the days left of the paid period, rounded to the fening. Today counts as a day left: on
 * the period's first day the whole difference, on its last day one day's share.
 */
export function prorate(differenceFening: Fening, daysLeft: number, periodDays: number): Fening {
  return Math.round((differenceFening * daysLeft) / periodDays);
}

export interface Quote extends PlanChangeQuote {
  amountFening: Fening;
}

/** What moving the customer to `planCode` today costs and from when; refuses (404, 409) a change that may not be made. */
export async function quoteChange(
  repos: Repositories,
  customerId: number,
  planCode: string,
  today: string,
): Promise<Quote> {
  const target = await repos.plans.find(planCode);
  if (!target) throw new DomainError('not-found', PLAN_NOT_FOUND, 'NOT_FOUND');
  const sub = await repos.subscriptions.forChange(customerId, today);
  if (!sub || sub.status !== 'ACTIVE')
    throw new DomainError('conflict', NOT_ACTIVE[sub?.status ?? 'EXPIRED'] ?? NOT_ACTIVE.EXPIRED!, 'NOT_ACTIVE');
  if (sub.code === target.code) throw new DomainError('conflict', SAME_PLAN, 'SAME_PLAN');
  // On the due day and in the grace period the renewal decides the period: change after it is paid.
  if (await repos.subscriptions.renewalUnderWay(customerId, today))
    throw new DomainError('conflict', RENEWAL_DUE, 'RENEWAL_DUE');
  const kind = target.price_fening > sub.price_fening ? 'UPGRADE' : 'DOWNGRADE';
  const days = daysBetween(today, sub.next_payment_on);
  const periodDays = Math.max(days, daysBetween(sub.period_start, sub.next_payment_on));
  const amountFening =
    kind === 'UPGRADE' && !sub.promo ? prorate(target.price_fening - sub.price_fening, days, periodDays) : 0;
  return {
    from: { code: sub.code, name: sub.name, price: fromFening(sub.price_fening) },
    to: { code: target.code, name: target.name, price: fromFening(target.price_fening) },
    kind,
    // During a promo either change waits for its end (product.md §10): the promo was for its package.
    effectiveOn: kind === 'UPGRADE' && !sub.promo ? today : sub.next_payment_on,
    amount: fromFening(amountFening),
    amountFening,
    periodStart: today,
    periodEnd: sub.next_payment_on,
    days,
    periodDays,
    promo: sub.promo,
  };
}

export const toAnswer = ({ amountFening: _, ...quote }: Quote): PlanChangeQuote => quote;
