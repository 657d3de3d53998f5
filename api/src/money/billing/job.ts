import { randomUUID } from 'node:crypto';
import type { BillingReport } from '@portal/shared/contract';
import { isoDay } from '../../days';
import { billingPasses, billingResults } from '../../counters';
import { settleStaleRefunds } from '../giveBack';
import { reconcileDaily } from '../reconcile';
import { sweepOpenOrders } from '../openOrders';
import { tellOfRises } from '../../catalogue/prices';
import type { BillingDeps } from './deps';
import { endDeactivated } from './expire';
import { renewOne } from './renew';
import { remindPauseEnds } from './pause';

/**
 * The advisory lock of billing passes (docs/decisions/044-billing-passes-on-several-hosts.md): a pass
 * takes over what a stopped one left while it holds it exclusively (no other pass is running anywhere),
 * then works through the renewals due holding it shared, beside the passes of other processes and hosts.
 */
const BILLING_LOCK = 727_002;

/** How long a pass waits for another one's takeover to end before it works beside the rest. */
const SHARED_WAIT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A billing pass as the server's schedule, the command and the sandbox trigger run it, on any number
 * of processes and hosts sharing the database. When no other pass is running anywhere (the lock had
 * exclusively), it takes over at once the attempts a stopped pass left PENDING, with the same provider
 * idempotency keys, and settles the refunds a stopped process left PENDING (money/refunds.ts): at its
 * start, and again at its end (a pass stopped beside it). Between, holding the lock shared, it renews
 * what is due: every pass running walks the same list, and each renewal's attempt is taken by one of
 * them only (billingAttempts.take), so two hosts share the work and none is charged twice. Null when
 * this process runs a pass already, or another pass's takeover held the lock for 10 s.
 */
export async function runBillingPass(deps: BillingDeps, at: Date): Promise<BillingReport | null> {
  // One pass per process and database: a second one beside it would only hold more of the pool's
  // connections (a lock's each) while its queries wait for one.
  if (passing.has(deps.store)) {
    billingPasses.inc({ outcome: 'busy' });
    return null;
  }
  passing.add(deps.store);
  try {
    return await onePass(deps, at);
  } finally {
    passing.delete(deps.store);
  }
}

/** The databases (their stores) this process runs a billing pass on now. */
const passing = new WeakSet<object>();

async function onePass(deps: BillingDeps, at: Date): Promise<BillingReport | null> {
  const runner = randomUUID();
  const report = emptyReport();
  try {
    const takeOverLeftOvers = () =>
      deps.store.exclusively(BILLING_LOCK, async () => {
        await renewEach(deps, await deps.store.billingAttempts.pendingCustomers(), at, runner, true, report);
        const refunds = await settleStaleRefunds(deps, at);
        if (refunds.succeeded + refunds.failed > 0) {
          deps.log?.(
            `Refunds left PENDING by a stopped process: ${refunds.succeeded} given back, ${refunds.failed} refused`,
          );
        }
        await sweepOpenOrders(deps, at);
        await booksOfYesterday(deps, at);
      });
    await takeOverLeftOvers();
    let renewed: BillingReport | null = null;
    for (const until = Date.now() + SHARED_WAIT_MS; renewed === null && Date.now() < until;) {
      renewed = await deps.store.shared(BILLING_LOCK, () => runBilling(deps, at, runner));
      if (renewed === null) await sleep(100);
    }
    if (renewed) {
      for (const result of Object.keys(renewed) as Array<keyof BillingReport>) report[result] += renewed[result];
      // Again at the end: the last pass to finish takes over what a pass stopped beside it left.
      await takeOverLeftOvers();
    }
    billingPasses.inc({ outcome: renewed ? 'done' : 'busy' });
    if (renewed) for (const [result, count] of Object.entries(report)) billingResults.inc({ result }, count);
    return renewed ? report : null;
  } catch (error) {
    billingPasses.inc({ outcome: 'error' });
    throw error;
  }
}

/**
 * Yesterday's books (money/reconcile.ts), once its day is over: run by the pass that holds the billing
 * lock alone. A processor that cannot be read now is tried again at the next pass; billing goes on.
 */
async function booksOfYesterday(deps: BillingDeps, at: Date): Promise<void> {
  try {
    const run = await reconcileDaily(deps, at);
    if (run?.differences.length)
      deps.log?.(
        `Reconciliation of ${isoDay(run.period_from)}: ${run.differences.length} differences (see the console)`,
      );
  } catch (error) {
    deps.log?.(`Reconciliation failed, tried again at the next pass: ${(error as Error).message}`);
  }
}

/** Each customer's renewal (renew.ts) in turn, its outcome counted in `report` and told to `progress`. */
async function renewEach(
  deps: BillingDeps,
  customerIds: number[],
  at: Date,
  runner: string,
  takeOver: boolean,
  report: BillingReport,
): Promise<void> {
  for (const customerId of customerIds) {
    const outcome = await renewOne(deps, customerId, at, runner, takeOver);
    report[outcome] += 1;
    deps.progress?.(customerId, outcome);
  }
}

const emptyReport = (): BillingReport => ({ charged: 0, failed: 0, expired: 0, ended: 0, skipped: 0 });

export type { BillingReport } from '@portal/shared/contract';

/**
 * One billing pass as of `at` (product.md §9, §10). DEACTIVATED subscriptions whose period ended expire
 * (expire.ts); each ACTIVE subscription due by `at` is charged off-session on its primary card
 * (renew.ts), retried on the schedule's days inside the grace period (retry.ts), and expires when the
 * grace period ends unpaid. Safe with any number of runners at once: an attempt is a row with a unique
 * key, taken by one runner only, and the provider's idempotency key is the same for the same attempt.
 */
export async function runBilling(
  deps: BillingDeps,
  at: Date,
  runner: string = randomUUID(),
  options: { takeOver?: boolean } = {},
): Promise<BillingReport> {
  const report = emptyReport();
  const today = isoDay(at);

  report.ended += await endDeactivated(deps, today, at);

  // Three days before a pause ends, its reminder, once (product.md §10, A pause).
  await remindPauseEnds(deps, at);

  // Subscribers are told of a rise before any renewal could charge it (a change by SQL, a late buyer).
  await tellOfRises({ store: deps.store, notifier: deps.notifier, noticeDays: deps.noticeDays ?? 30 }, at);

  await renewEach(deps, await deps.store.renewals.dueIds(today), at, runner, options.takeOver ?? false, report);
  return report;
}
