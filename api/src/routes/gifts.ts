import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { idempotencyKey } from '../money/orders';
import { buyGift } from '../money/vouchers/gift';

/** A voucher bought by card as a gift (docs/vouchers.md, A gift). Registered by app.ts. */
export function giftRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.buyGift, async ({ customer: { customerId }, body, request }) =>
    buyGift(
      {
        store: ctx.store,
        gateway: ctx.payments.gateway,
        now: ctx.now,
        log: request.log,
        smsAllowedPrefixes: ctx.config.delivery.smsAllowedPrefixes,
      },
      customerId,
      idempotencyKey(request, 'gift'),
      body,
    ),
  );
}
