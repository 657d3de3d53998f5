import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { redeemVoucher, type RedeemDeps } from '../money/vouchers/redeem';
import { subscribeWithVoucher } from '../money/vouchers/credit';

/** What redeeming reads from the context. */
const redeemDeps = (ctx: ApiContext): RedeemDeps => ({
  store: ctx.store,
  sealing: ctx.keys.sealing,
  limits: ctx.limits,
  now: ctx.now,
});

/** The customer's vouchers (docs/vouchers.md): redeeming one into credit, subscribing with it. Registered by app.ts. */
export function voucherRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.redeemVoucher, async ({ customer, body, request }) =>
    redeemVoucher(redeemDeps(ctx), customer.customerId, request.ip, body.code),
  );

  route(app, ctx, endpoints.subscribeWithVoucher, async ({ customer, body }) =>
    subscribeWithVoucher(ctx, customer.customerId, body.plan),
  );
}
