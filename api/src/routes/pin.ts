import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { changePin, checkPin, type PinDeps } from '../customer/pin';

const pinDeps = (ctx: ApiContext): PinDeps => ({ store: ctx.store, sealing: ctx.keys.sealing, now: ctx.now });

/**
 * `POST /customer/check-pin` and `/customer/change-pin` (product.md §7): the account's `pin/` pages.
 * Each route parses, authorises, calls one use case of customer/pin.ts and answers (docs/architecture.md).
 */
export function pinRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.checkPin, async ({ customer, body }) => {
    await checkPin(pinDeps(ctx), customer.customerId, body.pin);
  });

  route(app, ctx, endpoints.changePin, async ({ customer, body: { oldPin, newPin } }) => {
    await changePin(pinDeps(ctx), customer.customerId, oldPin, newPin);
  });
}
