import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { customerIdOf } from '../../http/staffAccess';
import { extendPeriod, setCustomerBlocked } from '../../support/customers';
import { refundOrder } from '../../money/refunds';
import { endPauseByStaff } from '../../money/billing/pause';
import { customerSummary } from '../../support/customers';
import { resendInvoice, resendResetCode } from '../../support/resend';
import { fromFening, toFening } from '../../money/amounts';

/**
 * What the console does for a customer under `/api/staff`: block and unblock, refund, extend the period,
 * end a pause, and send an invoice or a code again, each in the audit trail (docs/decisions/032-support-console.md).
 * Registered by app.ts beside the other route files of routes/support/.
 */
export function supportActionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  staffRoute(app, ctx, endpoints.staffBlockCustomer, async ({ staff, params, body }) =>
    setCustomerBlocked(store, staff, customerIdOf(params), true, body.reason, ctx.now()),
  );
  staffRoute(app, ctx, endpoints.staffUnblockCustomer, async ({ staff, params, body }) =>
    setCustomerBlocked(store, staff, customerIdOf(params), false, body.reason, ctx.now()),
  );
  staffRoute(app, ctx, endpoints.staffExtendSubscription, async ({ staff, params, body }) =>
    extendPeriod(store, staff, customerIdOf(params), body.days, body.reason, ctx.now()),
  );
  // The customer's pause ended now, as their 'Nastavi pretplatu' ends it (money/billing/pause.ts).
  staffRoute(app, ctx, endpoints.staffEndPause, async ({ staff, params, body }) =>
    customerSummary(await endPauseByStaff({ ...ctx.billing, now: ctx.now }, staff, customerIdOf(params), body.reason)),
  );
  refundRoute(app, ctx);
  resendRoutes(app, ctx);
}

/** A payment refunded, in full or in part, with a credit note (money/refunds.ts). */
function refundRoute(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, endpoints.staffRefund, async ({ staff, params, body, request }) => {
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

/** An invoice or a password reset's code sent to the customer again (support/resend.ts). */
function resendRoutes(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, endpoints.staffResendInvoice, async ({ staff, params, reply }) => {
    await resendInvoice(ctx, staff, customerIdOf(params), params.orderNumber);
    return reply.code(204).send();
  });

  staffRoute(app, ctx, endpoints.staffResendCode, async ({ staff, params, reply }) => {
    await resendResetCode(ctx, staff, customerIdOf(params));
    return reply.code(204).send();
  });
}
