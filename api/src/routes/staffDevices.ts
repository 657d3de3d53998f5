import type { FastifyInstance } from 'fastify';
import { STAFF_TEXTS, staffEndpoints } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import { HttpError } from '../http/validate';
import { staffRoute } from '../http/staffRoute';
import { customerIdOf, readCustomer } from '../http/staffAccess';
import { NO_CURRENT_SESSION, signedInDevices } from '../customer/devices';

/**
 * A customer's signed-in devices in the console under `/api/staff`: listed, and one or all signed out
 * (docs/decisions/032-support-console.md). Registered by app.ts beside the other staff route files.
 */
export function staffDeviceRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  // The customer's signed-in devices, as their own page lists them (none is the asking one here).
  const devicesOf = (customerId: number) =>
    signedInDevices(store, customerId, NO_CURRENT_SESSION, {
      now: ctx.now,
      refreshWindowDays: ctx.config.refreshWindowDays,
    });
  staffRoute(app, ctx, staffEndpoints.customerDevices, async ({ staff, params }) =>
    devicesOf(await readCustomer(ctx, staff, params, 'devices')),
  );

  // One device signed out, or all of them: their next call is refused.
  staffRoute(app, ctx, staffEndpoints.signOut, async ({ staff, params, body }) => {
    const customerId = customerIdOf(params);
    const now = ctx.now();
    await store.transaction(async (tx) => {
      if (body.sessionId) {
        if (!(await tx.sessions.end(customerId, body.sessionId, now))) {
          throw new HttpError(404, STAFF_TEXTS.deviceNotFound, 'NOT_FOUND');
        }
      } else {
        if (!(await tx.customers.summary(customerId))) {
          throw new HttpError(404, STAFF_TEXTS.customerNotFound, 'NOT_FOUND');
        }
        await tx.sessions.endOthers(customerId, null, now);
      }
      await tx.audit.record(
        {
          staffId: staff.staffId,
          staffName: staff.name,
          action: body.sessionId ? 'device.sign-out' : 'device.sign-out-all',
          customerId,
          reason: body.reason,
          after: body.sessionId ? { sessionId: body.sessionId } : undefined,
        },
        now,
      );
    });
    return devicesOf(customerId);
  });
}
