import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { endpoints, plansResponseSchema, type Plan, type Promo } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { route } from '../http/route';

interface PlanRow {
  code: string;
  name: string;
  price_fening: number;
  promos: Array<{ status: string; promo_type: Promo['promoType']; duration_until: string | null; duration_days: number | null }> | null;
}

export async function listPlans(ctx: ApiContext): Promise<Plan[]> {
  const rows = await ctx.db.query<PlanRow>(
    `SELECT p.code, p.name, p.price_fening,
            (SELECT json_agg(json_build_object(
                       'status', pp.status, 'promo_type', pp.promo_type,
                       'duration_until', to_char(pp.duration_until, 'YYYY-MM-DD'), 'duration_days', pp.duration_days)
                     ORDER BY pp.id)
               FROM plan_promos pp WHERE pp.plan_code = p.code) AS promos
       FROM plans p ORDER BY p.position`,
  );
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    price: row.price_fening / 100,
    promos: (row.promos ?? []).map((p) => ({
      status: p.status,
      promoType: p.promo_type,
      durationUntil: p.duration_until,
      durationDays: p.duration_days,
    })),
  }));
}

/** How long a process serves the plans from memory before it reads them again (README, Configuration). */
export const PLANS_FRESH_SECONDS = 10;

interface PlansSnapshot {
  body: string;
  etag: string;
  readAt: number;
}

/**
 * `GET /{product}/plans` (product.md §7): public, and readable from the operator's own site (the embed
 * widget). Served from memory: the plans are read, checked against the contract and serialised once,
 * then again when a request comes more than PLANS_FRESH_SECONDS after that read (one read at a time).
 * The answer carries an ETag; a browser that sends it back gets 304 without the body.
 */
export function catalogueRoutes(app: FastifyInstance, ctx: ApiContext): void {
  let snapshot: PlansSnapshot | null = null;
  let reading: Promise<PlansSnapshot> | null = null;

  const read = (): Promise<PlansSnapshot> => {
    reading ??= listPlans(ctx)
      .then((plans) => {
        const body = JSON.stringify(plansResponseSchema.parse(plans));
        snapshot = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`, readAt: ctx.now().getTime() };
        return snapshot;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  route(app, ctx, endpoints.plans, async ({ request, reply }) => {
    const fresh = snapshot && ctx.now().getTime() - snapshot.readAt < PLANS_FRESH_SECONDS * 1000 ? snapshot : null;
    // A failed read serves the last plans read, when there are any: prices a few seconds old beat no page.
    const current = fresh ?? (await read().catch((error: unknown) => {
      if (snapshot) return snapshot;
      throw error;
    }));
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=60');
    reply.header('etag', current.etag);
    if (request.headers['if-none-match'] === current.etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(current.body);
  });
}
