import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { STAFF_TEXTS } from '@portal/shared/contract/support';
import type { AddPasskeyRequest, Passkey, PasskeyLoginRequest } from '@portal/shared/contract/passkeys';
import type { ApiConfig } from '../config';
import type { StaffSession } from '../repositories/staff';
import type { PasskeyRow } from '../repositories/passkeys';
import { DomainError, tooManyTries, UUID } from '../errors';
import { logRefusal } from '../limits';
import { recordAudit } from './audit';
import { completeSignIn, memberOf, stepDone, WRONG_CODES, type StaffStepDeps } from './signInSteps';
import {
  authenticationOptions,
  checkedAssertion,
  checkedRegistration,
  registrationOptions,
  takeChallenge,
} from '../passkeys/webauthn';

/**
 * A member of staff's passkeys (docs/passkeys.md): added and removed once signed in, each in the audit
 * trail, and used in place of the authenticator app's code at sign-in. A challenge for the second factor
 * is bound to that sign-in's session, one to add a passkey to the member.
 */

interface StaffPasskeyDeps extends StaffStepDeps {
  config: Pick<ApiConfig, 'delivery' | 'operator'>;
}

/** Passkeys a member may keep. */
const MAX_PASSKEYS = 10;

const shown = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

/** `GET /staff/passkeys`: the member's passkeys, oldest first. */
export async function listStaffPasskeys(deps: StaffPasskeyDeps, staff: StaffSession): Promise<Passkey[]> {
  return (await deps.store.passkeys.list('staff', staff.staffId)).map(shown);
}

/** `POST /staff/passkeys/options`: a challenge for a new passkey of the member's, their own excluded. */
export async function staffPasskeyOptions(deps: StaffPasskeyDeps, staff: StaffSession) {
  const existing = await deps.store.passkeys.list('staff', staff.staffId);
  if (existing.length >= MAX_PASSKEYS)
    throw new DomainError('conflict', STAFF_TEXTS.tooManyPasskeys, 'TOO_MANY_PASSKEYS');
  const user = { handle: `s${staff.staffId}`, name: staff.email, displayName: staff.name };
  return registrationOptions(deps, 'staff-register', `staff:${staff.staffId}`, user, existing);
}

/** `POST /staff/passkeys`: the new passkey, made for the member's own challenge, stored and in the trail. */
export async function addStaffPasskey(
  deps: StaffPasskeyDeps,
  staff: StaffSession,
  request: AddPasskeyRequest,
): Promise<Passkey[]> {
  const subject = `staff:${staff.staffId}`;
  const challenge = await takeChallenge(deps, request.credential.response.clientDataJSON, 'staff-register', subject);
  const checked = challenge && (await checkedRegistration(deps, request.credential, challenge));
  if (!checked) throw new DomainError('invalid', STAFF_TEXTS.passkeyNotAdded, 'PASSKEY_REFUSED');
  const id = randomUUID();
  const row = {
    id,
    owner_id: staff.staffId,
    credential_id: checked.credentialId,
    public_key: checked.publicKey,
    counter: checked.counter,
    transports: checked.transports,
    name: request.name,
  };
  if (!(await deps.store.passkeys.add('staff', row, deps.now())))
    throw new DomainError('conflict', STAFF_TEXTS.passkeyExists, 'PASSKEY_EXISTS');
  await recordAudit(deps, staff, 'staff.passkey.added', null, { after: { id, name: request.name } });
  return listStaffPasskeys(deps, staff);
}

/** `DELETE /staff/passkeys/{id}`: one of the member's passkeys removed; another's, or none, is a 404. */
export async function removeStaffPasskey(deps: StaffPasskeyDeps, staff: StaffSession, id: string): Promise<Passkey[]> {
  if (!UUID.test(id) || !(await deps.store.passkeys.remove('staff', staff.staffId, id)))
    throw new DomainError('not-found', STAFF_TEXTS.passkeyNotFound, 'NOT_FOUND');
  await recordAudit(deps, staff, 'staff.passkey.removed', null, { after: { id } });
  return listStaffPasskeys(deps, staff);
}

/** The sign-in's subject: a challenge for the second factor answers for this session alone. */
const sessionSubject = (session: StaffSession) => `staff-session:${session.sessionId}`;

/** `POST /staff/passkey-options`: at the code's step, a challenge for the member's own passkeys. */
export async function staffSignInPasskeyOptions(deps: StaffPasskeyDeps, session: StaffSession) {
  const staff = await memberOf(deps, session);
  if (staff.must_change_password || !staff.totp_confirmed_at) throw stepDone();
  const passkeys = await deps.store.passkeys.list('staff', staff.id);
  if (passkeys.length === 0) throw new DomainError('conflict', STAFF_TEXTS.noPasskeys, 'NO_PASSKEYS');
  return authenticationOptions(deps, 'staff-sign-in', sessionSubject(session), passkeys);
}

/**
 * `POST /staff/passkey`: the second factor by passkey, within the code's budget of wrong tries (a try
 * reserved first, counted only when refused). The challenge of this session, taken once; a passkey of
 * this member; the signature right. Then signed in as a right code signs in.
 */
export async function confirmStaffPasskey(
  deps: StaffPasskeyDeps,
  session: StaffSession,
  credential: PasskeyLoginRequest['credential'],
  request: FastifyRequest,
) {
  const staff = await memberOf(deps, session);
  if (staff.must_change_password || !staff.totp_confirmed_at) throw stepDone();
  const guard = { key: `staff-totp:${staff.id}`, max: WRONG_CODES, windowSeconds: 15 * 60 };
  const reserved = await deps.limits.reserve([guard]);
  if (!reserved.ok) {
    logRefusal(request, 'staff.code.failed', { reason: 'limited', staffId: staff.id, retryAfter: reserved.retryAfter });
    throw tooManyTries(STAFF_TEXTS.tooManyCodes, reserved.retryAfter, 'TOO_MANY_ATTEMPTS');
  }
  const now = deps.now();
  let taken = false;
  try {
    const challenge = await takeChallenge(
      deps,
      credential.response.clientDataJSON,
      'staff-sign-in',
      sessionSubject(session),
    );
    const row = challenge ? await deps.store.passkeys.byCredentialId('staff', credential.id) : null;
    const counter = row && row.owner_id === staff.id ? await checkedAssertion(deps, credential, challenge!, row) : null;
    taken = counter !== null && (await deps.store.passkeys.markUsed('staff', row!.id, counter, now));
  } finally {
    await deps.limits.settle([guard], !taken);
  }
  if (!taken) {
    logRefusal(request, 'staff.code.failed', { reason: 'wrong-passkey', staffId: staff.id });
    await recordAudit(deps, session, 'staff.passkey.failed', null, { after: { address: request.ip } });
    throw new DomainError('invalid', STAFF_TEXTS.wrongPasskey, 'WRONG_PASSKEY');
  }
  return completeSignIn(deps, session, staff, now, request, { action: 'staff.sign-in', after: { method: 'passkey' } });
}
