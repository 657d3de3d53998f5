import { randomUUID } from 'node:crypto';
import type { BillingReport } from '@portal/shared/contract';
import type { Db, Queryable } from '../db/db';
import { lockCustomer } from '../auth/customers';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import type { PaymentGateway, PaymentState } from '../payments/gateway';
import { GRACE_DAYS } from '../config';
import { addDays, isoDay } from '../days';
import { NOTICES } from '../delivery/notices';
import { billingPasses, billingResults } from '../http/metrics';

/** What the billing job needs: the database, the card processor, the notifier and the retry schedule. */
export interface BillingDeps {
  db: Db;
  gateway: PaymentGateway;
  notifier: Notifier;
  retryDays: readonly number[];
  log?: (line: string) => void;
  /** Told of each due subscription's outcome as the pass goes (the command's --verbose). */
  progress?: (customerId: number, outcome: keyof BillingReport) => void;
}

/** The advisory lock that keeps billing passes of every process and command one at a time. */
const BILLING_LOCK = 727_002;

/**
 * A billing pass as the server's schedule, the command and the sandbox trigger run it: one at a time
 * across every process on the database (null when another pass is running), and free to take over
 * the attempts a pass killed midway left PENDING, with the same provider idempotency keys.
 */
export async function runBillingPass(deps: BillingDeps, at: Date): Promise<BillingReport | null> {
  try {
    const report = await deps.db.exclusively(BILLING_LOCK, () => runBilling(deps, at, randomUUID(), { takeOver: true }));
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
export function graceFrom(sub: { due: string; failures: number; grace_from: string | null }, today: string): string {
  if (sub.failures > 0) return sub.grace_from ?? sub.due;
  return today > sub.due ? today : sub.due;
}

/** The day of the next attempt after one failed on `today`: the next retry day of the schedule (counted from `from`, graceFrom), else the day it expires. */
export function nextAttemptOn(from: string, today: string, retryDays: readonly number[]): { on: string; retry: boolean } {
  const retry = retryDays.map((d) => addDays(from, d)).find((day) => day > today);
  return retry ? { on: retry, retry: true } : { on: addDays(graceUntil(from), 1), retry: false };
}

/**
 * Marks a renewal order paid and moves its subscription on by one period from the original due day
 * (product.md §9: paid within the grace period, the period runs from the due day). Conditional on the order
 * still waiting, so the job and a provider webhook settling the same payment change it once.
 */
export async function settleRenewalPaid(tx: Queryable, orderNumber: string, now: Date) {
  const [order] = await tx.query<{ customer_id: number; plan_code: string; plan_name: string; amount_fening: number; card_number: string; due_on: string; period_end: string }>(
    `UPDATE payment_orders o SET status = 'PAID', period_start = o.due_on, period_end = (o.due_on + interval '1 month')::date, updated_at = $2
       FROM plans p
      WHERE o.order_number = $1 AND o.kind = 'RENEWAL' AND o.status = 'PENDING' AND p.code = o.plan_code
      RETURNING o.customer_id, o.plan_code, p.name AS plan_name, o.amount_fening, o.card_number, to_char(o.due_on, 'YYYY-MM-DD') AS due_on, to_char(o.period_end, 'YYYY-MM-DD') AS period_end`,
    [orderNumber, now],
  );
  if (!order) return null;
  // The period paid is the plan the order charged: a downgrade waiting for this renewal starts now.
  await tx.query(
    `UPDATE subscriptions SET period_start = $2::date, next_payment_on = $3::date, billing_failures = 0, billing_next_on = NULL,
            plan_code = $5, pending_plan_code = NULL, promo_type = NULL, promo_until = NULL, promo_days = NULL, updated_at = $4
      WHERE customer_id = $1 AND next_payment_on = $2::date`,
    [order.customer_id, order.due_on, order.period_end, now, order.plan_code],
  );
  return { ...order, orderNumber };
}

/** The receipt of a paid renewal, with its invoice; in the transaction that settled it. */
export async function sendPaidReceipt(q: Queryable, notifier: Notifier, paid: NonNullable<Awaited<ReturnType<typeof settleRenewalPaid>>>): Promise<void> {
  await notifyCustomer(q, notifier, paid.customer_id, NOTICES.renewed({ plan: paid.plan_name, amountFening: paid.amount_fening, card: paid.card_number, periodEnd: paid.period_end, orderNumber: paid.orderNumber }));
}

interface DueRow {
  customer_id: number;
  plan_code: string;
  plan_name: string;
  price_fening: number;
  due: string;
  failures: number;
  grace_from: string | null;
}

/**
 * One billing pass as of `at` (product.md §9, §10). DEACTIVATED subscriptions whose period ended expire;
 * each ACTIVE subscription due by `at` is charged off-session on its primary card, retried on the
 * schedule's days inside the grace period, and expires when the grace period ends unpaid. Safe with
 * any number of runners at once: an attempt is a row with a unique key, taken by one runner only, and
 * the provider's idempotency key is the same for the same attempt.
 */
export async function runBilling(deps: BillingDeps, at: Date, runner: string = randomUUID(), options: { takeOver?: boolean } = {}): Promise<BillingReport> {
  const report: BillingReport = { charged: 0, failed: 0, expired: 0, ended: 0, skipped: 0 };
  const today = isoDay(at);

  // DEACTIVATED subscriptions are not charged; their period over, they expire (product.md §4).
  // Each one and its notice in one transaction.
  const ending = await deps.db.query<{ customer_id: number }>(`SELECT customer_id FROM subscriptions WHERE status = 'DEACTIVATED' AND next_payment_on <= $1::date ORDER BY customer_id`, [today]);
  for (const { customer_id } of ending) {
    const ended = await deps.db.transaction(async (tx) => {
      const [row] = await tx.query<{ plan_name: string; ended_on: string }>(
        `UPDATE subscriptions s SET status = 'EXPIRED', billing_failures = 0, billing_next_on = NULL, pending_plan_code = NULL, updated_at = $3
           FROM plans p
          WHERE s.customer_id = $1 AND p.code = s.plan_code AND s.status = 'DEACTIVATED' AND s.next_payment_on <= $2::date
          RETURNING p.name AS plan_name, to_char(s.next_payment_on, 'YYYY-MM-DD') AS ended_on`,
        [customer_id, today, at],
      );
      if (!row) return false;
      await failOpenRenewals(tx, customer_id, at);
      await notifyCustomer(tx, deps.notifier, customer_id, NOTICES.ended({ plan: row.plan_name, on: row.ended_on }));
      return true;
    });
    if (ended) report.ended += 1;
  }

  const due = await deps.db.query<{ customer_id: number }>(
    `SELECT customer_id FROM subscriptions
      WHERE status = 'ACTIVE' AND next_payment_on <= $1::date AND COALESCE(billing_next_on, next_payment_on) <= $1::date
      ORDER BY next_payment_on, customer_id`,
    [today],
  );
  for (const { customer_id } of due) {
    const outcome = await renewOne(deps, customer_id, at, runner, options.takeOver ?? false);
    report[outcome] += 1;
    deps.progress?.(customer_id, outcome);
  }
  return report;
}

async function failOpenRenewals(db: Queryable, customerId: number, at: Date): Promise<void> {
  await db.query(`UPDATE payment_orders SET status = 'FAILED', updated_at = $2 WHERE customer_id = $1 AND kind = 'RENEWAL' AND status = 'PENDING'`, [customerId, at]);
}

async function renewOne(deps: BillingDeps, customerId: number, at: Date, runner: string, takeOver: boolean): Promise<keyof BillingReport> {
  const { db } = deps;
  const today = isoDay(at);
  const [sub] = await db.query<DueRow>(
    // A downgrade waiting for this renewal (pending_plan_code) is what the renewal charges and starts.
    `SELECT s.customer_id, p.code AS plan_code, p.name AS plan_name, p.price_fening, to_char(s.next_payment_on, 'YYYY-MM-DD') AS due, s.billing_failures AS failures,
            to_char(s.billing_grace_from, 'YYYY-MM-DD') AS grace_from
       FROM subscriptions s JOIN plans p ON p.code = COALESCE(s.pending_plan_code, s.plan_code)
      WHERE s.customer_id = $1 AND s.status = 'ACTIVE' AND s.next_payment_on <= $2::date AND COALESCE(s.billing_next_on, s.next_payment_on) <= $2::date`,
    [customerId, today],
  );
  if (!sub) return 'skipped';

  // Not paid by the end of the grace period: the service ends and must be bought again (product.md §9).
  // Never before one attempt: a first attempt starts its grace period on its own day (graceFrom).
  const from = graceFrom(sub, today);
  if (today > graceUntil(from)) {
    const expired = await db.transaction(async (tx) => {
      const [row] = await tx.query(
        `UPDATE subscriptions SET status = 'EXPIRED', billing_failures = 0, billing_next_on = NULL, pending_plan_code = NULL, updated_at = $3
          WHERE customer_id = $1 AND status = 'ACTIVE' AND next_payment_on = $2::date RETURNING customer_id`,
        [customerId, sub.due, at],
      );
      if (!row) return false;
      await failOpenRenewals(tx, customerId, at);
      await notifyCustomer(tx, deps.notifier, customerId, NOTICES.expired({ plan: sub.plan_name }));
      return true;
    });
    return expired ? 'expired' : 'skipped';
  }

  // Take the attempt: one runner inserts it; a PENDING one left by a runner that stopped is taken over
  // after the lease, or at once by a pass that holds the billing lock (no other runner can be alive).
  const attempt = sub.failures;
  const [taken] = await db.query(
    `INSERT INTO billing_attempts (customer_id, due_on, attempt, status, runner, created_at, updated_at) VALUES ($1, $2::date, $3, 'PENDING', $4, $5, $5)
     ON CONFLICT (customer_id, due_on, attempt) DO UPDATE SET runner = EXCLUDED.runner, updated_at = EXCLUDED.updated_at
      WHERE billing_attempts.status = 'PENDING' AND ($6 OR billing_attempts.updated_at < EXCLUDED.updated_at - interval '${ATTEMPT_LEASE_MINUTES} minutes')
     RETURNING runner`,
    [customerId, sub.due, attempt, runner, at, takeOver],
  );
  if (!taken) return 'skipped';

  const [card] = await db.query<{ code: string; masked_number: string; payment_method: string }>(
    `SELECT code, masked_number, payment_method FROM credit_cards WHERE customer_id = $1 AND status = 'ACTIVE' AND primary_card AND payment_method IS NOT NULL`,
    [customerId],
  );
  let orderNumber: string | null = null;
  let state: PaymentState = { status: 'failed', code: 'no_card' };
  let paymentId: string | null = null;
  // What the notices name: the package and price the order decided under the lock, when there is one.
  let charging = { planName: sub.plan_name, priceFening: sub.price_fening };
  if (card) {
    const order = await renewalOrder(db, sub, card, at);
    if (!order) return 'skipped'; // no longer ACTIVE for this period (deactivated meanwhile)
    orderNumber = order.orderNumber;
    charging = order;
    try {
      const payment = await deps.gateway.createPayment({
        amountFening: order.priceFening,
        paymentMethod: card.payment_method,
        customerRef: String(customerId),
        idempotencyKey: `renewal-${customerId}-${sub.due}-${attempt}`,
        description: `${order.planName}, obnova ${sub.due}, narudžba ${orderNumber}`,
        offSession: true,
      });
      paymentId = payment.id;
      state = payment.state.status === 'pending' ? { status: 'failed', code: 'authentication_required' } : payment.state;
    } catch (error) {
      // The provider did not answer: the attempt stays PENDING and is taken over, with the same key, after the lease.
      deps.log?.(`Billing: charging customer ${customerId} for ${sub.due} failed at the provider: ${(error as Error).message}`);
      return 'skipped';
    }
    await db.query(`UPDATE payment_orders SET provider_payment_id = $2 WHERE order_number = $1 AND status = 'PENDING'`, [orderNumber, paymentId]);
  }

  if (state.status === 'succeeded') {
    await db.transaction(async (tx) => {
      const [mine] = await tx.query(
        `UPDATE billing_attempts SET status = 'SUCCEEDED', order_number = $5, provider_payment_id = $6, updated_at = $7
          WHERE customer_id = $1 AND due_on = $2::date AND attempt = $3 AND runner = $4 AND status = 'PENDING' RETURNING 1`,
        [customerId, sub.due, attempt, runner, orderNumber, paymentId, at],
      );
      const settled = mine ? await settleRenewalPaid(tx, orderNumber!, at) : null;
      // Null when a provider webhook settled the order first; it sent the receipt then.
      if (settled) await sendPaidReceipt(tx, deps.notifier, settled);
    });
    return 'charged';
  }

  const code = state.status === 'failed' ? state.code : 'card_declined';
  const next = nextAttemptOn(from, today, deps.retryDays);
  const recorded = await db.transaction(async (tx) => {
    const [mine] = await tx.query(
      `UPDATE billing_attempts SET status = 'FAILED', failure_code = $5, order_number = $6, provider_payment_id = $7, updated_at = $8
        WHERE customer_id = $1 AND due_on = $2::date AND attempt = $3 AND runner = $4 AND status = 'PENDING' RETURNING 1`,
      [customerId, sub.due, attempt, runner, code.slice(0, 60), orderNumber, paymentId, at],
    );
    if (!mine) return false;
    await tx.query(
      `UPDATE subscriptions SET billing_failures = $3 + 1, billing_next_on = $4::date, billing_grace_from = $6::date, updated_at = $5
        WHERE customer_id = $1 AND status = 'ACTIVE' AND next_payment_on = $2::date AND billing_failures = $3`,
      [customerId, sub.due, attempt, next.on, at, from],
    );
    if (orderNumber) await tx.query(`UPDATE payment_orders SET failure_code = $2, updated_at = $3 WHERE order_number = $1 AND status = 'PENDING'`, [orderNumber, code.slice(0, 60), at]);
    await notifyCustomer(
      tx,
      deps.notifier,
      customerId,
      NOTICES.renewalFailed({ plan: charging.planName, amountFening: charging.priceFening, code, retryOn: next.retry ? next.on : null, graceUntil: graceUntil(from) }),
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
async function renewalOrder(db: Db, sub: DueRow, card: { code: string; masked_number: string }, at: Date): Promise<{ orderNumber: string; priceFening: number; planName: string } | null> {
  const key = `renewal-${sub.due}`;
  return db.transaction(async (tx) => {
    await lockCustomer(tx, sub.customer_id);
    const [plan] = await tx.query<{ code: string; name: string; price_fening: number }>(
      `SELECT p.code, p.name, p.price_fening FROM subscriptions s JOIN plans p ON p.code = COALESCE(s.pending_plan_code, s.plan_code)
        WHERE s.customer_id = $1 AND s.status = 'ACTIVE' AND s.next_payment_on = $2::date`,
      [sub.customer_id, sub.due],
    );
    if (!plan) return null;
    const find = async () =>
      (await tx.query<{ order_number: string }>('SELECT order_number FROM payment_orders WHERE customer_id = $1 AND idempotency_key = $2', [sub.customer_id, key]))[0]?.order_number;
    const existing = await find();
    if (existing) {
      await tx.query(
        `UPDATE payment_orders SET card_code = $2, card_number = $3, amount_fening = $4, plan_code = $5, updated_at = $6 WHERE order_number = $1 AND status = 'PENDING'`,
        [existing, card.code, card.masked_number, plan.price_fening, plan.code, at],
      );
      return { orderNumber: existing, priceFening: plan.price_fening, planName: plan.name };
    }
    await tx.query(
      `INSERT INTO payment_orders (order_number, customer_id, plan_code, card_code, card_number, amount_fening, status, idempotency_key, kind, due_on, created_at, updated_at)
       VALUES ($1 || '-' || lpad(nextval('order_numbers')::text, 6, '0'), $2, $3, $4, $5, $6, 'PENDING', $7, 'RENEWAL', $8::date, $9, $9)
       ON CONFLICT (customer_id, idempotency_key) DO NOTHING`,
      [String(at.getUTCFullYear()), sub.customer_id, plan.code, card.code, card.masked_number, plan.price_fening, key, sub.due, at],
    );
    return { orderNumber: (await find())!, priceFening: plan.price_fening, planName: plan.name };
  });
}

/**
 * A new primary card while a renewal is failing: the next job run (not the next retry day) tries it.
 * The attempt count is kept, so the grace period still ends on its day.
 */
export async function retryWithNewCard(tx: Queryable, customerId: number): Promise<void> {
  await tx.query(`UPDATE subscriptions SET billing_next_on = next_payment_on WHERE customer_id = $1 AND status = 'ACTIVE' AND billing_failures > 0`, [customerId]);
}
