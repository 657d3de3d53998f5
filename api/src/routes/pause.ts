import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { pauseSubscription, resumeSubscription } from '../money/billing/pause';

/**
 * `POST /{product}/pause` and `POST /{product}/resume` (product.md §10, A pause): each parses, authorises,
 * calls one use case of money/billing/pause.ts and answers the service status (docs/architecture.md).
 */
export function pauseRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.pause, async ({ customer, body }) =>
    pauseSubscription(ctx, customer.customerId, body.months),
  );
  route(app, ctx, endpoints.resume, async ({ customer }) =>
    resumeSubscription({ ...ctx.billing, now: ctx.now }, customer.customerId),
  );
}
