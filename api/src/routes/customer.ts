import type { FastifyInstance } from 'fastify';
import { endpoints } from '@portal/shared/contract/endpoints';
import type { ApiContext } from '../context';
import { route } from '../http/route';
import { changePin, checkPin, type PinDeps } from '../customer/pin';
import { changePassword, type PasswordDeps } from '../customer/password';
import { listDevices, signOutDevice, signOutOtherDevices, type DevicesDeps } from '../customer/devices';
import { paymentData } from '../customer/paymentData';
import { setScript } from '../customer/script';

const pinDeps = (ctx: ApiContext): PinDeps => ({ store: ctx.store, sealing: ctx.keys.sealing, now: ctx.now });

const passwordDeps = (ctx: ApiContext): PasswordDeps => ({
  store: ctx.store,
  limits: ctx.limits,
  notifier: ctx.notifier,
  now: ctx.now,
  guesses: ctx.config.loginLimits,
});

const devicesDeps = (ctx: ApiContext): DevicesDeps => ({
  store: ctx.store,
  now: ctx.now,
  refreshWindowDays: ctx.config.refreshWindowDays,
});

/**
 * `GET /customer/payment-data`, `POST /customer/check-pin`, `/customer/change-pin`,
 * `/customer/change-password` (product.md §7), the devices (`/customer/devices`, product.md §10) and the
 * script (`/customer/script`, decision 054).
 * Each route parses, authorises, calls one use case of customer/ and answers (docs/architecture.md).
 */
export function customerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.paymentData, async ({ customer }) => paymentData(ctx, customer), {
    sessionCheckedByHandler: true,
  });

  route(app, ctx, endpoints.checkPin, async ({ customer, body }) => {
    await checkPin(pinDeps(ctx), customer.customerId, body.pin);
  });

  route(app, ctx, endpoints.changePin, async ({ customer, body: { oldPin, newPin } }) => {
    await changePin(pinDeps(ctx), customer.customerId, oldPin, newPin);
  });

  route(app, ctx, endpoints.changePassword, async ({ customer, body: { oldPassword, newPassword } }) => {
    await changePassword(passwordDeps(ctx), customer, oldPassword, newPassword);
  });

  route(app, ctx, endpoints.setScript, async ({ customer, body }) => {
    await setScript(ctx, customer.customerId, body.script);
  });

  route(app, ctx, endpoints.listDevices, async ({ customer }) => listDevices(devicesDeps(ctx), customer));

  route(app, ctx, endpoints.signOutDevice, async ({ customer, params: { id } }) =>
    signOutDevice(devicesDeps(ctx), customer, id),
  );

  route(app, ctx, endpoints.signOutOtherDevices, async ({ customer }) =>
    signOutOtherDevices(devicesDeps(ctx), customer),
  );
}
