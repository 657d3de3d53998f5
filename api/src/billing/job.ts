import { randomUUID } from 'node:crypto';
import type { BillingReport } from '@portal/shared/contract';
import { isoDay } from '../days';
import { billingPasses, billingResults } from '../counters';
import { settleStaleRefunds } from '../staff/refunds';
import { tellOfRises } from '../catalogue/prices';
import type { BillingDeps } from './deps';
import { endDeactivated } from './expire';
import { renewOne } from './renew';

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
  const report: BillingReport = { charged: 0, failed: 0, expired: 0, ended: 0, skipped: 0 };
  const today = isoDay(at);

  report.ended += await endDeactivated(deps, today, at);

  // Subscribers are told of a rise before any renewal could charge it (a change by SQL, a late buyer).
  await tellOfRises({ store: deps.store, notifier: deps.notifier, noticeDays: deps.noticeDays ?? 30 }, at);

  for (const customer_id of await deps.store.renewals.dueIds(today)) {
    const outcome = await renewOne(deps, customer_id, at, runner, options.takeOver ?? false);
    report[outcome] += 1;
    deps.progress?.(customer_id, outcome);
  }
  return report;
}
