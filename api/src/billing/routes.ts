import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import type { ApiContext } from '../context';
import { parseBody } from '../http/validate';
import { runBillingPass, type BillingReport } from './job';
import { HttpError } from '../http/validate';

/** A time the billing job can run at: an ISO date-time with an offset, in the years PostgreSQL dates and the portal use. */
const runBody = z.object({
  at: z.optional(z.iso.datetime({ offset: true }).check(z.refine((at) => { const year = new Date(at).getUTCFullYear(); return year >= 2000 && year <= 9999; }, 'godina mora biti od 2000 do 9999'))),
});

/**
 * The sandbox's billing trigger (like `/api/dev/outbox`, absent outside the sandbox): runs one billing
 * pass as of `at` (default now), so a developer or a browser test can see a renewal without waiting
 * a month. Operators use `npm run billing -- --at <time>`.
 */
export function billingDevRoutes(app: FastifyInstance, ctx: ApiContext): void {
  if (!ctx.config.sandbox) return;
  app.post('/dev/billing', async (request): Promise<BillingReport> => {
    const body = parseBody(runBody, request.body);
    const report = await runBillingPass(ctx.billing, body.at ? new Date(body.at) : ctx.now());
    if (!report) throw new HttpError(409, 'Obračun već radi u drugom procesu. Pokušaj ponovo za koji trenutak.', 'BILLING_BUSY');
    return report;
  });
}
