import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { HttpError } from '../http/validate';
import { route } from '../http/route';
import { isoDay } from '../days';
import { toFening } from '../money';
import { ownCard } from '../cards/cards';
import {
  alreadyPaid,
  cancelPayments,
  idempotencyKey,
  keyReused,
  startOrderPayment,
  upgradeName,
} from '../payments/orders';
import { quoteChange, RENEWAL_DUE, toAnswer } from '../account/planChange';
import { ERROR_TEXTS, ORDER_TEXTS } from '../texts/errors';

const AMOUNT_CHANGED = ERROR_TEXTS.amountChanged;
const CHANGED_MEANWHILE = ERROR_TEXTS.changedMeanwhile;
const NEEDS_PRIMARY_CARD = ERROR_TEXTS.changeNeedsCard;

/**
 * Changing an ACTIVE subscription's package (product.md §10, Changing the package): the quote, the
 * change, and cancelling a downgrade that waits for the renewal. Each change is one conditional
 * statement on the subscription as it was quoted (plan, period), under the customer's row lock, so a
 * renewal, a deactivation or another tab in between makes it a 409 that changes nothing. An upgrade's
 * order is one open order per customer (a newer one cancels the older and its payment), and its
 * payment changes the plan when it arrives (payments/events.ts), or is refunded if the subscription
 * is no longer the one it was quoted for.
 */
export function planChangeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.planChangeQuote, async ({ customer: { customerId }, query }) =>
    toAnswer(await quoteChange(ctx.store, customerId, query.plan, isoDay(ctx.now()))),
  );

  route(app, ctx, endpoints.changePlan, async ({ customer: { customerId }, body, request }) => {
    const key = idempotencyKey(request, 'plan-change');
    const today = isoDay(ctx.now());
    const now = ctx.now();
    const decided = await ctx.store.transaction(async (tx) => {
      await tx.customers.lock(customerId);
      // The same request again (a double click, a retry): the same order and payment.
      const same = await tx.orders.byKey(customerId, key);
      if (same && (same.plan_code !== body.plan || same.amount_fening !== toFening(body.amount))) throw keyReused();
      if (same?.status === 'PAID') throw alreadyPaid();
      if (same)
        return {
          kind: 'order' as const,
          orderNumber: same.order_number,
          amountFening: same.amount_fening,
          cancelled: [] as string[],
        };

      const quote = await quoteChange(tx, customerId, body.plan, today);
      if (toFening(body.amount) !== quote.amountFening) throw new HttpError(409, AMOUNT_CHANGED, 'PRICE_CHANGED');

      // A downgrade, and any change during a promo, waits for the next renewal (the promo's end), which charges the new package.
      if (quote.kind === 'DOWNGRADE' || quote.promo) {
        if (!(await tx.subscriptions.schedulePlan(customerId, quote.from.code, quote.periodEnd, quote.to.code, now)))
          throw new HttpError(409, CHANGED_MEANWHILE, 'CHANGED_MEANWHILE');
        return { kind: 'done' as const, result: 'SCHEDULED' as const, effectiveOn: quote.effectiveOn };
      }

      const card = (await tx.cards.saved(customerId)).find((c) => c.primary_card && c.payment_method);
      if (!card) throw new HttpError(409, NEEDS_PRIMARY_CARD, 'NO_CARD');
      const change = {
        plan: quote.to.code,
        from: quote.from.code,
        cardCode: card.code,
        amountFening: quote.amountFening,
        periodEnd: quote.periodEnd,
      };
      const open = await tx.orders.openUpgrade(customerId, change);
      if (open)
        return {
          kind: 'order' as const,
          orderNumber: open,
          amountFening: quote.amountFening,
          cancelled: [] as string[],
        };
      const cancelled = await tx.orders.cancelOpen(customerId, 'UPGRADE', now);
      const created = await tx.orders.createUpgrade(
        { customerId, ...change, cardNumber: card.masked_number, key, periodStart: quote.periodStart },
        now,
      );
      return { kind: 'order' as const, orderNumber: created, amountFening: quote.amountFening, cancelled };
    });
    if (decided.kind === 'done') return { result: decided.result, effectiveOn: decided.effectiveOn, order: null };

    await cancelPayments(ctx.payments.gateway, decided.cancelled, request.log);
    const order = await ctx.store.orders.upgradeNames(decided.orderNumber);
    const card = await ownCard(ctx.store.cards, customerId, order!.card_code);
    if (!card?.payment_method) throw new HttpError(409, NEEDS_PRIMARY_CARD, 'NO_CARD');
    const placed = await startOrderPayment(
      { repos: ctx.store, gateway: ctx.payments.gateway, log: request.log },
      {
        orderNumber: decided.orderNumber,
        customerId,
        amountFening: decided.amountFening,
        card: { ...card, payment_method: card.payment_method },
        description: ORDER_TEXTS.order(upgradeName(order!.plan_name, order!.from_name), decided.orderNumber),
      },
    );
    return { result: 'PAYMENT' as const, effectiveOn: today, order: placed };
  });

  // Under the customer's row lock, which the renewal also takes to decide what it charges: a cancel
  // either comes first (the renewal charges the package kept) or finds the renewal under way and says
  // so (409); never a cancel acknowledged while the renewal starts the package it cancelled.
  route(app, ctx, endpoints.cancelPlanChange, async ({ customer: { customerId } }) => {
    const today = isoDay(ctx.now());
    await ctx.store.transaction(async (tx) => {
      await tx.customers.lock(customerId);
      if (await tx.subscriptions.renewalUnderWay(customerId, today))
        throw new HttpError(409, RENEWAL_DUE, 'RENEWAL_DUE');
      await tx.subscriptions.cancelScheduledPlan(customerId, ctx.now());
    });
  });
}
