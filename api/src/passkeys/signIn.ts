import type { LoginResponse } from '@portal/shared/contract';
import type { PasskeyLoginRequest } from '@portal/shared/contract/passkeys';
import type { ApiConfig } from '../config';
import type { CustomerRow } from '../repositories/customers';
import type { Limit } from '../limits';
import { DomainError, tooManyTries } from '../errors';
import { ERROR_TEXTS } from '../texts/errors';
import { clientKey as clientKeyOf } from '../clientKey';
import { blocked, startDeviceSession, type SignInDeps } from '../auth/signIn';
import { authenticationOptions, checkedAssertion, takeChallenge } from './webauthn';

/**
 * 'Prijavi se pristupnim ključem' (docs/passkeys.md): a challenge handed out to whoever asks, signed by
 * one of the customer's passkeys, taken once, then the same device session a password login starts
 * (auth/signIn.ts `startDeviceSession`). Limited like the password login (docs/limits.md).
 */

/** What a passkey sign-in needs: a password sign-in's, and the public address (the relying party). */
export interface PasskeySignInDeps extends SignInDeps {
  config: Pick<ApiConfig, 'loginLimits' | 'operator' | 'delivery'>;
}

/**
 * The limits of passkey sign-ins from one address: every sign-in counts against the password login's
 * per-address limit (the same key), refused answers against a budget of their own, and challenges
 * asked for (the login page asks one each visit, for the browser's autofill) against four times it.
 */
function passkeyLimits(
  config: SignInDeps['config'],
  address: string,
): { client: Limit; failures: Limit; options: Limit } {
  const { perAccount, perClient, windowSeconds } = config.loginLimits;
  const client = clientKeyOf(address);
  return {
    client: { key: `login-client:${client}`, max: perClient, windowSeconds },
    failures: { key: `login-passkey:${client}`, max: perAccount, windowSeconds },
    options: { key: `login-passkey-options:${client}`, max: 4 * perClient, windowSeconds },
  };
}

/** `POST /login/passkey/options`: a challenge any of this portal's passkeys may sign. */
export async function passkeyLoginOptions(deps: PasskeySignInDeps, address: string) {
  const taken = await deps.limits.take([passkeyLimits(deps.config, address).options]);
  if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyLogins, taken.retryAfter, 'TOO_MANY_ATTEMPTS');
  return authenticationOptions(deps, 'sign-in', null);
}

/**
 * The customer whose passkey signed a challenge of ours, the challenge taken by this caller (of a burst
 * answering it, one), the signature right and the counter moved on; null when any of that fails.
 */
async function signedBy(
  deps: PasskeySignInDeps,
  credential: PasskeyLoginRequest['credential'],
): Promise<CustomerRow | null> {
  const challenge = await takeChallenge(deps, credential.response.clientDataJSON, 'sign-in', null);
  if (!challenge) return null;
  const row = await deps.store.passkeys.byCredentialId('customer', credential.id);
  if (!row) return null;
  const counter = await checkedAssertion(deps, credential, challenge, row);
  if (counter === null) return null;
  if (!(await deps.store.passkeys.markUsed('customer', row.id, counter, deps.now()))) return null;
  return deps.store.customers.byId(row.owner_id);
}

/**
 * `POST /login/passkey`: within the limits (a try reserved before the check, counted only when
 * refused), the signed challenge checked, then the device session started as a password login starts
 * it. A blocked customer is refused as at the password login (403).
 */
export async function signInWithPasskey(
  deps: PasskeySignInDeps,
  attempt: PasskeyLoginRequest,
  address: string,
): Promise<LoginResponse> {
  const limits = passkeyLimits(deps.config, address);
  let customer: CustomerRow | null = null;
  const checked = await deps.limits.checkWithin(limits.client, [limits.failures], async () => {
    customer = await signedBy(deps, attempt.credential);
    return customer !== null;
  });
  if (!checked.ok) {
    deps.report({ outcome: 'limited', retryAfter: checked.retryAfter });
    throw tooManyTries(ERROR_TEXTS.tooManyLogins, checked.retryAfter, 'TOO_MANY_ATTEMPTS');
  }
  const signer = customer as CustomerRow | null;
  if (!signer) {
    deps.report({ outcome: 'failed', reason: 'wrong-passkey' });
    throw new DomainError('unauthorized', ERROR_TEXTS.passkeyLoginFailed, 'PASSKEY_FAILED');
  }
  if (signer.blocked_at) throw blocked(deps, signer);
  deps.report({ outcome: 'ok' });
  return startDeviceSession(deps, signer, attempt);
}
