import type { FastifyInstance } from 'fastify';
import { endpoints, type Plan, type Promo } from '@portal/shared/contract';
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

/** `GET /{product}/plans` (product.md §7, Service): public, and readable from the operator's own site (the embed widget). */
export function catalogueRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.plans, async ({ reply }) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('cache-control', 'public, max-age=60');
    return listPlans(ctx);
  });
}
