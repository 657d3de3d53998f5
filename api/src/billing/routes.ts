import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { ApiContext } from '../context';
import { parseBody } from '../http/validate';
import { runBilling, type BillingReport } from './job';

const runBody = z.object({ at: z.optional(z.iso.datetime({ offset: true })) });

/**
 * The sandbox's billing trigger (like `/api/dev/outbox`, absent outside the sandbox): runs one billing
 * pass as of `at` (default now), so a developer or a browser test can see a renewal without waiting
 * a month. Operators use `npm run billing -- --at <time>`.
 */
export function billingDevRoutes(app: FastifyInstance, ctx: ApiContext): void {
  if (!ctx.config.sandbox) return;
  app.post('/dev/billing', async (request): Promise<BillingReport> => {
    const body = parseBody(runBody, request.body);
    return runBilling(ctx.billing, body.at ? new Date(body.at) : ctx.now());
  });
}
