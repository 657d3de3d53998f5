import type { PricesOverview } from '@portal/shared/contract/support';
import { PRICE_TEXTS } from '@portal/shared/contract/support';
import type { Repositories, Store } from '../repositories';
import type { StaffSession } from '../repositories/staff';
import type { PriceRow, PromoRow } from '../repositories/prices';
import type { Notifier } from '../delivery/notifier';
import { DomainError } from '../errors';
import { NOTICES } from '../texts/notices';
import { addDays, addMonth, isoDay } from '../days';
import { fromFening } from '../money/amounts';

/** What the price services need: the database, the outbox, the clock and PRICE_NOTICE_DAYS. */
export interface PriceDeps {
  store: Store;
  notifier: Notifier;
  now: () => Date;
  noticeDays: number;
}

const entry = (row: PriceRow) => ({
  id: row.id,
  price: fromFening(row.price_fening),
  appliesFrom: row.applies_from,
  staffName: row.staff_name,
  reason: row.reason,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Whether a promo is on the pages on `today`: product.md §4, Promo. */
const promoRunning = (promo: Pick<PromoRow, 'status' | 'duration_until'>, today: string): boolean =>
  promo.status === 'ACTIVE' && (promo.duration_until === null || promo.duration_until >= today);

const campaign = (row: PromoRow, today: string) => ({
  id: row.id,
  status: row.status,
  running: promoRunning(row, today),
  durationUntil: row.duration_until,
  durationDays: row.duration_days,
  startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
  startedBy: row.started_by,
  endedAt: row.ended_at ? new Date(row.ended_at).toISOString() : null,
  endedBy: row.ended_by,
  reason: row.reason,
});

/** The console's view: each package's price today, its changes to come, its history and its promos. */
export async function pricesOverview(repos: Repositories, today: string, noticeDays: number): Promise<PricesOverview> {
  const [plans, history, promos] = await Promise.all([
    repos.prices.current(today),
    repos.prices.history(),
    repos.prices.promos(),
  ]);
  return {
    today,
    noticeDays,
    packages: plans.map((plan) => {
      const rows = history.filter((row) => row.plan_code === plan.code);
      return {
        code: plan.code,
        name: plan.name,
        price: fromFening(plan.price_fening),
        scheduled: rows
          .filter((row) => row.applies_from > today)
          .reverse()
          .map(entry),
        history: rows.filter((row) => row.applies_from <= today).map(entry),
        promos: promos.filter((row) => row.plan_code === plan.code).map((row) => campaign(row, today)),
      };
    }),
  };
}

const planNotFound = () => new DomainError('not-found', PRICE_TEXTS.planNotFound, 'NOT_FOUND');

/**
 * A new price from a day on, in one transaction with its audit entry, under the package's row lock
 * (orders read the price under a shared lock of the same row: an order is decided wholly before or
 * after the change). Subscribers are then told of a rise (tellOfRises).
 */
export async function changePrice(
  deps: PriceDeps,
  staff: StaffSession,
  change: { planCode: string; priceFening: number; appliesFrom: string; reason: string },
): Promise<void> {
  const at = deps.now();
  const today = isoDay(at);
  if (change.appliesFrom < today) throw new DomainError('invalid', PRICE_TEXTS.dayNotPast, 'BAD_REQUEST');
  await deps.store.transaction(async (tx) => {
    if (!(await tx.prices.lockPlan(change.planCode))) throw planNotFound();
    const before = (await tx.plans.find(change.planCode, change.appliesFrom))!.price_fening;
    if (before === change.priceFening) throw new DomainError('conflict', PRICE_TEXTS.samePrice, 'CONFLICT');
    const id = await tx.prices.schedule({ ...change, staffId: staff.staffId, staffName: staff.name }, at);
    await tx.audit.record(
      {
        staffId: staff.staffId,
        staffName: staff.name,
        action: 'plan.price',
        customerId: null,
        reason: change.reason,
        before: { plan: change.planCode, price: fromFening(before) },
        after: { plan: change.planCode, price: fromFening(change.priceFening), appliesFrom: change.appliesFrom, id },
      },
      at,
    );
  });
  await tellOfRises(deps, at);
}

/** A promo campaign started (ending the package's running one), with its audit entry. */
export async function startPromo(
  deps: PriceDeps,
  staff: StaffSession,
  promo: { planCode: string; until: string | null; days: number | null; reason: string },
): Promise<void> {
  const at = deps.now();
  if (promo.until !== null && promo.until <= isoDay(at)) {
    throw new DomainError('invalid', PRICE_TEXTS.promoUntilPast, 'BAD_REQUEST');
  }
  await deps.store.transaction(async (tx) => {
    if (!(await tx.prices.lockPlan(promo.planCode))) throw planNotFound();
    const ended = await tx.prices.endPromos(promo.planCode, staff.name, at);
    const id = await tx.prices.startPromo({ ...promo, by: staff.name }, at);
    await tx.audit.record(
      {
        staffId: staff.staffId,
        staffName: staff.name,
        action: 'plan.promo.start',
        customerId: null,
        reason: promo.reason,
        before: ended.length ? { ended } : undefined,
        after: { plan: promo.planCode, id, until: promo.until, days: promo.days },
      },
      at,
    );
  });
}

export async function endPromo(deps: PriceDeps, staff: StaffSession, promoId: number, reason: string): Promise<void> {
  const at = deps.now();
  await deps.store.transaction(async (tx) => {
    // Under the package's lock, as starting one takes it and a customer's promo start shares it: a start
    // that read the campaign before this end either finishes first or finds it ended.
    const planCode = await tx.prices.promoPlan(promoId);
    if (planCode) await tx.prices.lockPlan(planCode);
    const ended = await tx.prices.endPromo(promoId, staff.name, at);
    if (!ended) throw new DomainError('conflict', PRICE_TEXTS.promoNotRunning, 'CONFLICT');
    await tx.audit.record(
      {
        staffId: staff.staffId,
        staffName: staff.name,
        action: 'plan.promo.end',
        customerId: null,
        reason,
        after: { plan: ended.plan_code, id: promoId },
      },
      at,
    );
  });
}

/**
 * The first renewal of a subscriber a rise may reach: their renewals fall on `nextPaymentOn` and a
 * month after each; the first on or after both the day the price changes and `noticeDays` after today.
 */
export function riseAppliesFrom(nextPaymentOn: string, changeFrom: string, today: string, noticeDays: number): string {
  const earliest = [changeFrom, addDays(today, noticeDays)].sort()[1]!;
  let renewal = nextPaymentOn;
  while (renewal < earliest) renewal = addMonth(renewal);
  return renewal;
}

/**
 * Tells every ACTIVE subscriber whose package's newest price is above what they pay of that rise, by
 * e-mail and SMS, once (the notice's primary key decides, in the transaction that writes the messages),
 * with the renewal it applies from (riseAppliesFrom). Run after a price change and by each billing pass
 * (a change by SQL, a subscriber who bought meanwhile). Answers how many were told.
 */
export async function tellOfRises(deps: Omit<PriceDeps, 'now'>, at: Date): Promise<number> {
  const today = isoDay(at);
  let told = 0;
  for (const rise of await deps.store.prices.risesToTell()) {
    const from = riseAppliesFrom(rise.next_payment_on, rise.change_from, today, deps.noticeDays);
    const sent = await deps.store.transaction(async (tx) => {
      const fresh = await tx.prices.recordNotice({
        customerId: rise.customer_id,
        priceId: rise.price_id,
        planCode: rise.plan_code,
        priceFening: rise.price_fening,
        toldOn: today,
        appliesFrom: from,
      });
      if (fresh) await notifyEveryWay(tx, deps.notifier, rise.customer_id, rise.plan_name, rise.price_fening, from);
      return fresh;
    });
    if (sent) told += 1;
  }
  return told;
}

/** A price notice goes by e-mail and by SMS, to whichever of the two the customer has. */
async function notifyEveryWay(
  tx: Repositories,
  notifier: Notifier,
  customerId: number,
  plan: string,
  priceFening: number,
  from: string,
): Promise<void> {
  const contact = await tx.customers.contactOf(customerId);
  const notice = NOTICES.priceRise({ plan, priceFening, from });
  if (contact?.email) await notifier.send({ ...notice, to: contact.email, channel: 'EMAIL' }, tx);
  if (contact?.phone_number) await notifier.send({ ...notice, to: contact.phone_number, channel: 'SMS' }, tx);
}
