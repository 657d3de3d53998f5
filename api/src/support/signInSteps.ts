import type { FastifyRequest } from 'fastify';
import { STAFF_TEXTS, type StaffChallenge } from '@portal/shared/contract/support';
import type { StaffRow, StaffSession } from '../repositories/staff';
import { DomainError, tooManyTries } from '../errors';
import { logRefusal, type Limits } from '../limits';
import { hashPassword } from '../auth/passwords';
import { seal, unseal, type Keyring } from '../auth/secrets';
import { newTotpSecret, totpSetup, totpStep } from './totp';
import type { StaffTokens } from './tokens';
import { recordAudit, type SupportDeps } from './audit';
import { nextStep } from './signIn';

/**
 * The support console's sign-in after the password (docs/decisions/032-support-console.md): the
 * member's own password in place of a one-time one, a second factor set up, its code, and signing out.
 */

/** What the steps need: the repositories, the clock, the limits, the keyring that seals second factors and the console's tokens. */
export interface StaffStepDeps extends SupportDeps {
  limits: Limits;
  keys: { sealing: Keyring };
  staffTokens: StaffTokens;
}

/** Wrong second-factor codes per member of staff, per 15 minutes (docs/limits.md). */
export const WRONG_CODES = 5;

export const stepDone = () => new DomainError('conflict', STAFF_TEXTS.stepDone, 'CONFLICT');

/** The member of staff behind a session, as the database has them now; 401 when the account is gone. */
export async function memberOf(deps: SupportDeps, session: StaffSession): Promise<StaffRow> {
  const staff = await deps.store.staff.byId(session.staffId);
  if (!staff) throw new DomainError('unauthorized', STAFF_TEXTS.sessionOver, 'UNAUTHORIZED');
  return staff;
}

/**
 * Step 2 at the first sign-in: the one-time password replaced by the member's own. Every other sign-in
 * of the account ends: one opened with the one-time password by somebody else cannot go on to set up a
 * second factor of their own. Answers the step that comes next.
 */
export async function chooseStaffPassword(
  deps: SupportDeps,
  session: StaffSession,
  newPassword: string,
): Promise<StaffChallenge['next']> {
  const passwordHash = await hashPassword(newPassword);
  const chosen = await deps.store.transaction(async (tx) => {
    if (!(await tx.staff.setChosenPassword(session.staffId, passwordHash))) return false;
    await tx.staff.endOtherSessions(session.staffId, session.sessionId, deps.now());
    return true;
  });
  if (!chosen) throw stepDone();
  await recordAudit(deps, session, 'staff.password-chosen', null);
  return nextStep(await memberOf(deps, session));
}

/** Step 3 until a second factor is set up: a new secret, shown once as a QR code and as text. */
export async function offerTotp(
  deps: StaffStepDeps,
  session: StaffSession,
): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
  const staff = await memberOf(deps, session);
  if (nextStep(staff) !== 'totp-setup') throw stepDone();
  const secret = newTotpSecret();
  if (!(await deps.store.staff.offerTotp(staff.id, seal(deps.keys.sealing, secret)))) throw stepDone();
  return { secret, ...(await totpSetup(secret, staff.email)) };
}

/**
 * The moment `code` was taken at when it is right, unused and of the secret offered (its step is taken
 * then), else null; within WRONG_CODES wrong ones per member (a try reserved first, counted only when
 * wrong), else a 429.
 */
async function takeCode(
  deps: StaffStepDeps,
  staff: { id: number; sealed: string },
  code: string,
  request: FastifyRequest,
): Promise<Date | null> {
  const guard = { key: `staff-totp:${staff.id}`, max: WRONG_CODES, windowSeconds: 15 * 60 };
  const reserved = await deps.limits.reserve([guard]);
  if (!reserved.ok) {
    logRefusal(request, 'staff.code.failed', {
      reason: 'limited',
      staffId: staff.id,
      retryAfter: reserved.retryAfter,
    });
    throw tooManyTries(STAFF_TEXTS.tooManyCodes, reserved.retryAfter, 'TOO_MANY_ATTEMPTS');
  }
  const now = deps.now();
  let taken = false;
  try {
    const step = totpStep(unseal(deps.keys.sealing, staff.sealed), code, now);
    taken = step !== null && (await deps.store.staff.takeTotpStep(staff.id, step, staff.sealed, now));
  } finally {
    await deps.limits.settle([guard], !taken);
  }
  return taken ? now : null;
}

/**
 * Last step: the authenticator's code. Right, unused and of the secret offered: the session is signed
 * in, and its browser now has a budget of tries of its own (docs/limits.md). Wrong: in the trail, a 400.
 */
export async function confirmTotp(deps: StaffStepDeps, session: StaffSession, code: string, request: FastifyRequest) {
  const staff = await memberOf(deps, session);
  if (staff.must_change_password || !staff.totp_sealed) throw stepDone();
  const now = await takeCode(deps, { id: staff.id, sealed: staff.totp_sealed }, code, request);
  if (!now) {
    logRefusal(request, 'staff.code.failed', { reason: 'wrong-code', staffId: staff.id });
    await recordAudit(deps, session, 'staff.totp.failed', null, { after: { address: request.ip } });
    throw new DomainError('invalid', STAFF_TEXTS.wrongCode, 'WRONG_CODE');
  }
  return completeSignIn(deps, session, staff, now, request, {
    action: staff.totp_confirmed_at ? 'staff.sign-in' : 'staff.sign-in.totp-set-up',
  });
}

/**
 * A right second factor (the code, or a passkey: support/passkeys.ts): the session is signed in, once, and
 * its browser now has a budget of tries of its own (docs/limits.md); in the trail as `action`.
 */
export async function completeSignIn(
  deps: StaffStepDeps,
  session: StaffSession,
  staff: StaffRow,
  now: Date,
  request: FastifyRequest,
  audit: { action: string; after?: unknown },
) {
  if (!(await deps.store.staff.completeSession(session.sessionId, now))) throw stepDone();
  await deps.store.staff.rememberBrowser(session.sessionId, now);
  await recordAudit(deps, session, audit.action, null, audit.after === undefined ? {} : { after: audit.after });
  request.log.info({ staffId: staff.id, sessionId: session.sessionId }, 'staff signed in');
  return {
    token: await deps.staffTokens.issue('staff', { staffId: staff.id, sessionId: session.sessionId }),
    staff: { id: staff.id, name: staff.name, email: staff.email, role: staff.role },
  };
}

/** Signing out: the session ends, and the trail says so once however many tabs send it. */
export async function signOutStaff(deps: SupportDeps, session: StaffSession): Promise<void> {
  const now = deps.now();
  await deps.store.transaction(async (tx) => {
    if (await tx.staff.endSession(session.sessionId, now))
      await tx.audit.record(
        { staffId: session.staffId, staffName: session.name, action: 'staff.signout', customerId: null },
        now,
      );
  });
}
