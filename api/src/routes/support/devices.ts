import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../../context';
import { staffRoute } from '../../http/staffRoute';
import { customerIdOf } from '../../http/staffAccess';
import { customerDevices, endCustomerSessions, type SupportDevicesDeps } from '../../support/devices';

const devicesDeps = (ctx: ApiContext): SupportDevicesDeps => ({
  store: ctx.store,
  now: ctx.now,
  refreshWindowDays: ctx.config.refreshWindowDays,
});

/**
 * A customer's signed-in devices in the console under `/api/staff`: listed, and one or all signed out
 * (docs/decisions/032-support-console.md), through support/devices.ts. Registered by app.ts beside the
 * other staff route files.
 */
export function supportDeviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  staffRoute(app, ctx, endpoints.staffCustomerDevices, async ({ staff, params }) =>
    customerDevices(devicesDeps(ctx), staff, customerIdOf(params)),
  );

  // One device signed out, or all of them: their next call is refused.
  staffRoute(app, ctx, endpoints.staffSignOutDevices, async ({ staff, params, body }) =>
    endCustomerSessions(devicesDeps(ctx), staff, customerIdOf(params), body),
  );
}
