import { timingSafeEqual } from 'node:crypto';
import type { CustomersRepository } from '../repositories/customers';
import { SESSION_EXPIRED } from '../auth/guard';
import { unseal, type Keyring } from '../auth/secrets';
import { HttpError, tooManyRequests } from '../http/validate';
import { secondsUntil } from '../days';
import { PIN_RULE_TEXTS } from '@portal/shared/texts';

/** Wrong PINs allowed before the check locks, and for how long (docs/limits.md). */
export const PIN_MAX_FAILURES = 5;
export const PIN_LOCK_MINUTES = 15;
export const WRONG_PIN = PIN_RULE_TEXTS.wrong;

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Checks a customer's PIN. The attempt is counted before the comparison, in the statement that checks
 * the lock (a burst gets at most five through); the fifth counted attempt sets the lock, and a right
 * PIN clears the count.
 */
export async function verifyPin(
  deps: { customers: CustomersRepository; sealing: Keyring; now: Date },
  customerId: number,
  pin: string,
): Promise<void> {
  const { customers, now } = deps;
  const sealed = await customers.countPinTry(customerId, now, PIN_MAX_FAILURES, PIN_LOCK_MINUTES);
  if (sealed === null) {
    const lockedUntil = await customers.pinLockedUntil(customerId);
    if (lockedUntil === undefined) throw new HttpError(401, SESSION_EXPIRED, 'UNAUTHORIZED');
    throw tooManyRequests(PIN_RULE_TEXTS.tooManyWrong, secondsUntil(lockedUntil ?? now, now), 'PIN_LOCKED');
  }
  let actual: string | null = null;
  try {
    actual = unseal(deps.sealing, sealed);
  } catch {
    actual = null; // sealed under a key the ring no longer holds: no PIN can match
  }
  if (actual !== null && same(actual, pin)) {
    await customers.clearPinFailures(customerId);
    return;
  }
  throw new HttpError(400, WRONG_PIN, 'WRONG_PIN');
}
