import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { listDevices, signOutDevice, signOutOtherDevices, type DevicesDeps } from '../customer/devices';

const devicesDeps = (ctx: ApiContext): DevicesDeps => ({
  store: ctx.store,
  now: ctx.now,
  refreshWindowDays: ctx.config.refreshWindowDays,
});

/**
 * The customer's devices (`/customer/devices`, product.md §10): the account's `devices/` page.
 * Each route parses, authorises, calls one use case of customer/devices.ts and answers (docs/architecture.md).
 */
export function deviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.listDevices, async ({ customer }) => listDevices(devicesDeps(ctx), customer));

  route(app, ctx, endpoints.signOutDevice, async ({ customer, params: { id } }) =>
    signOutDevice(devicesDeps(ctx), customer, id),
  );

  route(app, ctx, endpoints.signOutOtherDevices, async ({ customer }) =>
    signOutOtherDevices(devicesDeps(ctx), customer),
  );
}
