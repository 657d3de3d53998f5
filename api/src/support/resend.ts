import { STAFF_TEXTS } from '@portal/shared/contract/support';
import type { StaffSession } from '../repositories/staff';
import { DomainError, tooManyTries } from '../errors';
import { channelOf, resendCode, type ResendDeps } from '../onboarding/codes';
import { deliverable } from '../delivery/channels';
import { invoiceOf } from '../money/orders';
import { notifyCustomer } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { toFening } from '../money/amounts';
import { recordAudit } from './audit';

/**
 * The invoice e-mailed again, as the receipt was: through the outbox, in one transaction with its audit
 * entry. A customer's inbox is not the console's to flood: 5 invoices sent again an hour.
 */
export async function resendInvoice(
  deps: ResendDeps,
  staff: StaffSession,
  customerId: number,
  orderNumber: string,
): Promise<void> {
  const invoice = await invoiceOf(deps.store, orderNumber, customerId);
  if (!invoice) throw new DomainError('not-found', STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
  const taken = await deps.limits.take([{ key: `staff-resend:${customerId}`, max: 5, windowSeconds: 3600 }]);
  if (!taken.ok) throw tooManyTries(STAFF_TEXTS.tooManyResends, taken.retryAfter, 'TOO_MANY_RESENDS');
  await deps.store.transaction(async (tx) => {
    await notifyCustomer(
      tx,
      deps.notifier,
      customerId,
      NOTICES.invoiceCopy({
        plan: invoice.paymentData.name,
        amountFening: toFening(invoice.amount),
        orderNumber: invoice.orderNumber,
      }),
    );
    await tx.audit.record(
      {
        staffId: staff.staffId,
        staffName: staff.name,
        action: 'invoice.resend',
        customerId,
        after: { orderNumber: invoice.orderNumber },
      },
      deps.now(),
    );
  });
}

/**
 * The code of a password reset the customer started, sent again (a lost SMS): the customer's own
 * limits apply (five resends an hour), and the audit trail says who asked. 409 when no reset is open,
 * or when its channel has no transport outside the sandbox (delivery/channels.ts).
 */
export async function resendResetCode(deps: ResendDeps, staff: StaffSession, customerId: number): Promise<void> {
  const reset = await deps.store.verifications.openResetOf(customerId);
  const channel = reset && channelOf(reset.registration_type);
  // Told in the console's words: the operator's setting, not the customer's way round it.
  if (channel && !deliverable(deps, channel)) {
    throw new DomainError('conflict', STAFF_TEXTS.codeChannelMissing(channel), `${channel}_UNAVAILABLE`);
  }
  if (!reset || !(await resendCode(deps, reset.id, 'PASSWORD_RESET'))) {
    throw new DomainError('conflict', STAFF_TEXTS.noOpenReset, 'CONFLICT');
  }
  await recordAudit(deps, staff, 'code.resend', customerId);
}
