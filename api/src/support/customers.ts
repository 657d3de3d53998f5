import { STAFF_TEXTS, type CustomerSummary } from '@portal/shared/contract/support';
import type { Store } from '../repositories';
import type { CustomerSummaryRow } from '../repositories/customers';
import type { StaffSession } from '../repositories/staff';
import type { Status } from '../repositories/subscriptions';
import { DomainError } from '../errors';
import { changeByStaff } from './audit';

/** A customer as the console shows them. */
export function customerSummary(row: CustomerSummaryRow): CustomerSummary {
  return {
    id: row.id,
    accountNumber: row.customer_number,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phoneNumber: row.phone_number,
    status: row.status,
    plan: row.plan_name,
    nextPaymentOn: row.next_payment_on,
    blocked: row.blocked_at !== null,
    pause: row.pause_from && row.pause_until ? { from: row.pause_from, until: row.pause_until } : null,
    ...(row.used_promos ? { usedPromos: row.used_promos } : {}),
  };
}

/**
 * Blocks or unblocks a customer under their row lock, in one transaction with its audit entry. Blocked:
 * the subscription reads BLOCKED, every open session ends at once and sign-in is refused. Unblocked: the
 * subscription's status before the block comes back. Twice (two admins, a double click) is once: the
 * second is told it is done already (409) and changes nothing.
 */
export function setCustomerBlocked(
  store: Store,
  staff: StaffSession,
  customerId: number,
  block: boolean,
  reason: string,
  now: Date,
): Promise<CustomerSummary> {
  const action = block ? 'customer.block' : 'customer.unblock';
  return changeByStaff(store, staff, { customerId, action, reason, at: now }, async (tx, before) => {
    if ((before.blocked_at !== null) === block) {
      throw new DomainError('conflict', block ? STAFF_TEXTS.alreadyBlocked : STAFF_TEXTS.notBlocked, 'CONFLICT');
    }
    if (block) {
      await tx.customers.setBlocked(customerId, now, before.status);
      if (before.status) await tx.subscriptions.setStatus(customerId, 'BLOCKED', now);
      await tx.sessions.endOthers(customerId, null, now);
    } else {
      await tx.customers.setBlocked(customerId, null, null);
      if (before.blocked_status) await tx.subscriptions.setStatus(customerId, before.blocked_status as Status, now);
    }
    const after = (await tx.customers.summary(customerId))!;
    return {
      result: customerSummary(after),
      before: { status: before.status, blocked: before.blocked_at !== null },
      after: { status: after.status, blocked: after.blocked_at !== null },
    };
  });
}

/**
 * Extends the customer's paid period by `days` (a goodwill gesture, an outage), under their row lock, in
 * one transaction with its audit entry. An expired subscription is not extended: the customer buys anew.
 */
export function extendPeriod(
  store: Store,
  staff: StaffSession,
  customerId: number,
  days: number,
  reason: string,
  now: Date,
): Promise<CustomerSummary> {
  const entry = { customerId, action: 'subscription.extend', reason, at: now };
  return changeByStaff(store, staff, entry, async (tx, before) => {
    if (!before.status) throw new DomainError('conflict', STAFF_TEXTS.noSubscription, 'CONFLICT');
    // While blocked the status reads BLOCKED whatever it was: an expired period is not extended through a block.
    if (before.blocked_at) throw new DomainError('conflict', STAFF_TEXTS.extendBlocked, 'CONFLICT');
    const extended = await tx.subscriptions.extend(customerId, days, now);
    if (!extended) throw new DomainError('conflict', STAFF_TEXTS.notExtendable, 'CONFLICT');
    return {
      result: customerSummary((await tx.customers.summary(customerId))!),
      before: { nextPaymentOn: before.next_payment_on },
      after: { nextPaymentOn: extended.next_payment_on, days },
    };
  });
}
