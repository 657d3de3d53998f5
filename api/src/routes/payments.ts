import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { idempotencyKey, paymentHistory } from '../money/orders';
import { placeOrder, purchaseInfo } from '../money/purchase';
import { customerInvoice, customerInvoicePdf } from '../money/invoices/invoices';

/**
 * Payments (product.md §7): the new-account payment info and order, the payment history and one
 * payment (the invoice, and its PDF). The order is paid in the browser with the provider; its success
 * event activates the subscription (see events.ts). Each route parses, authorises, calls one use case
 * of money/ and answers (docs/architecture.md).
 */
export function paymentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const product = ctx.config.product;

  route(app, ctx, endpoints.paymentInfo, async ({ params }) => purchaseInfo(ctx, product, params.planId));

  route(app, ctx, endpoints.createOrder, async ({ customer, body, request }) => {
    const key = idempotencyKey(request, 'order');
    const deps = {
      store: ctx.store,
      gateway: ctx.payments.gateway,
      log: request.log,
      now: ctx.now,
      orderTtlMinutes: ctx.config.billing.orderTtlMinutes,
    };
    const order = {
      planCode: body[`${product}PlanId`]!,
      cardCode: body.creditCardId,
      amount: body.amount,
      ref: body.ref,
      key,
    };
    return placeOrder(deps, customer.customerId, order);
  });

  route(app, ctx, endpoints.payments, async ({ customer }) => paymentHistory(ctx.store, customer.customerId));

  route(app, ctx, endpoints.invoice, async ({ customer, params }) =>
    customerInvoice(ctx, customer.customerId, params.orderNumber),
  );

  route(app, ctx, endpoints.invoicePdf, async ({ customer, params, reply }) => {
    const { pdf, fileName } = await customerInvoicePdf(ctx, customer.customerId, params.orderNumber);
    return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
  });
}
