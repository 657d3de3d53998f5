import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { endpoints, isStrongPassword, WEAK_PASSWORD_MESSAGE } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { endOtherSessions, SESSION_EXPIRED } from '../auth/guard';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { seal, unseal } from '../auth/secrets';
import { HttpError, tooManyRequests, UUID } from '../http/validate';
import { route } from '../http/route';
import { savedCardsOfSession, toCreditCard } from '../cards/routes';
import type { Limit } from '../http/limits';
import { NOTICES } from '../delivery/notices';
import { notifyCustomer } from '../delivery/notifier';

/** Wrong PINs allowed before the check locks, and for how long (docs/limits.md). */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
export const WRONG_PIN = 'Uneseni PIN je netačan';
export const WRONG_PASSWORD = 'Unesena lozinka nije tačna';
export const DEVICE_NOT_FOUND = 'Uređaj nije pronađen. Možda je već odjavljen.';
export const THIS_DEVICE = 'Ovaj uređaj odjavljuješ dugmetom Odjavi se na stranici Moj nalog.';

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a customer's PIN. The attempt is counted before the comparison, in the statement that checks
 * the lock (a burst gets at most five through); the fifth counted attempt sets the lock, and a right
 * PIN clears the count.
 */
async function verifyPin(ctx: ApiContext, customerId: number, pin: string): Promise<void> {
  const now = ctx.now();
  const [row] = await ctx.db.query<{ pin_sealed: string }>(
    `UPDATE customers SET
       pin_failures = CASE WHEN pin_locked_until IS NOT NULL THEN 1 ELSE pin_failures + 1 END,
       pin_locked_until = CASE WHEN (CASE WHEN pin_locked_until IS NOT NULL THEN 1 ELSE pin_failures + 1 END) >= $3
                               THEN $2::timestamptz + make_interval(mins => $4) END
     WHERE id = $1 AND (pin_locked_until IS NULL OR pin_locked_until <= $2)
     RETURNING pin_sealed`,
    [customerId, now, PIN_MAX_FAILURES, PIN_LOCK_MINUTES],
  );
  if (!row) {
    const [locked] = await ctx.db.query<{ pin_locked_until: Date | null }>('SELECT pin_locked_until FROM customers WHERE id = $1', [customerId]);
    if (!locked) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    const seconds = Math.max(1, Math.ceil((new Date(locked.pin_locked_until ?? now).getTime() - now.getTime()) / 1000));
    throw tooManyRequests('Previše pogrešnih PIN-ova.', seconds, 'PIN_LOCKED');
  }
  let actual: string | null = null;
  try {
    actual = unseal(ctx.keys.sealing, row.pin_sealed);
  } catch {
    actual = null; // sealed under another master secret: no PIN can match
  }
  if (actual !== null && same(actual, pin)) {
    await ctx.db.query('UPDATE customers SET pin_failures = 0, pin_locked_until = NULL WHERE id = $1', [customerId]);
    return;
  }
  throw new HttpError(400, WRONG_PIN, 'WRONG_PIN');
}

/** `GET /customer/payment-data`, `POST /customer/check-pin`, `/customer/change-pin`, `/customer/change-password` (product.md §7, Customer), and the devices (`/customer/devices`). */
export function customerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  // On the account page's first load beside account info: one query that checks the session too.
  route(
    app,
    ctx,
    endpoints.paymentData,
    async ({ customer }) => {
      const cards = await savedCardsOfSession(ctx.db, customer);
      if (!cards) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
      return { creditCards: cards.map(toCreditCard), mbons: [] };
    },
    { sessionCheckedByHandler: true },
  );

  route(app, ctx, endpoints.checkPin, async ({ customer, body }) => {
    await verifyPin(ctx, customer.customerId, body.pin);
  });

  route(app, ctx, endpoints.changePin, async ({ customer: { customerId }, body: { oldPin, newPin } }) => {
    await verifyPin(ctx, customerId, oldPin);
    await ctx.db.query('UPDATE customers SET pin_sealed = $2 WHERE id = $1', [customerId, seal(ctx.keys.sealing, newPin)]);
  });

  route(app, ctx, endpoints.changePassword, async ({ customer: { customerId, sessionId }, body: { oldPassword, newPassword } }) => {
    // Old-password guesses are limited like logins from one client: counted before the check.
    const guesses: Limit = { key: `password-change:${customerId}`, max: ctx.config.loginLimits.perAccount, windowSeconds: ctx.config.loginLimits.windowSeconds };
    const taken = await ctx.limits.take([guesses]);
    if (!taken.ok) throw tooManyRequests('Previše pokušaja.', taken.retryAfter, 'TOO_MANY_ATTEMPTS');
    const [row] = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [customerId]);
    if (!row || !(await verifyPassword(oldPassword, row.password_hash))) throw new HttpError(400, WRONG_PASSWORD, 'WRONG_PASSWORD');
    await ctx.limits.clear([guesses.key]);
    if (!isStrongPassword(newPassword)) {
      throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
    }
    const hash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customerId, hash]);
      // Every other device signs in again with the new password; this one stays signed in.
      await endOtherSessions(tx, customerId, sessionId, ctx.now());
      await notifyCustomer(tx, ctx.notifier, customerId, NOTICES.passwordChanged({ at: ctx.now() }));
    });
  });

  // Devices (product.md §10): every open session of the customer; one can be signed out, or all but this one.
  const devicesOf = async (customerId: number, currentSessionId: string) => {
    const since = new Date(ctx.now().getTime() - ctx.config.refreshWindowDays * 86_400_000);
    // This device first, then the most recently used.
    const rows = await ctx.db.query<{ id: string; device_type: string; device_name: string; created_at: Date; refreshed_at: Date }>(
      `SELECT id, device_type, device_name, created_at, refreshed_at FROM device_sessions
        WHERE customer_id = $1 AND revoked_at IS NULL AND refreshed_at > $2 ORDER BY id = $3 DESC, refreshed_at DESC, created_at DESC`,
      [customerId, since, currentSessionId],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.device_type,
      name: row.device_name,
      signedInAt: new Date(row.created_at).toISOString(),
      lastUsedAt: new Date(row.refreshed_at).toISOString(),
      current: row.id === currentSessionId,
    }));
  };

  route(app, ctx, endpoints.listDevices, async ({ customer: { customerId, sessionId } }) => devicesOf(customerId, sessionId));

  route(app, ctx, endpoints.signOutDevice, async ({ customer: { customerId, sessionId }, params: { id } }) => {
    if (id === sessionId) throw new HttpError(409, THIS_DEVICE, 'CURRENT_DEVICE');
    // Another customer's session, an unknown or malformed id, or one already signed out: all absent.
    const [ended] = UUID.test(id)
      ? await ctx.db.query('UPDATE device_sessions SET revoked_at = $3 WHERE id = $2 AND customer_id = $1 AND revoked_at IS NULL RETURNING id', [customerId, id, ctx.now()])
      : [];
    // The device signed out by its owner is a stranger from now on: its sessions, all of them, are distrusted.
    if (ended) {
      await ctx.db.query(
        `UPDATE device_sessions SET untrusted_at = COALESCE(untrusted_at, $3)
          WHERE customer_id = $1 AND device_username = (SELECT device_username FROM device_sessions WHERE id = $2) AND id <> $4`,
        [customerId, id, ctx.now(), sessionId],
      );
    }
    if (!ended) throw new HttpError(404, DEVICE_NOT_FOUND, 'NOT_FOUND');
    return devicesOf(customerId, sessionId);
  });

  route(app, ctx, endpoints.signOutOtherDevices, async ({ customer: { customerId, sessionId } }) => {
    await endOtherSessions(ctx.db, customerId, sessionId, ctx.now());
    return devicesOf(customerId, sessionId);
  });
}
