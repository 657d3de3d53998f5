import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { PlansCache } from '../catalogue/plans';
import { isoDay } from '../days';
import { fromFening } from '../money';

/**
 * `GET /{product}/plans` (product.md §7): public, and readable from the operator's own site (the embed
 * widget). Served from memory (catalogue/plans.ts); the answer carries an ETag, and a browser that
 * sends it back gets 304 without the body.
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

  // The account page's line about a rise still to come (docs/prices-and-promos.md).
  route(app, ctx, endpoints.priceNotice, async ({ customer: { customerId } }) => {
    const notice = await ctx.store.prices.comingNotice(customerId, isoDay(ctx.now()));
    return { notice: notice ? { from: notice.applies_from, price: fromFening(notice.price_fening) } : null };
  });
}
