import { cancelOpenOrders } from '../money/openOrders';
import type { Store } from '../repositories';
import type { StatusChange } from '../repositories/subscriptions';
import type { Notifier } from '../delivery/notifier';
import type { PaymentGateway } from '../money/processor/gateway';
import { notifyCustomer } from '../delivery/notifier';
import { cancelPayments } from '../money/orders';
import { DomainError } from '../errors';
import { isoDay } from '../days';
import { NOTICES } from '../texts/notices';
import { ERROR_TEXTS } from '../texts/errors';

/** What a subscription's state changes need: the repositories, the notifier, the card processor, the clock and a log. */
export interface StatusDeps {
  store: Store;
  notifier: Notifier;
  gateway: PaymentGateway;
  now: () => Date;
  log: { warn(message: string): void };
}

/** A subscription's state after a change: what the calls answer. */
export interface StatusAnswer {
  status: StatusChange['status'];
  nextPaymentOn: string;
}

/**
 * `/{product}/deactivate` (product.md §4, Subscription status): the service lasts until the paid
 * period ends, only the status changes, in one conditional UPDATE. Under the customer's row lock it
 * also cancels an upgrade still waiting for its payment (and the payment at the processor, after the
 * commit): the customer's last click wins, and no upgrade is charged to be given back. The change and
 * its confirmation message commit together; a refused one (409) changes nothing.
 */
export async function deactivate(deps: StatusDeps, customerId: number): Promise<StatusAnswer> {
  let cancelled: string[] = [];
  const row = await deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    const changed = await tx.subscriptions.deactivate(customerId, isoDay(deps.now()), deps.now());
    if (changed) {
      cancelled = await cancelOpenOrders(tx, customerId, 'UPGRADE', deps.now());
      const notice = NOTICES.deactivated({ plan: changed.plan_name, until: changed.next_payment_on });
      await notifyCustomer(tx, deps.notifier, customerId, notice);
    }
    return changed;
  });
  await cancelPayments(deps.gateway, cancelled, deps.log);
  if (!row) throw new DomainError('conflict', ERROR_TEXTS.notActive, 'NOT_ACTIVE');
  return { status: row.status, nextPaymentOn: row.next_payment_on };
}

/** `/{product}/reactivateWithoutPayment`: a deactivated subscription still paid for runs again, with its message, in one transaction. */
export async function reactivateWithoutPayment(
  deps: Omit<StatusDeps, 'gateway' | 'log'>,
  customerId: number,
): Promise<StatusAnswer> {
  const row = await deps.store.transaction(async (tx) => {
    const changed = await tx.subscriptions.reactivate(customerId, deps.now(), isoDay(deps.now()));
    if (changed) {
      const notice = NOTICES.reactivated({ plan: changed.plan_name, next: changed.next_payment_on });
      await notifyCustomer(tx, deps.notifier, customerId, notice);
    }
    return changed;
  });
  if (!row) throw new DomainError('conflict', ERROR_TEXTS.notReactivatable, 'NOT_REACTIVATABLE');
  return { status: row.status, nextPaymentOn: row.next_payment_on };
}
