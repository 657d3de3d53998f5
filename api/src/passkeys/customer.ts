import { randomUUID } from 'node:crypto';
import type { AddPasskeyRequest, Passkey } from '@portal/shared/contract/passkeys';
import type { Repositories, Store } from '../repositories';
import type { PasskeyRow } from '../repositories/passkeys';
import { DomainError, UUID } from '../errors';
import { ERROR_TEXTS } from '../texts/errors';
import { checkedRegistration, registrationOptions, takeChallenge, type WebAuthnDeps } from './webauthn';

/**
 * The account page's 'Pristupni ključevi' (docs/passkeys.md): the customer's passkeys listed, one added
 * for a challenge handed out to this customer, one removed. Each use case opens its own transaction.
 */

/** Passkeys a customer may keep: a phone, a computer, a security key or two, with room to spare. */
const MAX_PASSKEYS = 10;

interface PasskeysDeps extends WebAuthnDeps {
  store: Store;
}

/** The subject a customer's challenge is bound to: only they can answer it. */
const subjectOf = (customerId: number) => `customer:${customerId}`;

const shown = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
});

/** `GET /customer/passkeys`: the customer's passkeys, oldest first. */
export async function listPasskeys(deps: { store: Repositories }, customerId: number): Promise<Passkey[]> {
  return (await deps.store.passkeys.list('customer', customerId)).map(shown);
}

/** `POST /customer/passkeys/options`: a challenge for a new passkey, the customer's own excluded. */
export async function passkeyRegistrationOptions(deps: PasskeysDeps, customerId: number) {
  const customer = await deps.store.customers.byId(customerId);
  if (!customer) throw new DomainError('unauthorized', ERROR_TEXTS.sessionExpired, 'UNAUTHORIZED');
  const existing = await deps.store.passkeys.list('customer', customerId);
  if (existing.length >= MAX_PASSKEYS)
    throw new DomainError('conflict', ERROR_TEXTS.tooManyPasskeys(MAX_PASSKEYS), 'TOO_MANY_PASSKEYS');
  const name = customer.email ?? customer.phone_number ?? `${customer.id}`;
  const displayName = `${customer.first_name} ${customer.last_name}`.trim() || name;
  // The user handle names the account to the authenticator: an id of ours, no personal data.
  return registrationOptions(
    deps,
    'register',
    subjectOf(customerId),
    { handle: `c${customerId}`, name, displayName },
    existing,
  );
}

/**
 * `POST /customer/passkeys`: the credential made for a challenge handed out to this customer (taken
 * once), checked, and stored under the customer's row lock so that the cap holds however many are sent
 * at once. A used or foreign challenge, or a credential that fails the checks, is a 400.
 */
export async function addPasskey(
  deps: PasskeysDeps,
  customerId: number,
  request: AddPasskeyRequest,
): Promise<Passkey[]> {
  const refused = () => new DomainError('invalid', ERROR_TEXTS.passkeyNotAdded, 'PASSKEY_REFUSED');
  const challenge = await takeChallenge(
    deps,
    request.credential.response.clientDataJSON,
    'register',
    subjectOf(customerId),
  );
  if (!challenge) throw refused();
  const checked = await checkedRegistration(deps, request.credential, challenge);
  if (!checked) throw refused();
  return deps.store.transaction(async (tx) => {
    await tx.customers.lock(customerId);
    if ((await tx.passkeys.list('customer', customerId)).length >= MAX_PASSKEYS)
      throw new DomainError('conflict', ERROR_TEXTS.tooManyPasskeys(MAX_PASSKEYS), 'TOO_MANY_PASSKEYS');
    const row = {
      id: randomUUID(),
      owner_id: customerId,
      credential_id: checked.credentialId,
      public_key: checked.publicKey,
      counter: checked.counter,
      transports: checked.transports,
      name: request.name,
    };
    if (!(await tx.passkeys.add('customer', row, deps.now())))
      throw new DomainError('conflict', ERROR_TEXTS.passkeyExists, 'PASSKEY_EXISTS');
    return listPasskeys({ store: tx }, customerId);
  });
}

/** `DELETE /customer/passkeys/{id}`: one of the customer's passkeys removed; another's, or none, is a 404. */
export async function removePasskey(deps: PasskeysDeps, customerId: number, id: string): Promise<Passkey[]> {
  const removed = UUID.test(id) && (await deps.store.passkeys.remove('customer', customerId, id));
  if (!removed) throw new DomainError('not-found', ERROR_TEXTS.passkeyNotFound, 'NOT_FOUND');
  return listPasskeys(deps, customerId);
}
