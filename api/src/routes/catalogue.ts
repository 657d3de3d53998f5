import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { PlansCache } from '../catalogue/plans';
import { comingPriceNotice } from '../catalogue/priceNotice';

/**
 * `GET /{product}/plans` (product.md §7): public, and readable from the operator's own site (the embed
 * widget). Served from memory (catalogue/plans.ts); the answer carries an ETag, and a browser that
 * sends it back gets 304 without the body. And the account page's line about a rise still to come.
 */
export function catalogueRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const plans = new PlansCache(ctx.store.plans, ctx.now);

  route(app, ctx, endpoints.plans, async ({ request, reply }) => {
    const current = await plans.current();
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=60');
    reply.header('etag', current.etag);
    if (request.headers['if-none-match'] === current.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(current.body);
  });

  route(app, ctx, endpoints.priceNotice, async ({ customer }) => comingPriceNotice(ctx, customer.customerId));
}
