import type { PlanChangeQuote, PlanChangeResponse } from '@portal/shared/contract';
import type { Repositories, Store } from '../repositories';
import type { PaymentGateway } from './processor/gateway';
import { DomainError } from '../errors';
import { daysBetween, isoDay } from '../days';
import { fromFening, toFening, type Fening } from './amounts';
import { ownCard } from './cards/cards';
import { alreadyPaid, cancelPayments, keyReused, PLAN_NOT_FOUND, startOrderPayment, upgradeName } from './orders';
import { ERROR_TEXTS, ORDER_TEXTS } from '../texts/errors';

const NOT_ACTIVE: Record<string, string> = {
  DEACTIVATED: ERROR_TEXTS.changeDeactivated,
  BLOCKED: ERROR_TEXTS.changeBlocked,
  EXPIRED: ERROR_TEXTS.changeExpired,
};
const SAME_PLAN = ERROR_TEXTS.samePlan;
const RENEWAL_DUE = ERROR_TEXTS.renewalDue;
const AMOUNT_CHANGED = ERROR_TEXTS.amountChanged;
const CHANGED_MEANWHILE = ERROR_TEXTS.changedMeanwhile;
const NEEDS_PRIMARY_CARD = ERROR_TEXTS.changeNeedsCard;

/**
 * The upgrade's price (product.md §10, Changing the package): the monthly prices' difference (VAT
 * included) for the days left of the paid period, rounded to the fening. Today counts as a day left: on
 * the period's first day the whole difference, on its last day one day's share.
 */
export function prorate(differenceFening: Fening, daysLeft: number, periodDays: number): Fening {
  return Math.round((differenceFening * daysLeft) / periodDays);
}

interface Quote extends PlanChangeQuote {
  amountFening: Fening;
}

/** What moving the customer to `planCode` today costs and from when; refuses (404, 409) a change that may not be made. */
async function quoteChange(repos: Repositories, customerId: number, planCode: string, today: string): Promise<Quote> {
  const target = await repos.plans.find(planCode, today);
  if (!target) throw new DomainError('not-found', PLAN_NOT_FOUND, 'NOT_FOUND');
  const sub = await repos.subscriptions.forChange(customerId, today);
  if (!sub || sub.status !== 'ACTIVE')
    throw new DomainError('conflict', NOT_ACTIVE[sub?.status ?? 'EXPIRED'] ?? NOT_ACTIVE.EXPIRED!, 'NOT_ACTIVE');
  if (sub.code === target.code) throw new DomainError('conflict', SAME_PLAN, 'SAME_PLAN');
  // A pause moved the next payment day past the paid period (decision 055): change once it is over.
  if (sub.paused) throw new DomainError('conflict', ERROR_TEXTS.changePaused, 'PAUSED');
  // On the due day and in the grace period the renewal decides the period: change after it is paid.
  if (await repos.renewals.renewalUnderWay(customerId, today))
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

const toAnswer = ({ amountFening: _, ...quote }: Quote): PlanChangeQuote => quote;

/** What changing the package needs: the repositories, the card processor, a log for its failures, and the clock. */
interface PlanChangeDeps {
  store: Store;
  gateway: PaymentGateway;
  log: { warn(message: string): void };
  now: () => Date;
}

/** `GET /{product}/plan-change`: what moving to `planCode` costs today and from when. */
export async function planChangeQuote(
  deps: Pick<PlanChangeDeps, 'store' | 'now'>,
  customerId: number,
  planCode: string,
): Promise<PlanChangeQuote> {
  return toAnswer(await quoteChange(deps.store, customerId, planCode, isoDay(deps.now())));
}

const conflict = (message: string, code: string) => new DomainError('conflict', message, code);

/** What the change's transaction decided: done (scheduled for the renewal), or an upgrade's order to pay. */
type Decided =
  | { kind: 'done'; result: 'SCHEDULED'; effectiveOn: string }
  | { kind: 'order'; orderNumber: string; amountFening: Fening; cancelled: string[] };

/**
 * The change decided under the customer's row lock, as one conditional statement on the subscription as
 * it was quoted (plan, period): a renewal, a deactivation or another tab in between makes it a 409 that
 * changes nothing. An upgrade is one open order per customer: a newer one cancels the older.
 */
async function decideChange(
  tx: Repositories,
  customerId: number,
  request: { plan: string; amount: number; key: string },
  now: Date,
): Promise<Decided> {
  await tx.customers.lock(customerId);
  // The same request again (a double click, a retry): the same order and payment.
  const same = await tx.orders.byKey(customerId, request.key);
  if (same && (same.plan_code !== request.plan || same.amount_fening !== toFening(request.amount))) throw keyReused();
  if (same?.status === 'PAID') throw alreadyPaid();
  if (same) return { kind: 'order', orderNumber: same.order_number, amountFening: same.amount_fening, cancelled: [] };

  const quote = await quoteChange(tx, customerId, request.plan, isoDay(now));
  if (toFening(request.amount) !== quote.amountFening) throw conflict(AMOUNT_CHANGED, 'PRICE_CHANGED');

  // A downgrade, and any change during a promo, waits for the next renewal (the promo's end), which charges the new package.
  if (quote.kind === 'DOWNGRADE' || quote.promo) {
    if (
      !(await tx.subscriptions.schedulePlan(
        customerId,
        { from: quote.from.code, to: quote.to.code, periodEnd: quote.periodEnd, today: quote.periodStart },
        now,
      ))
    )
      throw conflict(CHANGED_MEANWHILE, 'CHANGED_MEANWHILE');
    return { kind: 'done', result: 'SCHEDULED', effectiveOn: quote.effectiveOn };
  }

  const card = (await tx.cards.saved(customerId)).find((c) => c.primary_card && c.payment_method);
  if (!card) throw conflict(NEEDS_PRIMARY_CARD, 'NO_CARD');
  const change = {
    plan: quote.to.code,
    from: quote.from.code,
    cardCode: card.code,
    amountFening: quote.amountFening,
    periodEnd: quote.periodEnd,
  };
  const open = await tx.orders.openUpgrade(customerId, change);
  if (open) return { kind: 'order', orderNumber: open, amountFening: quote.amountFening, cancelled: [] };
  const cancelled = await tx.orders.cancelOpen(customerId, 'UPGRADE', now);
  const created = await tx.orders.createUpgrade(
    { customerId, ...change, cardNumber: card.masked_number, key: request.key, periodStart: quote.periodStart },
    now,
  );
  return { kind: 'order', orderNumber: created, amountFening: quote.amountFening, cancelled };
}

/**
 * `POST /{product}/plan-change` (product.md §10, Changing the package): the change decided in one
 * transaction, then an upgrade's payment started with the order's card (the older orders' payments
 * cancelled first). The payment changes the plan when it arrives (money/events.ts), or is refunded
 * if the subscription is no longer the one it was quoted for. `key` is the call's idempotency key.
 */
export async function changePlan(
  deps: PlanChangeDeps,
  customerId: number,
  request: { plan: string; amount: number; key: string },
): Promise<PlanChangeResponse> {
  const today = isoDay(deps.now());
  const decided = await deps.store.transaction((tx) => decideChange(tx, customerId, request, deps.now()));
  if (decided.kind === 'done') return { result: decided.result, effectiveOn: decided.effectiveOn, order: null };

  await cancelPayments(deps.gateway, decided.cancelled, deps.log);
  const order = await deps.store.orders.upgradeNames(decided.orderNumber);
  const card = await ownCard(deps.store.cards, customerId, order!.card_code);
  if (!card?.payment_method) throw conflict(NEEDS_PRIMARY_CARD, 'NO_CARD');
  const placed = await startOrderPayment(
    { repos: deps.store, gateway: deps.gateway, log: deps.log },
    {
      orderNumber: decided.orderNumber,
      customerId,
      amountFening: decided.amountFening,
      card: { ...card, payment_method: card.payment_method },
      description: ORDER_TEXTS.order(upgradeName(order!.plan_name, order!.from_name), decided.orderNumber),
    },
  );
  return { result: 'PAYMENT', effectiveOn: today, order: placed };
}

/**
 * `DELETE /{product}/plan-change`: a downgrade waiting for the renewal is cancelled. Under the customer's
 * row lock, which the renewal also takes to decide what it charges: a cancel either comes first (the
 * renewal charges the package kept) or finds the renewal under way and says so (409); never a cancel
 * acknowledged while the renewal starts the package it cancelled.
 */
export async function cancelPlanChange(deps: Pick<PlanChangeDeps, 'store' | 'now'>, customerId: number): Promise<void> {
  const today = isoDay(deps.now());
  await deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    if (await tx.renewals.renewalUnderWay(customerId, today)) throw conflict(RENEWAL_DUE, 'RENEWAL_DUE');
    await tx.subscriptions.cancelScheduledPlan(customerId, deps.now());
  });
}
