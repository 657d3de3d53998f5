import { randomInt, timingSafeEqual } from 'node:crypto';
import { PIN_REFUSALS } from '@portal/shared/contract';
import { PIN_RULE_TEXTS } from '@portal/shared/texts';
import type { Repositories, Store } from '../repositories';
import { SESSION_EXPIRED } from '../auth/guard';
import { seal, unseal, type Keyring } from '../auth/secrets';
import { DomainError, tooManyTries } from '../errors';
import { secondsUntil } from '../days';

/**
 * The customer's PIN, its rules in one module (product.md §5, PIN), the worked example of
 * docs/architecture.md: drawing a new one, checking one against the lock, sealing, changing.
 */

/** Wrong PINs allowed before the check locks, and for how long (docs/limits.md). */
const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
const WRONG_PIN = PIN_RULE_TEXTS.wrong;

/** What the PIN's use cases need: the repositories, the keyring that seals PINs, and the clock. */
export interface PinDeps {
  store: Store;
  sealing: Keyring;
  now: () => Date;
}

/** A new PIN: 4 random digits, shown once (a registration's answer) and stored only sealed. */
export function drawPin(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/** A PIN as stored: sealed under the keyring's current key, never in clear (decision 035). */
export function sealPin(sealing: Keyring, pin: string): string {
  return seal(sealing, pin);
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks `pin` against the customer's own and answers the refusal, or null when it is right. The try
 * is counted before the comparison, in the statement that checks the lock (a burst gets at most five
 * through); the fifth counted try sets the lock, and a right PIN clears the count.
 */
async function tryPin(
  customers: Repositories['customers'],
  deps: Pick<PinDeps, 'sealing'> & { now: Date },
  customerId: number,
  pin: string,
): Promise<DomainError | null> {
  const { now } = deps;
  const sealed = await customers.countPinTry(customerId, now, PIN_MAX_FAILURES, PIN_LOCK_MINUTES);
  if (sealed === null) {
    const lockedUntil = await customers.pinLockedUntil(customerId);
    if (lockedUntil === undefined) return new DomainError('unauthorized', SESSION_EXPIRED, 'UNAUTHORIZED');
    return tooManyTries(PIN_RULE_TEXTS.tooManyWrong, secondsUntil(lockedUntil ?? now, now), PIN_REFUSALS.locked);
  }
  let actual: string | null = null;
  try {
    actual = unseal(deps.sealing, sealed);
  } catch {
    actual = null; // sealed under a key the ring no longer holds: no PIN can match
  }
  if (actual === null || !same(actual, pin)) return new DomainError('invalid', WRONG_PIN, PIN_REFUSALS.wrong);
  await customers.clearPinFailures(customerId);
  return null;
}

/** `POST /customer/check-pin`: the PIN is right, or the refusal (a wrong PIN, the lock) is thrown. */
export async function checkPin(deps: PinDeps, customerId: number, pin: string): Promise<void> {
  const refusal = await tryPin(deps.store.customers, { sealing: deps.sealing, now: deps.now() }, customerId, pin);
  if (refusal) throw refusal;
}

/**
 * `POST /customer/change-pin`: the old PIN is checked against the lock, counted once, and the new one
 * sealed and saved, in one transaction (the count, its clearing and the new PIN commit together). A
 * refusal is thrown after the commit, so a wrong PIN's count stays.
 */
export async function changePin(deps: PinDeps, customerId: number, oldPin: string, newPin: string): Promise<void> {
  const at = { sealing: deps.sealing, now: deps.now() };
  const refusal = await deps.store.transaction(async (tx) => {
    const refused = await tryPin(tx.customers, at, customerId, oldPin);
    if (!refused) await tx.customers.setPin(customerId, sealPin(deps.sealing, newPin));
    return refused;
  });
  if (refusal) throw refusal;
}
