import { randomUUID } from 'node:crypto';
import { pauseRefusal, type PauseRefusal, type ServiceStatus } from '@portal/shared/contract';
import { formatDate } from '@portal/shared/format';
import type { Repositories, Store } from '../../repositories';
import type { PauseRow, PauseStateRow } from '../../repositories/pauses';
import type { StaffSession } from '../../repositories/staff';
import type { CustomerSummaryRow } from '../../repositories/customers';
import { notifyCustomer, type Notifier } from '../../delivery/notifier';
import { DomainError } from '../../errors';
import { isoDay } from '../../days';
import { ERROR_TEXTS } from '../../texts/errors';
import { NOTICES } from '../../texts/notices';
import { changeByStaff } from '../../support/audit';
import type { BillingDeps } from './deps';
import { renewOne } from './renew';

/*
 * A pause instead of a cancellation (decision 055; product.md §10, A pause). A pause is columns of an
 * ACTIVE subscription: asking for one moves the next payment day by its length, so the billing pass finds
 * nothing due until it ends and then renews as ever; ending it early moves the day back, and when that
 * day is today the renewal is charged at once (renew.ts, the usual credit or card). Each change is one
 * conditional UPDATE of the customer's row (repositories/pauses.ts) under the customer's row lock, the lock
 * a renewal's order is placed under: a pause and a renewal at once are ordered by the database.
 */

type PauseDeps = Pick<BillingDeps, 'store' | 'notifier'> & { now: () => Date };

/** What ending a pause needs: the billing pass's dependencies (it may renew at once) and the clock. */
type ResumeDeps = BillingDeps & { now: () => Date };

/**
 * The refusal of a pause in the customer's words, with the answer's code: why by the rule the page
 * decides too (`pauseRefusal`); when that allows it, a renewal's order still open held it back.
 */
function refused(state: PauseStateRow | null, today: string): DomainError {
  const reason: PauseRefusal = state
    ? (pauseRefusal(
        {
          status: state.status,
          nextPaymentOn: state.next_payment_on,
          promo: state.promo,
          renewalFailing: state.renewal_failing,
          pauseFrom: state.pause_from,
          pauseUntil: state.pause_until,
        },
        today,
      ) ?? 'RENEWAL')
    : 'NOT_ACTIVE';
  if (reason === 'ONCE_A_YEAR')
    return new DomainError(
      'conflict',
      ERROR_TEXTS.pauseOncePerYear(formatDate(state!.next_from!)),
      'PAUSE_ONCE_A_YEAR',
    );
  const text = {
    NOT_ACTIVE: ERROR_TEXTS.pauseNotActive,
    PROMO: ERROR_TEXTS.pausePromo,
    RENEWAL: ERROR_TEXTS.pauseRenewal,
    PAUSED: ERROR_TEXTS.pauseAlready,
  }[reason];
  return new DomainError('conflict', text, `PAUSE_${reason}`);
}

/**
 * `POST /{product}/pause` ('Potvrdi pauzu'): a pause of `months` from the end of the period paid, with its
 * confirmation message, in one transaction. Every rule, the once per 12 months included, is decided by the
 * one UPDATE (PausesRepository.start); a refusal (409) changes nothing and says why.
 */
export async function pauseSubscription(deps: PauseDeps, customerId: number, months: number): Promise<ServiceStatus> {
  const at = deps.now();
  const today = isoDay(at);
  // The pause writes this customer's rows alone (decision 051).
  const row = await deps.store.writingFor(String(customerId)).transaction(async (tx) => {
    await tx.customers.lock(customerId);
    const started = await tx.pauses.start(customerId, months, today, at);
    if (!started) throw refused(await tx.pauses.pauseState(customerId), today);
    const notice = NOTICES.paused({ plan: started.plan_name, from: started.pause_from!, until: started.pause_until! });
    await notifyCustomer(tx, deps.notifier, customerId, notice);
    return started;
  });
  return { status: 'ACTIVE', nextPaymentOn: row.next_payment_on };
}

/** The pause ended under the customer's row lock (PausesRepository.end); null when none was under way. */
async function endPause(tx: Repositories, customerId: number, today: string, at: Date): Promise<PauseRow | null> {
  await tx.customers.lock(customerId);
  return tx.pauses.end(customerId, today, at);
}

/**
 * After a pause ended: when the next payment day is today (a running pause), the renewal now, as the
 * billing pass would make it (one attempt, whoever takes it: a pass running at the same moment takes the
 * same row and only one charges). Then the subscription as it stands.
 */
async function renewIfDue(deps: ResumeDeps, customerId: number, ended: PauseRow, at: Date): Promise<ServiceStatus> {
  if (ended.next_payment_on <= isoDay(at)) await renewOne(deps, customerId, at, randomUUID(), false);
  const now = await deps.store.customers.summary(customerId);
  return { status: (now?.status ?? 'ACTIVE') as ServiceStatus['status'], nextPaymentOn: now?.next_payment_on ?? null };
}

/**
 * `POST /{product}/resume` ('Nastavi pretplatu'): the pause ends at once. A running one is charged from
 * today, with the usual voucher credit or card, and a new period starts today; one still to start is
 * undone, the paid period as it was. 409 when there is no pause to end.
 */
export async function resumeSubscription(deps: ResumeDeps, customerId: number): Promise<ServiceStatus> {
  const at = deps.now();
  const ended = await deps.store
    .writingFor(String(customerId))
    .transaction((tx) => endPause(tx, customerId, isoDay(at), at));
  if (!ended) throw new DomainError('conflict', ERROR_TEXTS.notPaused, 'NOT_PAUSED');
  return renewIfDue(deps, customerId, ended, at);
}

/**
 * The console's 'Završi pauzu' (an admin): the customer's pause ends as their own 'Nastavi pretplatu' ends
 * it, with the audit entry in the same transaction (before and after: the pause and the next payment day).
 * The customer as the console shows them after it.
 */
export async function endPauseByStaff(
  deps: ResumeDeps,
  staff: StaffSession,
  customerId: number,
  reason: string,
): Promise<CustomerSummaryRow> {
  const at = deps.now();
  const entry = { customerId, action: 'subscription.pause.end', reason, at };
  const ended = await changeByStaff(deps.store, staff, entry, async (tx, before) => {
    const row = await tx.pauses.end(customerId, isoDay(at), at);
    if (!row) throw new DomainError('conflict', ERROR_TEXTS.notPaused, 'NOT_PAUSED');
    return {
      result: row,
      before: { pauseFrom: before.pause_from, pauseUntil: before.pause_until, nextPaymentOn: before.next_payment_on },
      after: { pauseFrom: row.pause_from, pauseUntil: row.pause_until, nextPaymentOn: row.next_payment_on },
    };
  });
  await renewIfDue(deps, customerId, ended, at);
  return (await deps.store.customers.summary(customerId))!;
}

/**
 * The reminder 3 days before a running pause ends (the billing pass, job.ts): each pause is taken once by
 * the statement that marks it reminded, its message written in the same transaction.
 */
export async function remindPauseEnds(deps: { store: Store; notifier: Notifier }, at: Date): Promise<void> {
  await deps.store.transaction(async (tx) => {
    for (const pause of await tx.pauses.takeReminders(isoDay(at), at))
      await notifyCustomer(
        tx,
        deps.notifier,
        pause.customer_id,
        NOTICES.pauseEnding({ plan: pause.plan_name, until: pause.until }),
      );
  });
}
