import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { accountInfo } from '../account/info';
import { paymentData } from '../customer/paymentData';
import { deactivate, reactivateWithoutPayment, type StatusDeps } from '../account/status';
import { subscribeInPromo } from '../account/promo';
import { pauseSubscription, resumeSubscription } from '../money/billing/pause';

/** What the state changes need, with the request's log for a payment the processor would not cancel. */
const statusDeps = (ctx: ApiContext, log: StatusDeps['log']): StatusDeps => ({
  store: ctx.store,
  notifier: ctx.notifier,
  gateway: ctx.payments.gateway,
  now: ctx.now,
  log,
});

/**
 * `GET /{product}/accountInfo`, `/deactivate`, `/reactivateWithoutPayment`, `POST /{product}/pause`,
 * `/resume` and `POST /{product}/createSubscriptionInPromoPeriod` (product.md §7; product.md §4, Subscription status),
 * and the account page's `GET /customer/payment-data` (customer/paymentData.ts). Each route parses, authorises,
 * calls one use case of account/ (or customer/) and answers (docs/architecture.md).
 */
export function accountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.accountInfo, async ({ customer }) => accountInfo(ctx, customer), {
    sessionCheckedByHandler: true,
  });
  route(app, ctx, endpoints.paymentData, async ({ customer }) => paymentData(ctx, customer), {
    sessionCheckedByHandler: true,
  });

  // The portal's POST and the specification's GET (shared/src/contract/endpoints.ts) are one call.
  for (const endpoint of [endpoints.deactivate, endpoints.deactivateGet])
    route(app, ctx, endpoint, async ({ customer, request }) =>
      deactivate(statusDeps(ctx, request.log), customer.customerId),
    );

  for (const endpoint of [endpoints.reactivateWithoutPayment, endpoints.reactivateWithoutPaymentGet])
    route(app, ctx, endpoint, async ({ customer }) => reactivateWithoutPayment(ctx, customer.customerId));

  // A pause and its early end (product.md §10, A pause): money/billing/pause.ts.
  route(app, ctx, endpoints.pause, async ({ customer, body }) =>
    pauseSubscription(ctx, customer.customerId, body.months),
  );
  route(app, ctx, endpoints.resume, async ({ customer }) =>
    resumeSubscription({ ...ctx.billing, now: ctx.now }, customer.customerId),
  );

  route(app, ctx, endpoints.subscribeInPromo, async ({ customer, body: { plan, ref }, request }) =>
    subscribeInPromo(statusDeps(ctx, request.log), customer.customerId, plan, ref),
  );
}
