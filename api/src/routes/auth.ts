import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, usernameOf } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { logRefusal, type Limit } from '../http/limits';
import { maskUsername } from '../log';
import { HttpError, tooManyRequests } from '../http/validate';
import { daysBefore } from '../days';
import { route } from '../http/route';
import { logins } from '../http/metrics';
import { NOTICES } from '../texts/notices';
import { notifyCustomer } from '../delivery/notifier';
import type { CustomerRow } from '../repositories/customers';
import { bearerToken, SESSION_EXPIRED } from '../auth/guard';
import { REFRESH_RACE_SECONDS, type TokenClaims } from '../auth/tokens';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { sha256, unseal, type Keyring } from '../auth/secrets';
import { ERROR_TEXTS } from '../texts/errors';
import { operatorOf } from '../portalConfig';

const LOGIN_FAILED = ERROR_TEXTS.loginFailed;

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

/** The sealed PIN; null (and a warning) if no key of the ring opens it any more (docs/deploy/keys.md). */
function readPin(ring: Keyring, customer: CustomerRow, log: FastifyBaseLogger): string | null {
  try {
    return unseal(ring, customer.pin_sealed);
  } catch (error) {
    log.warn({ customerId: customer.id }, `PIN cannot be unsealed: ${(error as Error).message}`);
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
    account: {
      key: `login:${accountKey}`,
      max: perAccountTotal,
      windowSeconds,
      spaceAfter: 2 * perAccount,
      maxDelaySeconds: 60,
    },
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
function knownDevice(
  ctx: ApiContext,
  customerId: number,
  deviceUsername: string,
  devicePassword: string,
): Promise<boolean> {
  return ctx.store.sessions.isKnownDevice(customerId, deviceUsername, sha256(devicePassword));
}

/**
 * A refresh with a token of ours that is not its session's current one: a token a rotation replaced.
 * Beyond the race of two tabs (REFRESH_RACE_SECONDS) it is a replay, a copy in someone else's hands:
 * the session ends for the thief and the owner alike, and the owner's next sign-in there is a new device.
 */
async function endIfReplayed(ctx: ApiContext, claims: TokenClaims, now: Date, request: FastifyRequest): Promise<void> {
  const key = { sessionId: claims.sid, customerId: Number(claims.sub), tokenId: claims.jti };
  const graceStart = new Date(now.getTime() - REFRESH_RACE_SECONDS * 1000);
  if (await ctx.store.sessions.endReplayed(key, graceStart, now))
    logRefusal(request, 'refresh.replayed', { customerId: key.customerId, sessionId: key.sessionId });
}

/** `POST /login`, `POST /refresh`, `POST /logout` (product.md §7). */
export function authRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.login, async ({ body, request }) => {
    const accountKey = usernameOf(body.username)?.value ?? body.username.toLowerCase();
    const customer = await ctx.store.customers.byUsername(body.username);
    const known = customer ? await knownDevice(ctx, customer.id, body.deviceUsername, body.devicePassword) : false;
    const { pair, account, device, knownDevices, client } = loginLimits(
      ctx.config,
      accountKey,
      request.ip,
      customer ? `${customer.id}:${body.deviceUsername}` : '',
    );
    const guards = known ? [device, knownDevices] : [pair, account];

    // Every login from an address counts; a try is reserved before the password is checked (so a burst
    // gets no more tries than the limit) and counted only if the password is wrong.
    const checked = await ctx.limits.checkWithin(client, guards, () =>
      customer
        ? verifyPassword(body.password, customer.password_hash)
        : decoyHash().then((hash) => verifyPassword(body.password, hash).then(() => false)),
    );
    // A failed or refused login: one warn line, the username masked, never the password.
    const failed = (reason: string, fields: Record<string, unknown> = {}) =>
      logRefusal(request, 'login.failed', { reason, user: maskUsername(body.username), ...fields });
    if (!checked.ok) {
      logins.inc({ outcome: 'limited' });
      failed('limited', { retryAfter: checked.retryAfter });
      throw tooManyRequests(ERROR_TEXTS.tooManyLogins, checked.retryAfter, 'TOO_MANY_ATTEMPTS');
    }
    const { valid } = checked;
    if (!customer || !valid) {
      logins.inc({ outcome: 'failed' });
      failed(customer ? 'wrong-password' : 'unknown-user');
      throw new HttpError(401, LOGIN_FAILED, 'LOGIN_FAILED');
    }
    // Blocked by the operator's staff: refused, once the password proved it is the customer asking.
    const blocked = () => {
      logins.inc({ outcome: 'blocked' });
      failed('blocked', { customerId: customer.id });
      const { supportPhone, supportEmail } = operatorOf(ctx.config);
      return new HttpError(403, ERROR_TEXTS.signInBlocked(supportPhone, supportEmail), 'ACCOUNT_BLOCKED');
    };
    if (customer.blocked_at) throw blocked();
    logins.inc({ outcome: 'ok' });
    // A right password ends this client's (or this device's) run of failures.
    await ctx.limits.forgive([known ? device.key : pair.key]);
    // A hash made the old way (scrypt) is replaced now that the password is known; only if nobody changed it meanwhile.
    if (needsRehash(customer.password_hash)) {
      await ctx.store.customers.replacePasswordHash(
        customer.id,
        customer.password_hash,
        await hashPassword(body.password),
      );
    }

    const now = ctx.now();
    const sessionId = randomUUID();
    const { token, tokenId } = await ctx.tokens.issue(subjectOf(customer, sessionId, body.deviceUsername));
    await ctx.store.transaction(async (tx) => {
      // One open session per device: logging in again on the same browser replaces the old one.
      await tx.sessions.start(
        {
          id: sessionId,
          customerId: customer.id,
          deviceType: body.deviceType,
          deviceUsername: body.deviceUsername,
          deviceName: body.deviceName,
          devicePasswordHash: sha256(body.devicePassword),
          tokenId,
        },
        now,
      );
      // A block that committed meanwhile undoes this sign-in (the block waits for, or is waited on by, this row).
      if (!(await tx.customers.markSignedIn(customer.id, now))) throw blocked();
      // A device this customer never signed in from, while others are known: a security notice, once
      // however many logins of the same device race.
      if (await tx.sessions.rememberDevice(customer.id, body.deviceUsername, now))
        await notifyCustomer(tx, ctx.notifier, customer.id, NOTICES.newDevice({ device: body.deviceName, at: now }));
    });
    request.log.info({ customerId: customer.id, sessionId }, 'login');
    return {
      token,
      pin: readPin(ctx.keys.sealing, customer, request.log),
      firstLogin: customer.last_login_at === null,
    };
  });

  route(app, ctx, endpoints.refresh, async ({ body, request }) => {
    const claims = await ctx.tokens.verifySignature(body.token);
    if (!claims) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');

    const now = ctx.now();
    const windowStart = daysBefore(now, ctx.config.refreshWindowDays);
    const session = await ctx.store.sessions.forRefresh(
      { sessionId: claims.sid, customerId: Number(claims.sub), tokenId: claims.jti },
      windowStart,
    );
    if (!session) await endIfReplayed(ctx, claims, now, request);
    const customer = session && (await ctx.store.customers.byId(Number(claims.sub)));
    if (!session || !customer || session.device_password_hash !== sha256(body.devicePassword)) {
      throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    }

    const { token, tokenId } = await ctx.tokens.issue(subjectOf(customer, claims.sid, session.device_username));
    // Rotation: only the token just replaced may be exchanged, and only once.
    if (!(await ctx.store.sessions.rotate(claims.sid, claims.jti, tokenId, now)))
      throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    return { token };
  });

  route(app, ctx, endpoints.logout, async ({ request, reply }) => {
    const token = bearerToken(request);
    const claims = token ? await ctx.tokens.verifySignature(token) : null;
    // Only the session's current token ends it: one a refresh replaced (a copy left in another tab, a
    // replayed request) signs nobody out.
    if (claims) {
      await ctx.store.sessions.endWithToken(claims.sid, claims.jti, ctx.now());
    }
    return reply.code(204).send();
  });
}
