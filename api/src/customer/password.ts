import { isStrongPassword, WEAK_PASSWORD_MESSAGE } from '@portal/shared/contract';
import type { Store } from '../repositories';
import type { Limit, Limits } from '../limits';
import type { Notifier } from '../delivery/notifier';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { notifyCustomer } from '../delivery/notifier';
import { DomainError, tooManyTries } from '../errors';
import { NOTICES } from '../texts/notices';
import { ERROR_TEXTS } from '../texts/errors';

/** What changing the password needs: the repositories, the limits, the notifier, the clock and the login limits' numbers. */
export interface PasswordDeps {
  store: Store;
  limits: Limits;
  notifier: Notifier;
  now: () => Date;
  guesses: { perAccount: number; windowSeconds: number };
}

/**
 * `POST /customer/change-password` (product.md §7): old-password guesses are limited like logins from
 * one client, counted before the check; a right one clears them. The new password, the other devices
 * signed out (this one stays signed in) and the notice commit in one transaction.
 */
export async function changePassword(
  deps: PasswordDeps,
  signedIn: { customerId: number; sessionId: string },
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const { customerId, sessionId } = signedIn;
  const guesses: Limit = {
    key: `password-change:${customerId}`,
    max: deps.guesses.perAccount,
    windowSeconds: deps.guesses.windowSeconds,
  };
  const taken = await deps.limits.take([guesses]);
  if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyAttempts, taken.retryAfter, 'TOO_MANY_ATTEMPTS');
  const passwordHash = await deps.store.customers.passwordHashOf(customerId);
  if (!passwordHash || !(await verifyPassword(oldPassword, passwordHash)))
    throw new DomainError('invalid', ERROR_TEXTS.wrongPassword, 'WRONG_PASSWORD');
  await deps.limits.clear([guesses.key]);
  if (!isStrongPassword(newPassword)) throw new DomainError('unprocessable', WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
  const hash = await hashPassword(newPassword);
  await deps.store.transaction(async (tx) => {
    await tx.customers.setPasswordHash(customerId, hash);
    await tx.sessions.endOthers(customerId, sessionId, deps.now());
    await notifyCustomer(tx, deps.notifier, customerId, NOTICES.passwordChanged({ at: deps.now() }));
  });
}
