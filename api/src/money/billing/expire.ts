import type { Repositories } from '../../repositories';
import type { DueRow } from '../../repositories/renewals';
import { notifyCustomer, type Notice } from '../../delivery/notifier';
import { NOTICES } from '../../texts/notices';
import type { BillingDeps } from './deps';

/** A subscription that ended: its open renewal orders fail and the customer is told, in the transaction that ended it. */
async function closeEnded(tx: Repositories, deps: BillingDeps, customerId: number, notice: Notice, at: Date) {
  await tx.orders.failOpenRenewals(customerId, at);
  await notifyCustomer(tx, deps.notifier, customerId, notice);
}

/**
 * DEACTIVATED subscriptions are not charged; their period over, they expire (product.md §4). Each one
 * and its notice in one transaction. Answers how many ended.
 */
export async function endDeactivated(deps: BillingDeps, today: string, at: Date): Promise<number> {
  let ended = 0;
  for (const customer_id of await deps.store.renewals.endingIds(today)) {
    const done = await deps.store.transaction(async (tx) => {
      const row = await tx.renewals.endDeactivated(customer_id, today, at);
      if (!row) return false;
      await closeEnded(tx, deps, customer_id, NOTICES.ended({ plan: row.plan_name, on: row.ended_on }), at);
      return true;
    });
    if (done) ended += 1;
  }
  return ended;
}

/**
 * Not paid by the end of the grace period: the service ends and must be bought again (product.md §9),
 * with its notice, in one transaction. 'skipped' when the subscription moved on meanwhile.
 */
export async function expireUnpaid(deps: BillingDeps, sub: DueRow, at: Date): Promise<'expired' | 'skipped'> {
  const expired = await deps.store.transaction(async (tx) => {
    if (!(await tx.renewals.expireUnpaid(sub.customer_id, sub.due, at))) return false;
    await closeEnded(tx, deps, sub.customer_id, NOTICES.expired({ plan: sub.plan_name }), at);
    return true;
  });
  return expired ? 'expired' : 'skipped';
}
