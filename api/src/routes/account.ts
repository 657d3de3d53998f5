import type { FastifyInstance } from 'fastify';
import { endpoints, saleRefOf, type AccountInfo } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import type { AccountSubscriptionRow } from '../repositories/subscriptions';
import { SESSION_EXPIRED } from '../auth/guard';
import { HttpError } from '../http/validate';
import { route } from '../http/route';
import { isoDay } from '../days';
import { fromFening } from '../money';
import {
  ALREADY_SUBSCRIBED,
  cancelPayments,
  NEEDS_CARD,
  NO_PROMO,
  PLAN_NOT_FOUND,
  PROMO_USED,
  CARD_PROMO_USED,
  refuseUnlessMayBuy,
} from '../payments/orders';
import { graceUntil } from '../billing/job';
import { NOTICES } from '../texts/notices';
import { notifyCustomer } from '../delivery/notifier';
import { ERROR_TEXTS } from '../texts/errors';

type SubscriptionRow = AccountSubscriptionRow;

/** The subscription's promo while it runs (product.md §4, Promo): an ACTIVE subscription before the promo's last day. */
function runningPromo(subscription: SubscriptionRow | null, today: string): AccountInfo['promos'] {
  if (
    !subscription?.promo_type ||
    !subscription.promo_until ||
    subscription.status !== 'ACTIVE' ||
    subscription.promo_until <= today
  )
    return [];
  return [
    {
      status: 'ACTIVE',
      promoType: subscription.promo_type,
      durationUntil: subscription.promo_until,
      durationDays: subscription.promo_days,
    },
  ];
}

/** A renewal failing inside its grace period: when it is tried again and until when the service lasts. */
function renewalProblem(subscription: SubscriptionRow | null): AccountInfo['renewalProblem'] {
  if (!subscription || subscription.status !== 'ACTIVE' || subscription.billing_failures === 0) return null;
  const last = graceUntil(subscription.billing_grace_from ?? subscription.next_payment_on);
  const retryOn =
    subscription.billing_next_on && subscription.billing_next_on <= last ? subscription.billing_next_on : null;
  return { retryOn, graceUntil: last };
}

/** A downgrade that starts with the next renewal, shown while the subscription is ACTIVE (it renews). */
function pendingPlan(subscription: SubscriptionRow | null): AccountInfo['pendingPlan'] {
  if (subscription?.status !== 'ACTIVE' || !subscription.pending_code) return null;
  return {
    code: subscription.pending_code,
    name: subscription.pending_name!,
    price: fromFening(subscription.pending_price_fening!),
    from: subscription.next_payment_on,
  };
}

const NOT_ACTIVE = ERROR_TEXTS.notActive;
const NOT_REACTIVATABLE = ERROR_TEXTS.notReactivatable;

/**
 * `GET /{product}/accountInfo`, `/deactivate`, `/reactivateWithoutPayment` and `POST /{product}/createSubscriptionInPromoPeriod` (product.md §7; product.md §4,
 * Subscription status). A state change happens in one conditional
 * UPDATE, so a refused or concurrent request changes nothing; a refusal is a 409 with a message.
 */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // The busiest call after a renewal: its one query checks the session too (route's sessionCheckedByHandler).
  route(
    app,
    ctx,
    endpoints.accountInfo,
    async ({ customer }) => {
      const account = await ctx.store.subscriptions.accountOfSession(customer);
      if (!account) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
      const subscription = account.status ? account : null;
      return {
        status: subscription?.status ?? null,
        plan: subscription
          ? { code: subscription.plan_code, name: subscription.plan_name, price: fromFening(subscription.price_fening) }
          : null,
        nextPaymentOn: subscription?.next_payment_on ?? null,
        accountNumber: account.customer_number,
        promos: runningPromo(subscription, isoDay(ctx.now())),
        usedPromos: account.used_promos ?? [],
        renewalProblem: renewalProblem(subscription),
        pendingPlan: pendingPlan(subscription),
      };
    },
    { sessionCheckedByHandler: true },
  );

  // Deactivation keeps the service until the paid period ends: only the status changes. Under the
  // customer's row lock, it also cancels an upgrade still waiting for its payment (and the payment at
  // the processor): the customer's last click wins, and no upgrade is charged to be given back.
  // Each change and its confirmation message in one transaction.
  // The portal's POST and the specification's GET (shared/src/contract/endpoints.ts) are one call.
  for (const endpoint of [endpoints.deactivate, endpoints.deactivateGet])
    route(app, ctx, endpoint, async ({ customer: { customerId }, request }) => {
      let cancelled: string[] = [];
      const row = await ctx.store.transaction(async (tx) => {
        await tx.customers.lock(customerId);
        const changed = await tx.subscriptions.deactivate(customerId, ctx.now());
        if (changed) {
          cancelled = await tx.orders.cancelOpen(customerId, 'UPGRADE', ctx.now());
          await notifyCustomer(
            tx,
            ctx.notifier,
            customerId,
            NOTICES.deactivated({ plan: changed.plan_name, until: changed.next_payment_on }),
          );
        }
        return changed;
      });
      await cancelPayments(ctx.payments.gateway, cancelled, request.log);
      if (!row) throw new HttpError(409, NOT_ACTIVE, 'NOT_ACTIVE');
      return { status: row.status, nextPaymentOn: row.next_payment_on };
    });

  for (const endpoint of [endpoints.reactivateWithoutPayment, endpoints.reactivateWithoutPaymentGet])
    route(app, ctx, endpoint, async ({ customer: { customerId } }) => {
      const row = await ctx.store.transaction(async (tx) => {
        const changed = await tx.subscriptions.reactivate(customerId, ctx.now(), isoDay(ctx.now()));
        if (changed)
          await notifyCustomer(
            tx,
            ctx.notifier,
            customerId,
            NOTICES.reactivated({ plan: changed.plan_name, next: changed.next_payment_on }),
          );
        return changed;
      });
      if (!row) throw new HttpError(409, NOT_REACTIVATABLE, 'NOT_REACTIVATABLE');
      return { status: row.status, nextPaymentOn: row.next_payment_on };
    });

  // A free promo period: the subscription starts at once, with no payment (the promo's rules in payments/routes.ts).
  route(
    app,
    ctx,
    endpoints.subscribeInPromo,
    async ({ customer: { customerId }, body: { plan: planCode, ref }, request }) => {
      const today = isoDay(ctx.now());
      const promo = await ctx.store.plans.promoStartingOn(planCode, today);
      if (!promo) {
        if (!(await ctx.store.plans.find(planCode))) throw new HttpError(404, PLAN_NOT_FOUND, 'NOT_FOUND');
        throw new HttpError(409, NO_PROMO, 'NO_PROMO');
      }
      if (!(await ctx.store.cards.hasPrimary(customerId))) throw new HttpError(409, NEEDS_CARD, 'NO_CARD');
      // One transaction under the customer's row lock: the promo is used once per customer and plan and
      // once per card and plan (its row is the proof, docs/limits.md), the subscription starts only if the
      // customer may buy one now, and an order left open in another tab is cancelled so it cannot be paid
      // on top of the promo.
      const { row, cancelled } = await ctx.store.transaction(async (tx) => {
        await tx.customers.lock(customerId);
        await refuseUnlessMayBuy(tx, customerId, today);
        const card = await tx.cards.primaryForPromo(customerId);
        if (!card) throw new HttpError(409, NEEDS_CARD, 'NO_CARD');
        const use = await tx.plans.usePromo(customerId, planCode, card.fingerprint, ctx.now(), saleRefOf(ref));
        if (use === 'customer') throw new HttpError(409, PROMO_USED, 'PROMO_USED');
        // Another account had this plan's promo with the same card: the plan is offered at its price.
        if (use === 'card') throw new HttpError(409, CARD_PROMO_USED, 'CARD_PROMO_USED');
        const started = await tx.subscriptions.startPromo(
          customerId,
          planCode,
          { type: promo.promo_type, ends: promo.ends, days: promo.duration_days },
          today,
          ctx.now(),
        );
        if (!started) throw new HttpError(409, ALREADY_SUBSCRIBED, 'ALREADY_SUBSCRIBED');
        return { row: started, cancelled: await tx.orders.cancelOpen(customerId, 'PURCHASE', ctx.now()) };
      });
      await cancelPayments(ctx.payments.gateway, cancelled, request.log);
      return { status: row.status, nextPaymentOn: row.next_payment_on };
    },
  );
}
