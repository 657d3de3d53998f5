import { usernameOf, type CheckUsernameResponse, type RegistrationType } from '@portal/shared/contract';
import { hashPassword } from '../auth/passwords';
import { notifyCustomer } from '../delivery/notifier';
import { DomainError } from '../errors';
import { NOTICES } from '../texts/notices';
import { ERROR_TEXTS } from '../texts/errors';
import { refuseUnlessDeliverable } from '../delivery/channels';
import { APPROVAL_TTL_MINUTES, assertSmsAllowed, channelOf, createVerification } from './codes';
import { assertStrongPassword, limitStart, type OnboardingDeps } from './registration';

/**
 * `POST /check-username` (product.md §2, Forgotten password): a reset verification, and its code sent to
 * a customer's own number or address. Unknown usernames get the same answer and a verification that can
 * never be approved (no enumeration).
 */
export async function startPasswordReset(
  deps: OnboardingDeps,
  username: string,
  clientAddress: string,
): Promise<CheckUsernameResponse> {
  const lookup = usernameOf(username);
  if (!lookup) throw new DomainError('invalid', ERROR_TEXTS.usernameMissing, 'BAD_USERNAME');
  const registrationType: RegistrationType = lookup.type;
  // Whether or not the username is a customer's: the answer must not tell.
  refuseUnlessDeliverable(deps, channelOf(registrationType));
  if (registrationType === 'PHONE_NUMBER') assertSmsAllowed(deps, lookup.value);
  await limitStart(deps, clientAddress, lookup.value);
  const customer = await deps.store.customers.byUsername(lookup.value);
  const id = await deps.store.transaction(async (tx) => {
    const created = await createVerification(
      deps,
      { purpose: 'PASSWORD_RESET', registrationType, username: lookup.value, customerId: customer?.id ?? null },
      tx,
    );
    if (customer)
      await deps.notifier.send(
        { to: lookup.value, channel: channelOf(registrationType), ...NOTICES.code('PASSWORD_RESET', created.code) },
        tx,
      );
    return created.id;
  });
  return { registrationType, primaryUsername: lookup.value, identificator: id };
}

/**
 * `POST /reset-password`: an approved reset's new password. A reset signs the customer out everywhere, and
 * tells them; and distrusts every device: none keeps a login budget of its own (docs/limits.md).
 */
export async function resetPassword(deps: OnboardingDeps, identificator: string, password: string): Promise<void> {
  assertStrongPassword(password);
  const hash = await hashPassword(password);
  await deps.store.transaction(async (tx) => {
    const customerId = await tx.verifications.completeReset(identificator, deps.now(), APPROVAL_TTL_MINUTES);
    if (customerId === null) throw new DomainError('conflict', ERROR_TEXTS.codeNotApproved, 'NOT_APPROVED');
    await tx.customers.setPasswordHash(customerId, hash);
    await tx.sessions.endOthers(customerId, null, deps.now());
    await notifyCustomer(tx, deps.notifier, customerId, NOTICES.passwordChanged({ at: deps.now() }));
  });
}
