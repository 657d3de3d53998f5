import type { FastifyInstance } from 'fastify';
import { STAFF_TEXTS, staffEndpoints } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import { HttpError, tooManyRequests } from '../http/validate';
import { staffRoute } from '../http/staffRoute';
import { customerIdOf, recordAudit } from '../http/staffAccess';
import { extendPeriod, setCustomerBlocked } from '../staff/customers';
import { refundOrder } from '../staff/refunds';
import { resendCode } from '../onboarding/codes';
import { invoiceOf } from '../payments/orders';
import { notifyCustomer } from '../delivery/notifier';
import { NOTICES } from '../texts/notices';
import { fromFening, toFening } from '../money';

/**
 * What the console does for a customer under `/api/staff`: block and unblock, refund, extend the period,
 * and send an invoice or a code again, each in the audit trail (docs/decisions/032-support-console.md).
 * Registered by app.ts beside the other staff route files.
 */
export function staffActionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  staffRoute(app, ctx, staffEndpoints.block, async ({ staff, params, body }) =>
    setCustomerBlocked(store, staff, customerIdOf(params), true, body.reason, ctx.now()),
  );
  staffRoute(app, ctx, staffEndpoints.unblock, async ({ staff, params, body }) =>
    setCustomerBlocked(store, staff, customerIdOf(params), false, body.reason, ctx.now()),
  );
  staffRoute(app, ctx, staffEndpoints.extend, async ({ staff, params, body }) =>
    extendPeriod(store, staff, customerIdOf(params), body.days, body.reason, ctx.now()),
  );
  refundRoute(app, ctx);
  resendRoutes(app, ctx);
}

/** A payment refunded, in full or in part, with a credit note (staff/refunds.ts). */
function refundRoute(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, staffEndpoints.refund, async ({ staff, params, body, request }) => {
    const refund = await refundOrder(
      { store: ctx.store, gateway: ctx.payments.gateway, notifier: ctx.notifier, now: ctx.now, log: request.log },
      staff,
      {
        customerId: customerIdOf(params),
        orderNumber: params.orderNumber,
        amountFening: toFening(Number(body.amount.replace(',', '.'))),
        reason: body.reason,
        key: body.key,
        after: body.after,
      },
    );
    return {
      creditNoteNumber: refund.credit_note_number,
      orderNumber: refund.order_number,
      amount: fromFening(refund.amount_fening),
      status: refund.status,
    };
  });
}

/** An invoice or a password reset's code sent to the customer again. */
function resendRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  // The invoice e-mailed again, as the receipt was: through the outbox, in one transaction with its audit entry.
  staffRoute(app, ctx, staffEndpoints.resendInvoice, async ({ staff, params, reply }) => {
    const customerId = customerIdOf(params);
    const invoice = await invoiceOf(store, params.orderNumber, customerId);
    if (!invoice) throw new HttpError(404, STAFF_TEXTS.paymentNotFound, 'NOT_FOUND');
    // A customer's inbox is not the console's to flood: 5 invoices sent again an hour.
    const taken = await ctx.limits.take([{ key: `staff-resend:${customerId}`, max: 5, windowSeconds: 3600 }]);
    if (!taken.ok) throw tooManyRequests(STAFF_TEXTS.tooManyResends, taken.retryAfter, 'TOO_MANY_RESENDS');
    await store.transaction(async (tx) => {
      await notifyCustomer(
        tx,
        ctx.notifier,
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
        ctx.now(),
      );
    });
    return reply.code(204).send();
  });

  // The code of a password reset the customer started, sent again (a lost SMS): the customer's own
  // limits apply (five resends an hour), and the audit trail says who asked.
  staffRoute(app, ctx, staffEndpoints.resendCode, async ({ staff, params, reply }) => {
    const customerId = customerIdOf(params);
    const reset = await store.verifications.openResetOf(customerId);
    if (!reset || !(await resendCode(ctx, reset.id, 'PASSWORD_RESET'))) {
      throw new HttpError(409, STAFF_TEXTS.noOpenReset, 'CONFLICT');
    }
    await recordAudit(ctx, staff, 'code.resend', customerId);
    return reply.code(204).send();
  });
}
