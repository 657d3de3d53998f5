import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { HttpError } from '../http/validate';
import { route } from '../http/route';
import { runBillingPass } from '../money/billing/job';
import { reconcileAllTime } from '../money/reconcile';
import { ERROR_TEXTS } from '../texts/errors';

/**
 * The sandbox's billing trigger (like `/api/dev/outbox`, absent outside the sandbox): runs one billing
 * pass as of `at` (default now), so a developer or a browser test can see a renewal without waiting
 * a month. Operators use `npm run billing -- --at <time>`. And the books over all time (operators:
 * `npm run reconcile`).
 */
export function billingDevRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.runBilling, async ({ body }) => {
    const report = await runBillingPass(ctx.billing, body.at ? new Date(body.at) : ctx.now());
    if (!report) throw new HttpError(409, ERROR_TEXTS.billingBusy, 'BILLING_BUSY');
    return report;
  });

  // The books over all time, as a browser test checks them when its portal stops.
  route(app, ctx, endpoints.runReconciliation, async () =>
    reconcileAllTime({ store: ctx.store, gateway: ctx.payments.gateway }, ctx.now()),
  );
}
