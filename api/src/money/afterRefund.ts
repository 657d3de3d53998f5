import type { RefundAfter } from '@portal/shared/contract/support';
import type { Repositories } from '../repositories';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { isoDay } from '../days';

/**
 * The subscription after a refund, as the admin chose (a refund made at the processor ends it now):
 * `end-now` ends the service today (EXPIRED, the open renewal order failed); `keep-to-period-end` keeps
 * it to the paid period's end without renewing
 * (DEACTIVATED, with the customer's usual deactivation notice). Null when there was nothing to change
 * (no subscription, expired already, or already deactivated).
 */
export async function serviceAfterRefund(
  tx: Repositories,
  notifier: Notifier,
  customerId: number,
  after: RefundAfter,
  at: Date,
) {
  if (after === 'end-now') {
    const ended = await tx.subscriptions.endForRefund(customerId, isoDay(at), at);
    if (ended) await tx.orders.failOpenRenewals(customerId, at);
    return ended;
  }
  const kept = await tx.subscriptions.stopRenewalForRefund(customerId, isoDay(at), at);
  if (kept) {
    await notifyCustomer(
      tx,
      notifier,
      customerId,
      NOTICES.deactivated({ plan: kept.plan_name, until: kept.next_payment_on }),
    );
  }
  return kept;
}
