import { randomUUID } from 'node:crypto';
import type { BillingReport } from '@portal/shared/contract';
import type { Repositories, Store } from '../repositories';
import type { DueRow } from '../repositories/subscriptions';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import type { PaymentGateway, PaymentState } from '../payments/gateway';
import { GRACE_DAYS } from '../settings';
import { addDays, isoDay } from '../days';
import { NOTICES } from '../texts/notices';
import { billingPasses, billingResults } from '../counters';
import { ORDER_TEXTS } from '../texts/errors';
import { settleStaleRefunds } from '../staff/refunds';
import { tellOfRises } from '../catalogue/prices';
import { renewWithCredit } from '../vouchers/credit';

/** What the billing job needs: the database, the card processor, the notifier and the retry schedule. */
export interface BillingDeps {
  store: Store;
  gateway: PaymentGateway;
  notifier: Notifier;
  retryDays: readonly number[];
  /** PRICE_NOTICE_DAYS: how long before a rise reaches a subscriber they are told of it (30 when not given). */
  noticeDays?: number;
  log?: (line: string) => void;
  /** Told of each due subscription's outcome as the pass goes (the command's --verbose). */
  progress?: (customerId: number, outcome: keyof BillingReport) => void;
}

/** The advisory lock that keeps billing passes of every process and command one at a time. */
const BILLING_LOCK = 727_002;

/**
 * A billing pass as the server's schedule, the command and the sandbox trigger run it: one at a time
 * across every process on the database (null when another pass is running), and free to take over
 * the attempts a pass killed midway left PENDING, with the same provider idempotency keys. It then
 * settles the refunds a stopped process left PENDING (staff/refunds.ts), with their own keys.
 */
export async function runBillingPass(deps: BillingDeps, at: Date): Promise<BillingReport | null> {
  try {
    const report = await deps.store.exclusively(BILLING_LOCK, async () => {
      const renewals = await runBilling(deps, at, randomUUID(), { takeOver: true });
      const refunds = await settleStaleRefunds(deps, at);
      if (refunds.succeeded + refunds.failed > 0) {
        deps.log?.(
          `Refunds left PENDING by a stopped process: ${refunds.succeeded} given back, ${refunds.failed} refused`,
        );
      }
      return renewals;
    });
    billingPasses.inc({ outcome: report ? 'done' : 'busy' });
    for (const [result, count] of Object.entries(report ?? {})) billingResults.inc({ result }, count);
    return report;
  } catch (error) {
    billingPasses.inc({ outcome: 'error' });
    throw error;
  }
}

export type { BillingReport } from '@portal/shared/contract';

/** A PENDING attempt whose runner stopped (crash, lost connection) is taken over after this long. */
const ATTEMPT_LEASE_MINUTES = 10;

/** The last day of a renewal's grace period, counted from its due day or, when the first attempt came later, that attempt's day. */
export const graceUntil = (from: string) => addDays(from, GRACE_DAYS);

/**
 * The day a renewal's grace period counts from (product.md §9): the due day; but a first attempt made
 * after it (the server was down, no pass ran) counts from its own day, so a late pass still charges
 * once and the customer keeps the whole grace period after it. Later attempts keep what the first set.
 */
function graceFrom(sub: { due: string; failures: number; grace_from: string | null }, today: string): string {
  if (sub.failures > 0) return sub.grace_from ?? sub.due;
  return today > sub.due ? today : sub.due;
}

/** The day of the next attempt after one failed on `today`: the next retry day of the schedule (counted from `from`, graceFrom), else the day it expires. */
function nextAttemptOn(from: string, today: string, retryDays: readonly number[]): { on: string; retry: boolean } {
  const retry = retryDays.map((d) => addDays(from, d)).find((day) => day > today);
  return retry ? { on: retry, retry: true } : { on: addDays(graceUntil(from), 1), retry: false };
}

/**
 * Marks a renewal order paid and moves its subscription on by one period from the original due day
 * (product.md §9: paid within the grace period, the period runs from the due day). Conditional on the order
 * still waiting, so the job and a provider webhook settling the same payment change it once.
 */
export async function settleRenewalPaid(tx: Repositories, orderNumber: string, now: Date) {
  const order = await tx.orders.settleRenewal(orderNumber, now);
  if (!order) return null;
  // The period paid is the plan the order charged: a downgrade waiting for this renewal starts now.
  await tx.subscriptions.renew(order.customer_id, order.due_on, order.period_end, order.plan_code, now);
  return { ...order, orderNumber };
}

/** The receipt of a paid renewal, with its invoice; in the transaction that settled it. */
export async function sendPaidReceipt(
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
    }),
  );
}

/**
 * One billing pass as of `at` (product.md §9, §10). DEACTIVATED subscriptions whose period ended expire;
 * each ACTIVE subscription due by `at` is charged off-session on its primary card, retried on the
 * schedule's days inside the grace period, and expires when the grace period ends unpaid. Safe with
 * any number of runners at once: an attempt is a row with a unique key, taken by one runner only, and
 * the provider's idempotency key is the same for the same attempt.
 */
export async function runBilling(
  deps: BillingDeps,
  at: Date,
  runner: string = randomUUID(),
  options: { takeOver?: boolean } = {},
): Promise<BillingReport> {
  const report: BillingReport = { charged: 0, failed: 0, expired: 0, ended: 0, skipped: 0 };
  const today = isoDay(at);

  // DEACTIVATED subscriptions are not charged; their period over, they expire (product.md §4).
  // Each one and its notice in one transaction.
  for (const customer_id of await deps.store.subscriptions.endingIds(today)) {
    const ended = await deps.store.transaction(async (tx) => {
      const row = await tx.subscriptions.endDeactivated(customer_id, today, at);
      if (!row) return false;
      await tx.orders.failOpenRenewals(customer_id, at);
      await notifyCustomer(tx, deps.notifier, customer_id, NOTICES.ended({ plan: row.plan_name, on: row.ended_on }));
      return true;
    });
    if (ended) report.ended += 1;
  }

  // Subscribers are told of a rise before any renewal could charge it (a change by SQL, a late buyer).
  await tellOfRises({ store: deps.store, notifier: deps.notifier, noticeDays: deps.noticeDays ?? 30 }, at);

  for (const customer_id of await deps.store.subscriptions.dueIds(today)) {
    const outcome = await renewOne(deps, customer_id, at, runner, options.takeOver ?? false);
    report[outcome] += 1;
    deps.progress?.(customer_id, outcome);
  }
  return report;
}

async function renewOne(
  deps: BillingDeps,
  customerId: number,
  at: Date,
  runner: string,
  takeOver: boolean,
): Promise<keyof BillingReport> {
  const { store } = deps;
  const today = isoDay(at);
  // A downgrade waiting for this renewal is what the renewal charges and starts.
  const sub = await store.subscriptions.due(customerId, today);
  if (!sub) return 'skipped';

  // Not paid by the end of the grace period: the service ends and must be bought again (product.md §9).
  // Never before one attempt: a first attempt starts its grace period on its own day (graceFrom).
  const from = graceFrom(sub, today);
  if (today > graceUntil(from)) {
    const expired = await store.transaction(async (tx) => {
      if (!(await tx.subscriptions.expireUnpaid(customerId, sub.due, at))) return false;
      await tx.orders.failOpenRenewals(customerId, at);
      await notifyCustomer(tx, deps.notifier, customerId, NOTICES.expired({ plan: sub.plan_name }));
      return true;
    });
    return expired ? 'expired' : 'skipped';
  }

  // Take the attempt: one runner inserts it; a PENDING one left by a runner that stopped is taken over
  // after the lease, or at once by a pass that holds the billing lock (no other runner can be alive).
  const attempt = sub.failures;
  if (!(await store.billingAttempts.take(customerId, sub.due, attempt, runner, at, takeOver, ATTEMPT_LEASE_MINUTES)))
    return 'skipped';
  const mine = { customerId, due: sub.due, attempt, runner };

  // Voucher credit pays before the card (docs/vouchers.md): a month of it, the order paid at once.
  const credit = await renewWithCredit(store, sub, mine, at, async (tx, orderNumber) => {
    const settled = await settleRenewalPaid(tx, orderNumber, at);
    if (settled) await sendPaidReceipt(tx, deps.notifier, settled);
  });
  if (credit !== 'none') return credit === 'paid' ? 'charged' : 'skipped';

  const card = await store.cards.chargeablePrimary(customerId);
  let orderNumber: string | null = null;
  let state: PaymentState = { status: 'failed', code: 'no_card' };
  let paymentId: string | null = null;
  // What the notices name: the package and price the order decided under the lock, when there is one.
  let charging = { planName: sub.plan_name, priceFening: sub.price_fening };
  if (card) {
    const order = await renewalOrder(store, sub, card, at);
    if (!order) return 'skipped'; // no longer ACTIVE for this period (deactivated meanwhile)
    orderNumber = order.orderNumber;
    charging = order;
    try {
      const payment = await deps.gateway.createPayment({
        amountFening: order.priceFening,
        paymentMethod: card.payment_method,
        customerRef: String(customerId),
        idempotencyKey: `renewal-${customerId}-${sub.due}-${attempt}`,
        description: ORDER_TEXTS.renewal(order.planName, sub.due, orderNumber),
        offSession: true,
      });
      paymentId = payment.id;
      state =
        payment.state.status === 'pending' ? { status: 'failed', code: 'authentication_required' } : payment.state;
    } catch (error) {
      // The provider did not answer: the attempt stays PENDING and is taken over, with the same key, after the lease.
      deps.log?.(
        `Billing: charging customer ${customerId} for ${sub.due} failed at the provider: ${(error as Error).message}`,
      );
      return 'skipped';
    }
    await store.orders.setPendingPayment(orderNumber, paymentId);
  }

  if (state.status === 'succeeded') {
    await store.transaction(async (tx) => {
      const finished = await tx.billingAttempts.finish(
        mine,
        { status: 'SUCCEEDED', failureCode: null, orderNumber, paymentId },
        at,
      );
      const settled = finished ? await settleRenewalPaid(tx, orderNumber!, at) : null;
      // Null when a provider webhook settled the order first; it sent the receipt then.
      if (settled) await sendPaidReceipt(tx, deps.notifier, settled);
    });
    return 'charged';
  }

  const code = state.status === 'failed' ? state.code : 'card_declined';
  const next = nextAttemptOn(from, today, deps.retryDays);
  const recorded = await store.transaction(async (tx) => {
    if (
      !(await tx.billingAttempts.finish(
        mine,
        { status: 'FAILED', failureCode: code.slice(0, 60), orderNumber, paymentId },
        at,
      ))
    )
      return false;
    await tx.subscriptions.recordRenewalFailure(customerId, sub.due, attempt, next.on, from, at);
    if (orderNumber) await tx.orders.setFailureCode(orderNumber, code.slice(0, 60), at);
    await notifyCustomer(
      tx,
      deps.notifier,
      customerId,
      NOTICES.renewalFailed({
        plan: charging.planName,
        amountFening: charging.priceFening,
        code,
        retryOn: next.retry ? next.on : null,
        graceUntil: graceUntil(from),
      }),
    );
    return true;
  });
  return recorded ? 'failed' : 'skipped';
}

/**
 * The period's renewal order, one per subscription and due day; a retry charges it with the card now
 * primary. What it charges (the package, or the downgrade waiting for it) is decided under the
 * customer's row lock, which a package change and its cancellation take too: a change acknowledged
 * before is charged; one asked after finds the order and is refused (account/planChange.ts).
 * Null when the subscription is no longer ACTIVE for this period.
 */
async function renewalOrder(
  store: Store,
  sub: DueRow,
  card: { code: string; masked_number: string },
  at: Date,
): Promise<{ orderNumber: string; priceFening: number; planName: string } | null> {
  const key = `renewal-${sub.due}`;
  return store.transaction(async (tx) => {
    await tx.customers.lock(sub.customer_id);
    // The price that applies to this subscriber: a rise only after its notice (docs/prices-and-promos.md).
    const plan = await tx.prices.renewalPlan(sub.customer_id, sub.due);
    if (!plan) return null;
    const charge = {
      cardCode: card.code,
      cardNumber: card.masked_number,
      amountFening: plan.price_fening,
      plan: plan.code,
    };
    const existing = await tx.orders.renewalOf(sub.customer_id, key);
    if (existing) await tx.orders.updateRenewal(existing, charge, at);
    else await tx.orders.createRenewal({ customerId: sub.customer_id, key, dueOn: sub.due, ...charge }, at);
    return {
      orderNumber: existing ?? (await tx.orders.renewalOf(sub.customer_id, key))!,
      priceFening: plan.price_fening,
      planName: plan.name,
    };
  });
}
