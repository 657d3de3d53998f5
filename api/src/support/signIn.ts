import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { STAFF_TEXTS, type StaffChallenge } from '@portal/shared/contract/support';
import type { ApiConfig } from '../config';
import type { Store } from '../repositories';
import type { StaffRow } from '../repositories/staff';
import { logRefusal, type Limit, type Limits } from '../limits';
import { DomainError, tooManyTries } from '../errors';
import { maskUsername } from '../log';
import { decoyHash, verifyPassword } from '../auth/passwords';
import { sha256 } from '../auth/secrets';
import type { StaffTokens } from './tokens';
import { clientKey } from '../clientKey';

/** What the sign-in's first step needs: the repositories, the limits, the clock, the login limits' settings and the console's tokens. */
interface StaffSignInDeps {
  store: Store;
  limits: Limits;
  now: () => Date;
  config: Pick<ApiConfig, 'loginLimits'>;
  staffTokens: StaffTokens;
}

/**
 * The limits of one staff sign-in (docs/limits.md): the customers' numbers and mechanism (auth.ts's
 * loginLimits, http/limits.ts), under keys of their own. Unknown sources meet the per-address and
 * per-account limits, the latter with growing delays past twice the per-address one; a browser the
 * member signed in from fully has a budget of its own instead, so strangers cannot lock the member out.
 */
function staffSignInLimits(
  config: StaffSignInDeps['config'],
  email: string,
  address: string,
  member: { staffId: number; browserId: number } | null,
): { pair: Limit; account: Limit; browser: Limit; knownBrowsers: Limit; client: Limit } {
  const { perAccount, perAccountTotal, perClient, windowSeconds } = config.loginLimits;
  return {
    pair: { key: `staff-login:${email}:${clientKey(address)}`, max: perAccount, windowSeconds },
    account: {
      key: `staff-login:${email}`,
      max: perAccountTotal,
      windowSeconds,
      spaceAfter: 2 * perAccount,
      maxDelaySeconds: 60,
    },
    browser: { key: `staff-login-browser:${member?.browserId ?? 0}`, max: perAccount, windowSeconds },
    // All the member's known browsers together: a ceiling, however many browsers were once signed in.
    knownBrowsers: { key: `staff-login-known:${member?.staffId ?? 0}`, max: perAccountTotal, windowSeconds },
    client: { key: `staff-login-client:${clientKey(address)}`, max: perClient, windowSeconds },
  };
}

type Failure = 'unknown-user' | 'disabled' | 'wrong-password';

/** A wrong password in the trail: the member when there is one, else the address typed, never a member made up for it. */
async function recordFailure(
  deps: StaffSignInDeps,
  staff: StaffRow | null,
  email: string,
  fields: { reason: Failure; address: string; knownBrowser: boolean },
): Promise<void> {
  await deps.store.audit.record(
    {
      staffId: staff?.id ?? null,
      staffName: staff?.name ?? email,
      action: 'staff.signin.failed',
      customerId: null,
      after: fields,
    },
    deps.now(),
  );
}

/**
 * The member's account began holding unknown sources back (its failures in the window passed the point
 * where every next try waits, or reached the ceiling): `staff.locked` in the trail, once per window,
 * decided by the statement that marks it on the staff row.
 */
async function recordLock(deps: StaffSignInDeps, staff: StaffRow, account: Limit): Promise<void> {
  const state = await deps.store.rateLimits.state(account.key);
  const from = Math.min(account.max, (account.spaceAfter ?? account.max) + 1);
  if (!state || state.hits < from) return;
  const windowEnds = new Date(state.window_ends);
  await deps.store.transaction(async (tx) => {
    if (!(await tx.staff.markLocked(staff.id, windowEnds))) return;
    await tx.audit.record(
      {
        staffId: staff.id,
        staffName: staff.name,
        action: 'staff.locked',
        customerId: null,
        after: { failures: state.hits, until: windowEnds.toISOString() },
      },
      deps.now(),
    );
  });
}

/**
 * Sign-in's first step (docs/limits.md, docs/decisions/032): the password, under the limits above, a
 * try reserved before the hash is checked and counted only when wrong. Wrong passwords and the lock
 * they start are in the audit trail. Answers the member and the browser's hashed id (to remember once
 * the second factor is right), or throws the 401 or 429.
 */
async function checkStaffPassword(
  deps: StaffSignInDeps,
  request: FastifyRequest,
  body: { email: string; password: string; browser?: string },
): Promise<{ staff: StaffRow; browserHash: string | null }> {
  const staff = await deps.store.staff.byEmail(body.email);
  const browserHash = body.browser ? sha256(body.browser) : null;
  const browserId = staff && browserHash ? await deps.store.staff.knownBrowser(staff.id, browserHash) : null;
  const limits = staffSignInLimits(
    deps.config,
    body.email,
    request.ip,
    staff && browserId !== null ? { staffId: staff.id, browserId } : null,
  );
  const known = browserId !== null;
  const checked = await deps.limits.checkWithin(
    limits.client,
    known ? [limits.browser, limits.knownBrowsers] : [limits.pair, limits.account],
    () =>
      staff && !staff.disabled_at
        ? verifyPassword(body.password, staff.password_hash)
        : decoyHash().then((hash) => verifyPassword(body.password, hash).then(() => false)),
  );
  // A failed or refused sign-in: one warn line, the e-mail masked, never the password.
  const failed = (reason: string, fields: Record<string, unknown> = {}) =>
    logRefusal(request, 'staff.login.failed', {
      reason,
      user: maskUsername(body.email),
      knownBrowser: known,
      ...fields,
    });
  if (!checked.ok) {
    failed('limited', { retryAfter: checked.retryAfter });
    throw tooManyTries(STAFF_TEXTS.tooManyLogins, checked.retryAfter, 'TOO_MANY_ATTEMPTS');
  }
  if (!staff || !checked.valid) {
    const reason: Failure = !staff ? 'unknown-user' : staff.disabled_at ? 'disabled' : 'wrong-password';
    failed(reason);
    await recordFailure(deps, staff, body.email, { reason, address: request.ip, knownBrowser: known });
    if (staff && !known) await recordLock(deps, staff, limits.account);
    throw new DomainError('unauthorized', STAFF_TEXTS.loginFailed, 'LOGIN_FAILED');
  }
  // A right password ends this address's (or this browser's) run of failures.
  await deps.limits.forgive([known ? limits.browser.key : limits.pair.key]);
  return { staff, browserHash };
}

/** What a right password leads to: a one-time password is changed first, then a second factor set up, then its code asked. */
export function nextStep(staff: Pick<StaffRow, 'must_change_password' | 'totp_confirmed_at'>): StaffChallenge['next'] {
  if (staff.must_change_password) return 'change-password';
  return staff.totp_confirmed_at ? 'totp' : 'totp-setup';
}

/**
 * Sign-in, step 1: the password, under the customers' burst-safe limits, with a budget of its own for a
 * browser the member signed in from before (checkStaffPassword, docs/limits.md). Right: a session opened
 * at the password stage, and its challenge token for the step that comes next.
 */
export async function signInWithPassword(
  deps: StaffSignInDeps,
  request: FastifyRequest,
  body: { email: string; password: string; browser?: string },
): Promise<StaffChallenge> {
  const { staff, browserHash } = await checkStaffPassword(deps, request, body);
  const sessionId = randomUUID();
  await deps.store.staff.startSession(sessionId, staff.id, deps.now(), browserHash);
  request.log.info({ staffId: staff.id, sessionId }, 'staff password accepted');
  return {
    challenge: await deps.staffTokens.issue('challenge', { staffId: staff.id, sessionId }),
    next: nextStep(staff),
  };
}
