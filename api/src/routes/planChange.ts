import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { idempotencyKey } from '../money/orders';
import { cancelPlanChange, changePlan, planChangeQuote } from '../money/planChange';

/**
 * Changing an ACTIVE subscription's package (product.md §10, Changing the package): the quote, the
 * change, and cancelling a downgrade that waits for the renewal. Each route parses, authorises, calls
 * one use case of money/planChange.ts and answers (docs/architecture.md).
 */
export function planChangeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.planChangeQuote, async ({ customer, query }) =>
    planChangeQuote(ctx, customer.customerId, query.plan),
  );

  route(app, ctx, endpoints.changePlan, async ({ customer, body, request }) => {
    const key = idempotencyKey(request, 'plan-change');
    const deps = { store: ctx.store, gateway: ctx.payments.gateway, log: request.log, now: ctx.now };
    return changePlan(deps, customer.customerId, { plan: body.plan, amount: body.amount, key });
  });

  route(app, ctx, endpoints.cancelPlanChange, async ({ customer }) => {
    await cancelPlanChange(ctx, customer.customerId);
  });
}
