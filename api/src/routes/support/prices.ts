import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import { PRICE_TEXTS, isRowId } from '@portal/shared/contract/support';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { HttpError } from '../../http/validate';
import { changePrice, endPromo, pricesOverview, startPromo, type PriceDeps } from '../../catalogue/prices';
import { isoDay } from '../../days';
import { toFening } from '../../money/amounts';

/**
 * The console's prices and promos (docs/prices-and-promos.md), under `/api/staff`: agents read, admins
 * change a price from a day on or start and end a promo, each with a reason in the audit trail.
 * Registered by app.ts beside the other route files of routes/support/ (routes/support/).
 */
export function supportPriceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const deps: PriceDeps = {
    store: ctx.store,
    notifier: ctx.notifier,
    now: ctx.now,
    noticeDays: ctx.config.billing.noticeDays,
  };
  const overview = () => pricesOverview(ctx.store, isoDay(ctx.now()), deps.noticeDays);

  staffRoute(app, ctx, endpoints.staffPrices, async () => overview());

  staffRoute(app, ctx, endpoints.staffChangePrice, async ({ staff, params, body }) => {
    await changePrice(deps, staff, {
      planCode: params.planCode,
      priceFening: toFening(Number(body.price.replace(',', '.'))),
      appliesFrom: body.appliesFrom,
      reason: body.reason,
    });
    return overview();
  });

  staffRoute(app, ctx, endpoints.staffStartPromo, async ({ staff, params, body }) => {
    await startPromo(deps, staff, {
      planCode: params.planCode,
      until: body.until ?? null,
      days: body.days ?? null,
      reason: body.reason,
    });
    return overview();
  });

  staffRoute(app, ctx, endpoints.staffEndPromo, async ({ staff, params, body }) => {
    if (!isRowId(params.promoId)) throw new HttpError(409, PRICE_TEXTS.promoNotRunning, 'CONFLICT');
    await endPromo(deps, staff, Number(params.promoId), body.reason);
    return overview();
  });
}
