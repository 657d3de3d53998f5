import {
  EMAIL_PATTERN,
  isRegistrationPhone,
  newPasswordSchema,
  REGISTRATION_PHONE,
  usernameOf,
  WEAK_PASSWORD_MESSAGE,
  type ContinueRegistrationRequest,
  type RegistrationType,
  type StartRegistrationRequest,
} from '@portal/shared/contract';
import { refuseUnlessDeliverable } from '../delivery/channels';
import { hashPassword } from '../auth/passwords';
import { drawPin, sealPin } from '../customer/pin';
import { DomainError, tooManyTries } from '../errors';
import { NOTICES } from '../texts/notices';
import { ERROR_TEXTS } from '../texts/errors';
import {
  admitDestination,
  APPROVAL_TTL_MINUTES,
  assertSmsAllowed,
  channelOf,
  createVerification,
  resendCode,
  takeClientCode,
  type CapDeps,
  type Purpose,
  type RefusalLog,
  type ResendDeps,
} from './codes';

/** What registering and resetting a password need: the codes' and the caps' dependencies, the outbox and its channels. */
export type OnboardingDeps = ResendDeps & CapDeps;

const NOT_READY = ERROR_TEXTS.registrationNotReady;
const MAX_STARTS_PER_HOUR = 5;

/**
 * A username as registrations store it: a phone number `3876…` (06 + 7 to 9 digits) that SMS may go to
 * (SMS_ALLOWED_PREFIXES), or an e-mail in lower case.
 */
function registrationUsername(deps: CapDeps, type: RegistrationType, username: string): string {
  const found = usernameOf(username);
  if (type === 'PHONE_NUMBER') {
    if (found?.type !== 'PHONE_NUMBER' || !isRegistrationPhone(found.value))
      throw new DomainError('invalid', REGISTRATION_PHONE.message, 'BAD_PHONE');
    assertSmsAllowed(deps, found.value);
    return found.value;
  }
  if (found?.type !== 'EMAIL' || !EMAIL_PATTERN.test(found.value))
    throw new DomainError('invalid', ERROR_TEXTS.emailFormat, 'BAD_EMAIL');
  return found.value;
}

/** New registrations and reset requests: CODE_LIMIT_CLIENT codes an hour per address, five starts an hour per username. */
export async function limitStart(deps: CapDeps, clientAddress: string, username: string): Promise<void> {
  await takeClientCode(deps, clientAddress);
  const taken = await deps.limits.take([
    { key: `code-start:${username}`, max: MAX_STARTS_PER_HOUR, windowSeconds: 3600 },
  ]);
  if (!taken.ok) throw tooManyTries(ERROR_TEXTS.tooManyRequests, taken.retryAfter, 'TOO_MANY_REQUESTS');
}

/**
 * `POST /resend/sms`, `/resend/mail`, `/resend-reset-code`: one of the address's codes an hour
 * (takeClientCode), then the verification's own five. Nothing to resend (unknown, finished or approved)
 * answers as if sent for a reset, which must not reveal accounts. A channel without a transport is
 * refused before the address's count is taken (resendCode asks again, in its transaction).
 */
export async function resend(deps: OnboardingDeps, clientAddress: string, id: string, purpose: Purpose): Promise<void> {
  const pending = await deps.store.verifications.find(id, purpose);
  if (pending) refuseUnlessDeliverable(deps, channelOf(pending.registration_type));
  await takeClientCode(deps, clientAddress);
  if (!(await resendCode(deps, id, purpose)) && purpose === 'REGISTRATION')
    throw new DomainError('invalid', NOT_READY, 'NO_REGISTRATION');
}

/**
 * `POST /registration` (product.md §2, Registration): a verification with a code, and its message, in one
 * transaction, once the username is valid, free, within the caps and a destination codes may go to.
 */
export async function startRegistration(
  deps: OnboardingDeps,
  request: StartRegistrationRequest,
  client: { address: string; log: RefusalLog },
): Promise<{ data: string }> {
  refuseUnlessDeliverable(deps, channelOf(request.registrationType));
  const username = registrationUsername(deps, request.registrationType, request.username);
  await limitStart(deps, client.address, username);
  if (await deps.store.customers.byUsername(username)) {
    const taken = request.registrationType === 'PHONE_NUMBER' ? ERROR_TEXTS.phoneTaken : ERROR_TEXTS.emailTaken;
    throw new DomainError('conflict', taken, 'ALREADY_REGISTERED');
  }
  await admitDestination(deps, username, client.log);
  const id = await deps.store.transaction(async (tx) => {
    const created = await createVerification(
      deps,
      { purpose: 'REGISTRATION', registrationType: request.registrationType, username, customerId: null },
      tx,
    );
    await deps.notifier.send(
      { to: username, channel: channelOf(request.registrationType), ...NOTICES.code('REGISTRATION', created.code) },
      tx,
    );
    return created.id;
  });
  return { data: id };
}

/** A password the rules refuse (product.md §5): a 422 that says what a password needs. */
export function assertStrongPassword(password: string): void {
  if (!newPasswordSchema.safeParse(password).success)
    throw new DomainError('unprocessable', WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
}

/** `POST /registration/continue`: an approved registration's name and password, kept until it is finished. */
export async function continueRegistration(deps: OnboardingDeps, request: ContinueRegistrationRequest): Promise<void> {
  const row = await deps.store.verifications.find(request.identificator, 'REGISTRATION');
  if (!row || !row.approved_at || row.completed_at || row.registration_type !== request.registrationType)
    throw new DomainError('conflict', NOT_READY, 'NOT_APPROVED');
  assertStrongPassword(request.password);
  const details = {
    passwordHash: await hashPassword(request.password),
    firstName: request.firstName,
    lastName: request.lastName,
  };
  if (!(await deps.store.verifications.saveRegistrationDetails(row.id, details, deps.now(), APPROVAL_TTL_MINUTES)))
    throw new DomainError('conflict', NOT_READY, 'NOT_APPROVED');
}

/** `POST /registration/finish`: the customer is created with a new PIN, answered once and stored sealed. */
export async function finishRegistration(deps: OnboardingDeps, identificator: string): Promise<{ pin: string }> {
  const pin = drawPin();
  await deps.store.transaction(async (tx) => {
    const row = await tx.verifications.completeRegistration(identificator, deps.now(), APPROVAL_TTL_MINUTES);
    if (!row || !row.password_hash || !row.first_name || !row.last_name)
      throw new DomainError('conflict', NOT_READY, 'NOT_READY');
    const created = await tx.customers.register(row.registration_type === 'PHONE_NUMBER' ? 'phone_number' : 'email', {
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      passwordHash: row.password_hash,
      pinSealed: sealPin(deps.keys.sealing, pin),
    });
    if (created === null) throw new DomainError('conflict', ERROR_TEXTS.alreadyRegistered, 'ALREADY_REGISTERED');
  });
  return { pin };
}
