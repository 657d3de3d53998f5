import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { endpoints, usernameOf } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import type { Limit } from '../http/limits';
import { HttpError, tooManyRequests } from '../http/validate';
import { route } from '../http/route';
import { logins } from '../http/metrics';
import { NOTICES } from '../delivery/notices';
import { notifyCustomer } from '../delivery/notifier';
import { findCustomerById, findCustomerByUsername, type CustomerRow } from './customers';
import { bearerToken, SESSION_EXPIRED } from './guard';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import { sha256, unseal } from './secrets';

const LOGIN_FAILED = 'Pogrešno korisničko ime ili lozinka.';

function subjectOf(customer: CustomerRow, sessionId: string, deviceUsername: string) {
  return {
    customerId: customer.id,
    sessionId,
    firstName: customer.first_name,
    lastName: customer.last_name,
    email: customer.email,
    phoneNumber: customer.phone_number,
    deviceUsername,
  };
}

/** The sealed PIN; null (and a warning) if the master secret changed since it was sealed. */
function readPin(key: Buffer, customer: CustomerRow, log: FastifyBaseLogger): string | null {
  try {
    return unseal(key, customer.pin_sealed);
  } catch {
    log.warn({ customerId: customer.id }, 'PIN cannot be unsealed: was JWT_SECRET changed?');
    return null;
  }
}

/**
 * The login limits of one attempt (docs/limits.md): failures per account and client together, a
 * higher ceiling per account with a growing delay past twice the pair's limit, failures per device
 * that signed in before (in place of the first two), and all logins per client.
 */
export function loginLimits(
  config: ApiContext['config'],
  accountKey: string,
  clientKey: string,
  deviceKey: string,
): { pair: Limit; account: Limit; device: Limit; knownDevices: Limit; client: Limit } {
  const { perAccount, perAccountTotal, perClient, windowSeconds } = config.loginLimits;
  return {
    pair: { key: `login:${accountKey}:${clientKey}`, max: perAccount, windowSeconds },
    account: { key: `login:${accountKey}`, max: perAccountTotal, windowSeconds, spaceAfter: 2 * perAccount, maxDelaySeconds: 60 },
    device: { key: `login-device:${deviceKey}`, max: perAccount, windowSeconds },
    // All the account's known devices together: a ceiling, however many devices someone once signed in.
    knownDevices: { key: `login-known:${accountKey}`, max: perAccountTotal, windowSeconds },
    client: { key: `login-client:${clientKey}`, max: perClient, windowSeconds },
  };
}

/**
 * A device that signed in to this account before, proved by its device password (never sent to
 * anyone else, stored hashed): it keeps a budget of tries of its own, so strangers' wrong passwords
 * on the account cannot lock the owner out of it (OWASP's device cookies, with the device id and
 * password every login already sends).
 */
async function knownDevice(ctx: ApiContext, customerId: number, deviceUsername: string, devicePassword: string): Promise<boolean> {
  const [row] = await ctx.db.query('SELECT 1 FROM device_sessions WHERE customer_id = $1 AND device_username = $2 AND device_password_hash = $3 AND untrusted_at IS NULL LIMIT 1', [
    customerId,
    deviceUsername,
    sha256(devicePassword),
  ]);
  return Boolean(row);
}

/** `POST /login`, `POST /refresh`, `POST /logout` (product.md §7, Authentication). */
export function authRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.login, async ({ body, request }) => {
    const accountKey = usernameOf(body.username)?.value ?? body.username.toLowerCase();
    const customer = await findCustomerByUsername(ctx.db, body.username);
    const known = customer ? await knownDevice(ctx, customer.id, body.deviceUsername, body.devicePassword) : false;
    const { pair, account, device, knownDevices, client } = loginLimits(ctx.config, accountKey, request.ip, customer ? `${customer.id}:${body.deviceUsername}` : '');
    const guards = known ? [device, knownDevices] : [pair, account];

    // Every login from an address counts; a try is reserved before the password is checked (so a burst
    // gets no more tries than the limit) and counted only if the password is wrong.
    const taken = await ctx.limits.take([client]);
    const reserved = taken.ok ? await ctx.limits.reserve(guards).catch(async (error: unknown) => {
      await ctx.limits.giveBack([client]);
      throw error;
    }) : taken;
    if (!reserved.ok) {
      if (taken.ok) await ctx.limits.giveBack([client]);
      logins.inc({ outcome: 'limited' });
      throw tooManyRequests('Previše pokušaja prijave.', reserved.retryAfter, 'TOO_MANY_ATTEMPTS');
    }

    let valid = false;
    try {
      valid = customer ? await verifyPassword(body.password, customer.password_hash) : await verifyPassword(body.password, await decoyHash()).then(() => false);
    } finally {
      await ctx.limits.settle(guards, !valid);
    }
    if (!customer || !valid) {
      logins.inc({ outcome: 'failed' });
      throw new HttpError(401, LOGIN_FAILED, 'LOGIN_FAILED');
    }
    logins.inc({ outcome: 'ok' });
    // A right password ends this client's (or this device's) run of failures.
    await ctx.limits.forgive([known ? device.key : pair.key]);
    // A hash made the old way (scrypt) is replaced now that the password is known; only if nobody changed it meanwhile.
    if (needsRehash(customer.password_hash)) {
      await ctx.db.query('UPDATE customers SET password_hash = $3 WHERE id = $1 AND password_hash = $2', [customer.id, customer.password_hash, await hashPassword(body.password)]);
    }

    const now = ctx.now();
    const sessionId = randomUUID();
    const { token, tokenId } = await ctx.tokens.issue(subjectOf(customer, sessionId, body.deviceUsername));
    await ctx.db.transaction(async (tx) => {
      // One open session per device: logging in again on the same browser replaces the old one.
      await tx.query('UPDATE device_sessions SET revoked_at = $1 WHERE customer_id = $2 AND device_username = $3 AND revoked_at IS NULL', [
        now,
        customer.id,
        body.deviceUsername,
      ]);
      await tx.query(
        `INSERT INTO device_sessions (id, customer_id, device_type, device_username, device_name, device_password_hash, token_id, created_at, refreshed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
        [sessionId, customer.id, body.deviceType, body.deviceUsername, body.deviceName, sha256(body.devicePassword), tokenId, now],
      );
      await tx.query('UPDATE customers SET last_login_at = $1 WHERE id = $2', [now, customer.id]);
      // A device this customer never signed in from, while others are known: a security notice. The
      // insert decides "new" once, however many logins of the same device race.
      const [fresh] = await tx.query<{ others: boolean }>(
        `INSERT INTO known_devices (customer_id, device_username, first_seen_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
         RETURNING EXISTS (SELECT 1 FROM known_devices k WHERE k.customer_id = $1 AND k.device_username <> $2) AS others`,
        [customer.id, body.deviceUsername, now],
      );
      if (fresh?.others) await notifyCustomer(tx, ctx.notifier, customer.id, NOTICES.newDevice({ device: body.deviceName, at: now }));
    });
    request.log.info({ customerId: customer.id, sessionId }, 'login');
    return { token, pin: readPin(ctx.keys.sealing, customer, request.log), firstLogin: customer.last_login_at === null };
  });

  route(app, ctx, endpoints.refresh, async ({ body }) => {
    const claims = await ctx.tokens.verifySignature(body.token);
    if (!claims) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');

    const now = ctx.now();
    const windowStart = new Date(now.getTime() - ctx.config.refreshWindowDays * 86_400_000);
    const rows = await ctx.db.query<{ device_username: string; device_password_hash: string }>(
      `SELECT device_username, device_password_hash FROM device_sessions
       WHERE id = $1 AND customer_id = $2 AND token_id = $3 AND revoked_at IS NULL AND refreshed_at > $4`,
      [claims.sid, Number(claims.sub), claims.jti, windowStart],
    );
    const session = rows[0];
    const customer = session && (await findCustomerById(ctx.db, Number(claims.sub)));
    if (!session || !customer || session.device_password_hash !== sha256(body.devicePassword)) {
      throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    }

    const { token, tokenId } = await ctx.tokens.issue(subjectOf(customer, claims.sid, session.device_username));
    // Rotation: only the token just replaced may be exchanged, and only once.
    const updated = await ctx.db.query<{ id: string }>(
      'UPDATE device_sessions SET token_id = $1, refreshed_at = $2 WHERE id = $3 AND token_id = $4 AND revoked_at IS NULL RETURNING id',
      [tokenId, now, claims.sid, claims.jti],
    );
    if (!updated[0]) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    return { token };
  });

  route(app, ctx, endpoints.logout, async ({ request, reply }) => {
    const token = bearerToken(request);
    const claims = token ? await ctx.tokens.verifySignature(token) : null;
    // Only the session's current token ends it: one a refresh replaced (a copy left in another tab, a
    // replayed request) signs nobody out.
    if (claims) {
      await ctx.db.query('UPDATE device_sessions SET revoked_at = $1 WHERE id = $2 AND token_id = $3 AND revoked_at IS NULL', [ctx.now(), claims.sid, claims.jti]);
    }
    return reply.code(204).send();
  });
}
