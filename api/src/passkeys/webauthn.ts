import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransportFuture,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AddPasskeyRequest, PasskeyLoginRequest, PasskeyOptions } from '@portal/shared/contract/passkeys';
import type { ApiConfig } from '../config';
import type { Repositories } from '../repositories';
import type { ChallengePurpose, PasskeyRow } from '../repositories/passkeys';
import { operatorOf } from '../portalConfig';
import { sha256 } from '../auth/secrets';

/**
 * WebAuthn through `@simplewebauthn/server` (docs/passkeys.md, docs/decisions/053): the relying party
 * is the portal's public address, each challenge is stored (its digest) and taken once by the statement
 * that deletes it, and the library's checks of a credential's answer are wrapped to say yes or no.
 */

type NewCredential = AddPasskeyRequest['credential'];
type SignedChallenge = PasskeyLoginRequest['credential'];

/** How long a challenge may be answered: a passkey prompt's time, with room to spare. */
const CHALLENGE_SECONDS = 300;

interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** The relying party from PUBLIC_URL (config.ts): its host is the id, its origin the only one accepted. */
function relyingParty(config: Pick<ApiConfig, 'delivery' | 'operator'>): RelyingParty {
  const url = new URL(config.delivery.publicUrl);
  return { id: url.hostname, origin: url.origin, name: operatorOf(config).name };
}

/** What the options and checks need: the repositories (of a transaction or not), the clock and the settings. */
export interface WebAuthnDeps {
  store: Repositories;
  now: () => Date;
  config: Pick<ApiConfig, 'delivery' | 'operator'>;
}

async function keep(deps: WebAuthnDeps, challenge: string, purpose: ChallengePurpose, subject: string | null) {
  const expires = new Date(deps.now().getTime() + CHALLENGE_SECONDS * 1000);
  await deps.store.passkeys.addChallenge(sha256(challenge), purpose, subject, expires);
}

const transportsOf = (row: Pick<PasskeyRow, 'transports'>) =>
  row.transports ? (row.transports.split(',') as AuthenticatorTransportFuture[]) : undefined;

/** Options to make a passkey for `user` (a discoverable one, the user verified), none of `existing` again. */
export async function registrationOptions(
  deps: WebAuthnDeps,
  purpose: 'register' | 'staff-register',
  subject: string,
  user: { handle: string; name: string; displayName: string },
  existing: PasskeyRow[],
): Promise<PasskeyOptions> {
  const rp = relyingParty(deps.config);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: new TextEncoder().encode(user.handle),
    userName: user.name,
    userDisplayName: user.displayName,
    attestationType: 'none',
    timeout: CHALLENGE_SECONDS * 1000,
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keep(deps, options.challenge, purpose, subject);
  return { ...options };
}

/** Options to sign a challenge: with any passkey of this portal (`allowed` empty), or one of `allowed`. */
export async function authenticationOptions(
  deps: WebAuthnDeps,
  purpose: 'sign-in' | 'staff-sign-in',
  subject: string | null,
  allowed: PasskeyRow[] = [],
): Promise<PasskeyOptions> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(deps.config).id,
    userVerification: 'required',
    timeout: CHALLENGE_SECONDS * 1000,
    allowCredentials: allowed.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
  await keep(deps, options.challenge, purpose, subject);
  return { ...options };
}

/** The challenge the browser signed, read from its client data; null when that is not what it says. */
function challengeIn(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 200 ? data.challenge : null;
  } catch {
    return null;
  }
}

/**
 * Takes the challenge the answer names, once (the database decides: `takeChallenge`); the challenge
 * when this caller took it, else null (unknown, used, expired, or another purpose's or subject's).
 */
export async function takeChallenge(
  deps: WebAuthnDeps,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  subject: string | null,
): Promise<string | null> {
  const challenge = challengeIn(clientDataJSON);
  if (!challenge) return null;
  return (await deps.store.passkeys.takeChallenge(sha256(challenge), purpose, subject, deps.now())) ? challenge : null;
}

/** The new credential checked against its challenge and this portal; what to store, or null when refused. */
export async function checkedRegistration(
  deps: WebAuthnDeps,
  credential: NewCredential,
  challenge: string,
): Promise<{ credentialId: string; publicKey: string; counter: number; transports: string } | null> {
  const rp = relyingParty(deps.config);
  try {
    const checked = await verifyRegistrationResponse({
      response: {
        ...credential,
        response: {
          ...credential.response,
          transports: credential.response.transports as AuthenticatorTransportFuture[] | undefined,
        },
        clientExtensionResults: credential.clientExtensionResults ?? {},
      },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (!checked.verified) return null;
    const { id, publicKey, counter, transports } = checked.registrationInfo.credential;
    return {
      credentialId: id,
      publicKey: isoBase64URL.fromBuffer(publicKey),
      counter,
      transports: (transports ?? []).join(','),
    };
  } catch {
    return null;
  }
}

/** The signed challenge checked against the stored credential; its new counter, or null when refused. */
export async function checkedAssertion(
  deps: WebAuthnDeps,
  answer: SignedChallenge,
  challenge: string,
  row: PasskeyRow,
): Promise<number | null> {
  const rp = relyingParty(deps.config);
  try {
    const checked = await verifyAuthenticationResponse({
      response: { ...answer, clientExtensionResults: answer.clientExtensionResults ?? {} },
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: row.credential_id,
        publicKey: isoBase64URL.toBuffer(row.public_key),
        counter: Number(row.counter),
        transports: transportsOf(row),
      },
    });
    return checked.verified ? checked.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}
