import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { changePasswordRequestSchema, changePinRequestSchema, checkPinRequestSchema, isStrongPassword, WEAK_PASSWORD_MESSAGE } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { requireCustomer, SESSION_EXPIRED } from '../auth/guard';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { seal, unseal } from '../auth/secrets';
import { HttpError, parseBody } from '../http/validate';

/** Wrong PINs allowed before the check locks, and for how long (spec: "PIN check attempts are limited"). */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
export const WRONG_PIN = 'Uneseni PIN je netačan';
export const WRONG_PASSWORD = 'Unesena lozinka nije tačna';

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Checks a customer's PIN; wrong ones count towards a lockout, a right one clears the count. */
async function verifyPin(ctx: ApiContext, customerId: number, pin: string): Promise<void> {
  const [row] = await ctx.db.query<{ pin_sealed: string; pin_failures: number; pin_locked_until: Date | null }>(
    'SELECT pin_sealed, pin_failures, pin_locked_until FROM customers WHERE id = $1',
    [customerId],
  );
  if (!row) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
  const now = ctx.now();
  const lockedUntil = row.pin_locked_until ? new Date(row.pin_locked_until) : null;
  if (lockedUntil && lockedUntil > now) {
    const seconds = Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000);
    throw new HttpError(429, `Previše pogrešnih PIN-ova. Pokušaj ponovo za ${Math.ceil(seconds / 60)} min.`, 'PIN_LOCKED', { 'retry-after': String(seconds) });
  }
  let actual: string | null = null;
  try {
    actual = unseal(ctx.keys.sealing, row.pin_sealed);
  } catch {
    actual = null; // sealed under another master secret: no PIN can match
  }
  if (actual !== null && same(actual, pin)) {
    if (row.pin_failures > 0 || lockedUntil) await ctx.db.query('UPDATE customers SET pin_failures = 0, pin_locked_until = NULL WHERE id = $1', [customerId]);
    return;
  }
  const failures = (lockedUntil ? 0 : row.pin_failures) + 1;
  const lock = failures >= PIN_MAX_FAILURES ? new Date(now.getTime() + PIN_LOCK_MINUTES * 60_000) : null;
  await ctx.db.query('UPDATE customers SET pin_failures = $2, pin_locked_until = $3 WHERE id = $1', [customerId, lock ? 0 : failures, lock]);
  throw new HttpError(400, WRONG_PIN, 'WRONG_PIN');
}

/** `POST /customer/check-pin`, `/customer/change-pin`, `/customer/change-password` (spec 7, Customer). */
export function customerRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.post('/customer/check-pin', async (request) => {
    const { customerId } = await requireCustomer(ctx, request);
    const { pin } = parseBody(checkPinRequestSchema, request.body);
    await verifyPin(ctx, customerId, pin);
    return {};
  });

  app.post('/customer/change-pin', async (request) => {
    const { customerId } = await requireCustomer(ctx, request);
    const { oldPin, newPin } = parseBody(changePinRequestSchema, request.body);
    await verifyPin(ctx, customerId, oldPin);
    await ctx.db.query('UPDATE customers SET pin_sealed = $2 WHERE id = $1', [customerId, seal(ctx.keys.sealing, newPin)]);
    return {};
  });

  app.post('/customer/change-password', async (request) => {
    const { customerId, sessionId } = await requireCustomer(ctx, request);
    const { oldPassword, newPassword } = parseBody(changePasswordRequestSchema, request.body);
    // Old-password guesses share the login's per-account limit.
    const limitKey = `password-change:${customerId}`;
    const wait = ctx.loginLimits.perAccount.retryAfter(limitKey);
    if (wait > 0) throw new HttpError(429, `Previše pokušaja. Pokušaj ponovo za ${Math.ceil(wait / 60)} min.`, 'TOO_MANY_ATTEMPTS', { 'retry-after': String(wait) });
    const [row] = await ctx.db.query<{ password_hash: string }>('SELECT password_hash FROM customers WHERE id = $1', [customerId]);
    if (!row || !(await verifyPassword(oldPassword, row.password_hash))) {
      ctx.loginLimits.perAccount.hit(limitKey);
      throw new HttpError(400, WRONG_PASSWORD, 'WRONG_PASSWORD');
    }
    if (!isStrongPassword(newPassword)) {
      throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
    }
    const hash = await hashPassword(newPassword);
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [customerId, hash]);
      // Every other device signs in again with the new password; this one stays signed in.
      await tx.query('UPDATE device_sessions SET revoked_at = $3 WHERE customer_id = $1 AND id <> $2 AND revoked_at IS NULL', [customerId, sessionId, ctx.now()]);
    });
    ctx.loginLimits.perAccount.reset(limitKey);
    return {};
  });
}
