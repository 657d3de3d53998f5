import type { FastifyInstance } from 'fastify';
import { endpoints, saleRefOf } from '@portal/shared/contract';
import { invoiceFileName } from '../payments/invoicePdf';
import { operatorOf } from '../portalConfig';
import type { ApiContext } from '../context';
import { HttpError, tooManyRequests } from '../http/validate';
import { route } from '../http/route';
import { addMonth, isoDay } from '../days';
import { fromFening, toFening } from '../money';
import { CARD_NOT_FOUND, ownCard } from '../cards/cards';
import {
  alreadyPaid,
  cancelPayments,
  idempotencyKey,
  invoiceOf,
  keyReused,
  PLAN_NOT_FOUND,
  refuseUnlessMayBuy,
  startOrderPayment,
  paymentHistory,
} from '../payments/orders';
import { ERROR_TEXTS, ORDER_TEXTS } from '../texts/errors';

const PRICE_CHANGED = ERROR_TEXTS.priceChanged;
/** Invoice PDFs a customer may have rendered in a minute (each is rendered once; stored ones are read freely). */
const INVOICE_RENDERS_PER_MINUTE = 10;
const PAYMENT_NOT_FOUND = ERROR_TEXTS.paymentNotFound;

/**
 * Payments (product.md §7): the new-account payment info and order, the payment
 * history and one payment (the invoice). The order is paid in the browser
 * with the provider; its success event activates the subscription (see events.ts).
 */
export function paymentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const product = ctx.config.product;

  route(app, ctx, endpoints.paymentInfo, async ({ params }) => {
    const today = isoDay(ctx.now());
    const plan = await ctx.store.plans.find(params.planId, today);
    if (!plan) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');
    return {
      [`${product}Plan` as const]: { id: plan.code, name: plan.name, price: fromFening(plan.price_fening) },
      periodStart: today,
      periodEnd: addMonth(today),
    };
  });

  route(app, ctx, endpoints.createOrder, async ({ customer: { customerId }, body, request }) => {
    const key = idempotencyKey(request, 'order');
    const planCode = body[`${product}PlanId`]!;

    const card = await ownCard(ctx.store.cards, customerId, body.creditCardId);
    if (!card?.payment_method) throw new HttpError(404, CARD_NOT_FOUND, 'NOT_FOUND');
    const today = isoDay(ctx.now());
    const found = await ctx.store.plans.find(planCode, today);
    if (!found) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');
    // The price charged is the one the customer was shown (body.amount) and the list price now, read
    // under the package's row lock that a price change takes too: an order placed while the price
    // changes is charged the price it was shown or refused, never a third amount.
    const plan = { ...found };
    // Under the customer's row lock: one open purchase order per customer. The same order again (a
    // second tab, a reopened dialog) answers the open one, so its payment is the same and is paid once;
    // a different one cancels the open one first.
    const { orderNumber, cancelled } = await ctx.store.transaction(async (tx) => {
      await tx.customers.lock(customerId);
      const same = await tx.orders.byKey(customerId, key);
      if (same && (same.plan_code !== plan.code || same.card_code !== card.code)) throw keyReused();
      if (same?.status === 'PAID') throw alreadyPaid();
      if (same) return { orderNumber: same.order_number, cancelled: [] as string[] };
      await refuseUnlessMayBuy(tx, customerId, today);
      const listed = await tx.prices.priceForOrder(plan.code, today);
      if (!listed || toFening(body.amount) !== listed.price_fening) {
        throw new HttpError(409, PRICE_CHANGED, 'PRICE_CHANGED');
      }
      plan.price_fening = listed.price_fening;
      const open = await tx.orders.openPurchase(customerId);
      if (
        open &&
        open.plan_code === plan.code &&
        open.card_code === card.code &&
        open.amount_fening === plan.price_fening
      ) {
        return { orderNumber: open.order_number, cancelled: [] as string[] };
      }
      const cancelled = await tx.orders.cancelOpen(customerId, 'PURCHASE', ctx.now());
      const created = await tx.orders.createPurchase(
        {
          customerId,
          plan: plan.code,
          cardCode: card.code,
          cardNumber: card.masked_number,
          amountFening: plan.price_fening,
          key,
          ref: saleRefOf(body.ref),
        },
        ctx.now(),
      );
      return { orderNumber: created, cancelled };
    });
    await cancelPayments(ctx.payments.gateway, cancelled, request.log);
    return startOrderPayment(
      { repos: ctx.store, gateway: ctx.payments.gateway, log: request.log },
      {
        orderNumber,
        customerId,
        amountFening: plan.price_fening,
        card: { ...card, payment_method: card.payment_method },
        description: ORDER_TEXTS.order(plan.name, orderNumber),
      },
    );
  });

  route(app, ctx, endpoints.payments, async ({ customer: { customerId } }) => {
    return paymentHistory(ctx.store, customerId);
  });

  route(app, ctx, endpoints.invoice, async ({ customer: { customerId }, params: { orderNumber } }) => {
    const invoice = await invoiceOf(ctx.store, orderNumber, customerId);
    // Another customer's invoice is as absent as an unknown one.
    if (!invoice) throw new HttpError(404, PAYMENT_NOT_FOUND, 'NOT_FOUND');
    return invoice;
  });

  // The same invoice as a PDF (docs/messages.md), for 'Preuzmi PDF' and e-mailed receipts: rendered once,
  // off the request loop, then read; a customer starts at most INVOICE_RENDERS_PER_MINUTE renders.
  route(app, ctx, endpoints.invoicePdf, async ({ customer: { customerId }, params: { orderNumber }, reply }) => {
    const invoice = await invoiceOf(ctx.store, orderNumber, customerId);
    if (!invoice) throw new HttpError(404, PAYMENT_NOT_FOUND, 'NOT_FOUND');
    const pdf = await ctx.invoices.pdf(invoice, operatorOf(ctx.config), async () => {
      const taken = await ctx.limits.take([
        { key: `invoice-render:${customerId}`, max: INVOICE_RENDERS_PER_MINUTE, windowSeconds: 60 },
      ]);
      if (!taken.ok) throw tooManyRequests(ERROR_TEXTS.tooManyPdfs, taken.retryAfter, 'TOO_MANY_RENDERS');
    });
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.orderNumber)}"`)
      .send(pdf);
  });
}
