import type { FastifyInstance } from 'fastify';
import { endpoints, isStrongPassword, WEAK_PASSWORD_MESSAGE } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { signedInDevices } from '../customer/devices';
import { SESSION_EXPIRED } from '../auth/guard';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { seal } from '../auth/secrets';
import { HttpError, tooManyRequests, UUID } from '../http/validate';
import { route } from '../http/route';
import { toCreditCard } from '../cards/cards';
import { verifyPin } from '../customer/pin';
import type { Limit } from '../http/limits';
import { NOTICES } from '../texts/notices';
import { notifyCustomer } from '../delivery/notifier';
import { ERROR_TEXTS } from '../texts/errors';

const WRONG_PASSWORD = ERROR_TEXTS.wrongPassword;
const DEVICE_NOT_FOUND = ERROR_TEXTS.deviceNotFound;
const THIS_DEVICE = ERROR_TEXTS.thisDevice;

const pinDeps = (ctx: ApiContext) => ({ customers: ctx.store.customers, sealing: ctx.keys.sealing, now: ctx.now() });

/** `GET /customer/payment-data`, `POST /customer/check-pin`, `/customer/change-pin`, `/customer/change-password` (product.md §7), and the devices (`/customer/devices`). */
export function customerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // On the account page's first load beside account info: one query that checks the session too.
  route(
    app,
    ctx,
    endpoints.paymentData,
    async ({ customer }) => {
      const cards = await ctx.store.cards.savedOfSession(customer);
      if (!cards) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
      return { creditCards: cards.map(toCreditCard), mbons: [] };
    },
    { sessionCheckedByHandler: true },
  );

  route(app, ctx, endpoints.checkPin, async ({ customer, body }) => {
    await verifyPin(pinDeps(ctx), customer.customerId, body.pin);
  });

  route(app, ctx, endpoints.changePin, async ({ customer: { customerId }, body: { oldPin, newPin } }) => {
    await verifyPin(pinDeps(ctx), customerId, oldPin);
    await ctx.store.customers.setPin(customerId, seal(ctx.keys.sealing, newPin));
  });

  route(
    app,
    ctx,
    endpoints.changePassword,
    async ({ customer: { customerId, sessionId }, body: { oldPassword, newPassword } }) => {
      // Old-password guesses are limited like logins from one client: counted before the check.
      const guesses: Limit = {
        key: `password-change:${customerId}`,
        max: ctx.config.loginLimits.perAccount,
        windowSeconds: ctx.config.loginLimits.windowSeconds,
      };
      const taken = await ctx.limits.take([guesses]);
      if (!taken.ok) throw tooManyRequests(ERROR_TEXTS.tooManyAttempts, taken.retryAfter, 'TOO_MANY_ATTEMPTS');
      const passwordHash = await ctx.store.customers.passwordHashOf(customerId);
      if (!passwordHash || !(await verifyPassword(oldPassword, passwordHash)))
        throw new HttpError(400, WRONG_PASSWORD, 'WRONG_PASSWORD');
      await ctx.limits.clear([guesses.key]);
      if (!isStrongPassword(newPassword)) {
        throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
      }
      const hash = await hashPassword(newPassword);
      await ctx.store.transaction(async (tx) => {
        await tx.customers.setPasswordHash(customerId, hash);
        // Every other device signs in again with the new password; this one stays signed in.
        await tx.sessions.endOthers(customerId, sessionId, ctx.now());
        await notifyCustomer(tx, ctx.notifier, customerId, NOTICES.passwordChanged({ at: ctx.now() }));
      });
    },
  );

  // Devices (product.md §10): every open session of the customer; one can be signed out, or all but this one.
  const devicesOf = (customerId: number, currentSessionId: string) =>
    signedInDevices(ctx.store, customerId, currentSessionId, {
      now: ctx.now,
      refreshWindowDays: ctx.config.refreshWindowDays,
    });

  route(app, ctx, endpoints.listDevices, async ({ customer: { customerId, sessionId } }) =>
    devicesOf(customerId, sessionId),
  );

  route(app, ctx, endpoints.signOutDevice, async ({ customer: { customerId, sessionId }, params: { id } }) => {
    if (id === sessionId) throw new HttpError(409, THIS_DEVICE, 'CURRENT_DEVICE');
    // Another customer's session, an unknown or malformed id, or one already signed out: all absent.
    const ended = UUID.test(id) && (await ctx.store.sessions.end(customerId, id, ctx.now()));
    // The device signed out by its owner is a stranger from now on: its sessions, all of them, are distrusted.
    if (ended) await ctx.store.sessions.distrustDeviceOf(customerId, id, sessionId, ctx.now());
    if (!ended) throw new HttpError(404, DEVICE_NOT_FOUND, 'NOT_FOUND');
    return devicesOf(customerId, sessionId);
  });

  route(app, ctx, endpoints.signOutOtherDevices, async ({ customer: { customerId, sessionId } }) => {
    await ctx.store.sessions.endOthers(customerId, sessionId, ctx.now());
    return devicesOf(customerId, sessionId);
  });
}
