import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { STAFF_TEXTS, staffEndpoints, type StaffChallenge } from '@portal/shared/contract/staff';
import type { ApiContext } from '../context';
import type { StaffRow } from '../repositories/staff';
import { HttpError, tooManyRequests } from '../http/validate';
import { logRefusal } from '../http/limits';
import { STAFF_IDLE_MINUTES, staffRoute } from '../http/staffRoute';
import { memberOf, recordAudit } from '../http/staffAccess';
import { bearerToken } from '../auth/guard';
import { hashPassword } from '../auth/passwords';
import { checkStaffPassword } from '../staff/signIn';
import { seal, unseal } from '../auth/secrets';
import { newTotpSecret, totpSetup, totpStep } from '../staff/totp';

/** Wrong second-factor codes per member of staff, per 15 minutes (docs/limits.md). */
const WRONG_CODES = 5;

/** What a right password leads to: a one-time password is changed first, then a second factor set up, then its code asked. */
function nextStep(staff: Pick<StaffRow, 'must_change_password' | 'totp_confirmed_at'>): StaffChallenge['next'] {
  if (staff.must_change_password) return 'change-password';
  return staff.totp_confirmed_at ? 'totp' : 'totp-setup';
}

/**
 * The support console's sign-in in steps, who is signed in, and signing out, under `/api/staff`
 * (docs/decisions/032-support-console.md). Registered by app.ts beside the other staff route files.
 */
export function staffSignInRoutes(app: FastifyInstance, ctx: ApiContext): void {
  passwordSteps(app, ctx);
  totpSteps(app, ctx);

  staffRoute(app, ctx, staffEndpoints.me, async ({ staff }) => ({
    id: staff.staffId,
    name: staff.name,
    email: staff.email,
    role: staff.role,
  }));

  // Signing out is in the trail, once however many tabs send it.
  staffRoute(app, ctx, staffEndpoints.logout, async ({ staff, reply }) => {
    const now = ctx.now();
    await ctx.store.transaction(async (tx) => {
      if (await tx.staff.endSession(staff.sessionId, now))
        await tx.audit.record(
          { staffId: staff.staffId, staffName: staff.name, action: 'staff.signout', customerId: null },
          now,
        );
    });
    return reply.code(204).send();
  });
}

/** Steps 1 and 2: the password, and at the first sign-in the member's own in place of the one-time one. */
function passwordSteps(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  // Sign-in, step 1: the password, under the customers' burst-safe limits, with a budget of its own
  // for a browser the member signed in from before (staff/signIn.ts, docs/limits.md).
  staffRoute(app, ctx, staffEndpoints.login, async ({ body, request }) => {
    const { staff, browserHash } = await checkStaffPassword(ctx, request, body);
    const sessionId = randomUUID();
    await store.staff.startSession(sessionId, staff.id, ctx.now(), browserHash);
    request.log.info({ staffId: staff.id, sessionId }, 'staff password accepted');
    return {
      challenge: await ctx.staffTokens.issue('challenge', { staffId: staff.id, sessionId }),
      next: nextStep(staff),
    };
  });

  // Step 2 at the first sign-in: the one-time password replaced by the member's own.
  staffRoute(app, ctx, staffEndpoints.choosePassword, async ({ staff: session, body, request }) => {
    const passwordHash = await hashPassword(body.newPassword);
    // Every other sign-in of the account ends: one opened with the one-time password by somebody else
    // cannot go on to set up a second factor of their own.
    const chosen = await store.transaction(async (tx) => {
      if (!(await tx.staff.setChosenPassword(session.staffId, passwordHash))) return false;
      await tx.staff.endOtherSessions(session.staffId, session.sessionId, ctx.now());
      return true;
    });
    if (!chosen) throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    await recordAudit(ctx, session, 'staff.password-chosen', null);
    return { challenge: bearerToken(request)!, next: nextStep(await memberOf(ctx, session)) };
  });
}

/** Steps 3 and 4: a second factor set up, then its code, which signs the session in. */
function totpSteps(app: FastifyInstance, ctx: ApiContext): void {
  const { store } = ctx;
  // Step 3 until a second factor is set up: a new secret, shown once as a QR code and as text.
  staffRoute(app, ctx, staffEndpoints.totpSetup, async ({ staff: session }) => {
    const staff = await memberOf(ctx, session);
    if (nextStep(staff) !== 'totp-setup') throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    const secret = newTotpSecret();
    if (!(await store.staff.offerTotp(staff.id, seal(ctx.keys.sealing, secret)))) {
      throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    }
    return { secret, ...(await totpSetup(secret, staff.email)) };
  });

  // Last step: the authenticator's code. Right, unused and of the secret offered: the session is signed in.
  staffRoute(app, ctx, staffEndpoints.totp, async ({ staff: session, body, request }) => {
    const staff = await memberOf(ctx, session);
    if (staff.must_change_password || !staff.totp_sealed) throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    const guard = { key: `staff-totp:${staff.id}`, max: WRONG_CODES, windowSeconds: 15 * 60 };
    const reserved = await ctx.limits.reserve([guard]);
    if (!reserved.ok) {
      logRefusal(request, 'staff.code.failed', {
        reason: 'limited',
        staffId: staff.id,
        retryAfter: reserved.retryAfter,
      });
      throw tooManyRequests(STAFF_TEXTS.tooManyCodes, reserved.retryAfter, 'TOO_MANY_ATTEMPTS');
    }
    const now = ctx.now();
    let taken = false;
    try {
      const step = totpStep(unseal(ctx.keys.sealing, staff.totp_sealed), body.code, now);
      taken = step !== null && (await store.staff.takeTotpStep(staff.id, step, staff.totp_sealed, now));
    } finally {
      await ctx.limits.settle([guard], !taken);
    }
    if (!taken) {
      logRefusal(request, 'staff.code.failed', { reason: 'wrong-code', staffId: staff.id });
      await recordAudit(ctx, session, 'staff.totp.failed', null, { after: { address: request.ip } });
      throw new HttpError(400, STAFF_TEXTS.wrongCode, 'WRONG_CODE');
    }
    if (!(await store.staff.completeSession(session.sessionId, now))) {
      throw new HttpError(409, STAFF_TEXTS.stepDone, 'CONFLICT');
    }
    // A full sign-in: its browser now has a budget of tries of its own (docs/limits.md).
    await store.staff.rememberBrowser(session.sessionId, now);
    await recordAudit(ctx, session, staff.totp_confirmed_at ? 'staff.sign-in' : 'staff.sign-in.totp-set-up', null);
    request.log.info({ staffId: staff.id, sessionId: session.sessionId }, 'staff signed in');
    return {
      token: await ctx.staffTokens.issue('staff', { staffId: staff.id, sessionId: session.sessionId }),
      staff: { id: staff.id, name: staff.name, email: staff.email, role: staff.role },
      idleMinutes: STAFF_IDLE_MINUTES,
    };
  });
}
