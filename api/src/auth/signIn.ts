import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { usernameOf, type LoginRequest, type LoginResponse } from '@portal/shared/contract';
import type { ApiConfig } from '../config';
import type { Store } from '../repositories';
import type { CustomerRow } from '../repositories/customers';
import type { Limit, Limits } from '../limits';
import { notifyCustomer, type Notifier } from '../delivery/notifier';
import { DomainError, tooManyTries } from '../errors';
import { NOTICES } from '../texts/notices';
import { ERROR_TEXTS } from '../texts/errors';
import { operatorOf } from '../portalConfig';
import type { TokenIssuer } from './tokens';
import { decoyHash, hashPassword, needsRehash, verifyPassword } from './passwords';
import { sha256, unseal, type Keyring } from './secrets';
import { clientKey as clientKeyOf } from '../clientKey';

/** How a sign-in ended, for the caller's log line and the logins counter (docs/limits.md). */
export type SignInOutcome =
  | { outcome: 'ok' }
  | { outcome: 'limited'; retryAfter: number }
  | { outcome: 'failed'; reason: 'wrong-password' | 'unknown-user' | 'wrong-passkey' }
  | { outcome: 'blocked'; customerId: number };

/** What signing in needs: the repositories, the limits, the tokens, the keyring of PINs, the outbox and the settings. */
export interface SignInDeps {
  store: Store;
  limits: Limits;
  tokens: TokenIssuer;
  sealing: Keyring;
  notifier: Notifier;
  now: () => Date;
  config: Pick<ApiConfig, 'loginLimits' | 'operator'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Told of every attempt's outcome, before the answer; a refusal's log line is the caller's. */
  report: (outcome: SignInOutcome) => void;
}

export function subjectOf(customer: CustomerRow, sessionId: string, deviceUsername: string) {
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
function readPin(deps: Pick<SignInDeps, 'sealing' | 'log'>, customer: CustomerRow): string | null {
  try {
    return unseal(deps.sealing, customer.pin_sealed);
  } catch (error) {
    deps.log.warn({ customerId: customer.id }, `PIN cannot be unsealed: ${(error as Error).message}`);
    return null;
  }
}

/**
 * The login limits of one attempt (docs/limits.md): failures per account and client together, a
 * higher ceiling per account with a growing delay past twice the pair's limit, failures per device
 * that signed in before (in place of the first two), and all logins per client.
 */
function loginLimits(
  config: Pick<ApiConfig, 'loginLimits'>,
  accountKey: string,
  clientKey: string,
  deviceKey: string,
): { pair: Limit; account: Limit; device: Limit; knownDevices: Limit; client: Limit } {
  const { perAccount, perAccountTotal, perClient, windowSeconds } = config.loginLimits;
  return {
    pair: { key: `login:${accountKey}:${clientKeyOf(clientKey)}`, max: perAccount, windowSeconds },
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
    client: { key: `login-client:${clientKeyOf(clientKey)}`, max: perClient, windowSeconds },
  };
}

/**
 * The customer the attempt names, once its password is checked within the limits. A device that signed
 * in to this account before, proved by its device password (never sent to anyone else, stored hashed),
 * keeps a budget of tries of its own, so strangers' wrong passwords on the account cannot lock the owner
 * out of it (OWASP's device cookies, with the device id and password every login already sends).
 */
async function checkedCustomer(deps: SignInDeps, attempt: LoginRequest, clientKey: string): Promise<CustomerRow> {
  const accountKey = usernameOf(attempt.username)?.value ?? attempt.username.toLowerCase();
  const customer = await deps.store.customers.byUsername(attempt.username);
  const known = customer
    ? await deps.store.sessions.isKnownDevice(customer.id, attempt.deviceUsername, sha256(attempt.devicePassword))
    : false;
  const limits = loginLimits(
    deps.config,
    accountKey,
    clientKey,
    customer ? `${customer.id}:${attempt.deviceUsername}` : '',
  );
  const guards = known ? [limits.device, limits.knownDevices] : [limits.pair, limits.account];

  // Every login from an address counts; a try is reserved before the password is checked (so a burst
  // gets no more tries than the limit) and counted only if the password is wrong.
  const checked = await deps.limits.checkWithin(limits.client, guards, () =>
    customer
      ? verifyPassword(attempt.password, customer.password_hash)
      : decoyHash().then((hash) => verifyPassword(attempt.password, hash).then(() => false)),
  );
  if (!checked.ok) {
    deps.report({ outcome: 'limited', retryAfter: checked.retryAfter });
    throw tooManyTries(ERROR_TEXTS.tooManyLogins, checked.retryAfter, 'TOO_MANY_ATTEMPTS');
  }
  if (!customer || !checked.valid) {
    deps.report({ outcome: 'failed', reason: customer ? 'wrong-password' : 'unknown-user' });
    throw new DomainError('unauthorized', ERROR_TEXTS.loginFailed, 'LOGIN_FAILED');
  }
  if (customer.blocked_at) throw blocked(deps, customer);
  deps.report({ outcome: 'ok' });
  // A right password ends this client's (or this device's) run of failures.
  await deps.limits.forgive([known ? limits.device.key : limits.pair.key]);
  return customer;
}

/**
 * Blocked by the operator's staff: refused (a 403), once the password (or a passkey) proved it is the customer asking;
 * the message names how to reach support.
 */
export function blocked(deps: Pick<SignInDeps, 'report' | 'config'>, customer: CustomerRow): DomainError {
  deps.report({ outcome: 'blocked', customerId: customer.id });
  const { supportPhone, supportEmail } = operatorOf(deps.config);
  return new DomainError('forbidden', ERROR_TEXTS.signInBlocked(supportPhone, supportEmail), 'ACCOUNT_BLOCKED');
}

/** The device a sign-in starts a session on, as a login sends it. */
type SignInDevice = Pick<LoginRequest, 'deviceType' | 'deviceUsername' | 'devicePassword' | 'deviceName'>;

/**
 * A right sign-in's device session (a password's or a passkey's, docs/passkeys.md), started with a new
 * token. One open session per device; a device this customer never signed in from, while others are
 * known, gets a security notice. A block that committed meanwhile undoes it (a 403).
 */
export async function startDeviceSession(
  deps: Omit<SignInDeps, 'limits'>,
  customer: CustomerRow,
  device: SignInDevice,
): Promise<LoginResponse> {
  const now = deps.now();
  const sessionId = randomUUID();
  const { token, tokenId } = await deps.tokens.issue(subjectOf(customer, sessionId, device.deviceUsername));
  await deps.store.transaction(async (tx) => {
    // One open session per device: logging in again on the same browser replaces the old one.
    await tx.sessions.start(
      {
        id: sessionId,
        customerId: customer.id,
        deviceType: device.deviceType,
        deviceUsername: device.deviceUsername,
        deviceName: device.deviceName,
        devicePasswordHash: sha256(device.devicePassword),
        tokenId,
      },
      now,
    );
    // A block that committed meanwhile undoes this sign-in (the block waits for, or is waited on by, this row).
    if (!(await tx.customers.markSignedIn(customer.id, now))) throw blocked(deps, customer);
    // A device this customer never signed in from, while others are known: a security notice, once
    // however many logins of the same device race.
    if (await tx.sessions.rememberDevice(customer.id, device.deviceUsername, now))
      await notifyCustomer(tx, deps.notifier, customer.id, NOTICES.newDevice({ device: device.deviceName, at: now }));
  });
  deps.log.info({ customerId: customer.id, sessionId }, 'login');
  return { token, pin: readPin(deps, customer), firstLogin: customer.last_login_at === null };
}

/**
 * `POST /login` (product.md §7): the password checked within the login limits, then the device session
 * started (startDeviceSession). `clientKey` is the client's address.
 */
export async function signIn(deps: SignInDeps, attempt: LoginRequest, clientKey: string): Promise<LoginResponse> {
  const customer = await checkedCustomer(deps, attempt, clientKey);
  // A hash made the old way (scrypt) is replaced now that the password is known; only if nobody changed it meanwhile.
  if (needsRehash(customer.password_hash)) {
    await deps.store.customers.replacePasswordHash(
      customer.id,
      customer.password_hash,
      await hashPassword(attempt.password),
    );
  }
  return startDeviceSession(deps, customer, attempt);
}
