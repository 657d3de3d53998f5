import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EMAIL_PATTERN,
  endpoints,
  isRegistrationPhone,
  newPasswordSchema,
  REGISTRATION_PHONE,
  type RegistrationType,
  usernameOf,
  WEAK_PASSWORD_MESSAGE,
} from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { hashPassword } from '../auth/passwords';
import { unseal } from '../auth/secrets';
import { drawPin, sealPin } from '../customer/pin';
import { HttpError, tooManyRequests } from '../http/validate';
import { route } from '../http/route';
import {
  admitDestination,
  APPROVAL_TTL_MINUTES,
  approveCode,
  assertSmsAllowed,
  createVerification,
  resendCode,
  takeClientCode,
  type Purpose,
} from '../onboarding/codes';
import { logRefusal } from '../http/limits';
import { NOTICES } from '../texts/notices';
import { notifyCustomer } from '../delivery/notifier';
import { ERROR_TEXTS } from '../texts/errors';

const EMAIL_FORMAT = ERROR_TEXTS.emailFormat;
const NOT_READY = ERROR_TEXTS.registrationNotReady;
const MAX_STARTS_PER_HOUR = 5;

/**
 * A username as registrations store it: a phone number `3876…` (06 + 7 to 9 digits) that SMS may go to
 * (SMS_ALLOWED_PREFIXES), or an e-mail in lower case.
 */
function registrationUsername(ctx: ApiContext, type: RegistrationType, username: string): string {
  const found = usernameOf(username);
  if (type === 'PHONE_NUMBER') {
    if (found?.type !== 'PHONE_NUMBER' || !isRegistrationPhone(found.value))
      throw new HttpError(400, REGISTRATION_PHONE.message, 'BAD_PHONE');
    assertSmsAllowed(ctx, found.value);
    return found.value;
  }
  if (found?.type !== 'EMAIL' || !EMAIL_PATTERN.test(found.value)) throw new HttpError(400, EMAIL_FORMAT, 'BAD_EMAIL');
  return found.value;
}

const channelOf = (type: RegistrationType): 'SMS' | 'EMAIL' => (type === 'PHONE_NUMBER' ? 'SMS' : 'EMAIL');

/** New registrations and reset requests: CODE_LIMIT_CLIENT codes an hour per address, five starts an hour per username. */
async function limit(ctx: ApiContext, request: FastifyRequest, username: string): Promise<void> {
  await takeClientCode(ctx, request.ip);
  const taken = await ctx.limits.take([
    { key: `code-start:${username}`, max: MAX_STARTS_PER_HOUR, windowSeconds: 3600 },
  ]);
  if (!taken.ok) throw tooManyRequests(ERROR_TEXTS.tooManyRequests, taken.retryAfter, 'TOO_MANY_REQUESTS');
}

/** A customer's resend: one of the address's codes an hour (takeClientCode), then the verification's own five. */
async function resend(ctx: ApiContext, request: FastifyRequest, id: string, purpose: Purpose): Promise<void> {
  await takeClientCode(ctx, request.ip);
  // Nothing to resend (unknown, finished or approved): answer as if sent; a reset must not reveal accounts.
  if (!(await resendCode(ctx, id, purpose)) && purpose === 'REGISTRATION')
    throw new HttpError(400, NOT_READY, 'NO_REGISTRATION');
}

/** Registration and forgotten password (product.md §7; product.md §2, Registration; Forgotten password). */
export function onboardingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.startRegistration, async ({ body, request }) => {
    const username = registrationUsername(ctx, body.registrationType, body.username);
    await limit(ctx, request, username);
    if (await ctx.store.customers.byUsername(username)) {
      throw new HttpError(
        409,
        body.registrationType === 'PHONE_NUMBER' ? ERROR_TEXTS.phoneTaken : ERROR_TEXTS.emailTaken,
        'ALREADY_REGISTERED',
      );
    }
    await admitDestination(ctx, username, (event, fields) => logRefusal(request, event, fields));
    const id = await ctx.store.transaction(async (tx) => {
      const created = await createVerification(
        ctx,
        { purpose: 'REGISTRATION', registrationType: body.registrationType, username, customerId: null },
        tx,
      );
      await ctx.notifier.send(
        { to: username, channel: channelOf(body.registrationType), ...NOTICES.code('REGISTRATION', created.code) },
        tx,
      );
      return created.id;
    });
    return { data: id };
  });

  route(app, ctx, endpoints.approveSms, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'REGISTRATION', body.smsCode);
  });

  route(app, ctx, endpoints.approveMail, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'REGISTRATION', body.mailCode);
  });

  for (const endpoint of [endpoints.resendSms, endpoints.resendMail]) {
    route(app, ctx, endpoint, async ({ body, request }) => {
      await resend(ctx, request, body.identificator, 'REGISTRATION');
    });
  }

  route(app, ctx, endpoints.continueRegistration, async ({ body }) => {
    const row = await ctx.store.verifications.find(body.identificator, 'REGISTRATION');
    if (!row || !row.approved_at || row.completed_at || row.registration_type !== body.registrationType)
      throw new HttpError(409, NOT_READY, 'NOT_APPROVED');
    if (!newPasswordSchema.safeParse(body.password).success)
      throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
    const details = {
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
    };
    if (!(await ctx.store.verifications.saveRegistrationDetails(row.id, details, ctx.now(), APPROVAL_TTL_MINUTES)))
      throw new HttpError(409, NOT_READY, 'NOT_APPROVED');
  });

  route(app, ctx, endpoints.finishRegistration, async ({ body: { identificator } }) => {
    const pin = drawPin();
    await ctx.store.transaction(async (tx) => {
      const row = await tx.verifications.completeRegistration(identificator, ctx.now(), APPROVAL_TTL_MINUTES);
      if (!row || !row.password_hash || !row.first_name || !row.last_name)
        throw new HttpError(409, NOT_READY, 'NOT_READY');
      const created = await tx.customers.register(row.registration_type === 'PHONE_NUMBER' ? 'phone_number' : 'email', {
        username: row.username,
        firstName: row.first_name,
        lastName: row.last_name,
        passwordHash: row.password_hash,
        pinSealed: sealPin(ctx.keys.sealing, pin),
      });
      if (created === null) throw new HttpError(409, ERROR_TEXTS.alreadyRegistered, 'ALREADY_REGISTERED');
    });
    return { pin };
  });

  route(app, ctx, endpoints.checkUsername, async ({ body, request }) => {
    const lookup = usernameOf(body.username);
    if (!lookup) throw new HttpError(400, ERROR_TEXTS.usernameMissing, 'BAD_USERNAME');
    const registrationType: RegistrationType = lookup.type;
    if (registrationType === 'PHONE_NUMBER') assertSmsAllowed(ctx, lookup.value);
    await limit(ctx, request, lookup.value);
    const customer = await ctx.store.customers.byUsername(lookup.value);
    // Unknown usernames get the same answer and a verification that can never be approved (no enumeration).
    const id = await ctx.store.transaction(async (tx) => {
      const created = await createVerification(
        ctx,
        { purpose: 'PASSWORD_RESET', registrationType, username: lookup.value, customerId: customer?.id ?? null },
        tx,
      );
      if (customer)
        await ctx.notifier.send(
          { to: lookup.value, channel: channelOf(registrationType), ...NOTICES.code('PASSWORD_RESET', created.code) },
          tx,
        );
      return created.id;
    });
    return { registrationType, primaryUsername: lookup.value, identificator: id };
  });

  route(app, ctx, endpoints.approveResetCode, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'PASSWORD_RESET', body.code);
  });

  route(app, ctx, endpoints.resendResetCode, async ({ body, request }) => {
    await resend(ctx, request, body.identificator, 'PASSWORD_RESET');
  });

  route(app, ctx, endpoints.resetPassword, async ({ body }) => {
    if (!newPasswordSchema.safeParse(body.password).success)
      throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
    const hash = await hashPassword(body.password);
    await ctx.store.transaction(async (tx) => {
      const customerId = await tx.verifications.completeReset(body.identificator, ctx.now(), APPROVAL_TTL_MINUTES);
      if (customerId === null) throw new HttpError(409, ERROR_TEXTS.codeNotApproved, 'NOT_APPROVED');
      await tx.customers.setPasswordHash(customerId, hash);
      // A reset signs the customer out everywhere, and tells them; and distrusts every device: none
      // keeps a login budget of its own (docs/limits.md).
      await tx.sessions.endOthers(customerId, null, ctx.now());
      await notifyCustomer(tx, ctx.notifier, customerId, NOTICES.passwordChanged({ at: ctx.now() }));
    });
  });

  // The sandbox's outbox (product.md §10): what was "sent", newest first. Absent outside the sandbox.
  route(app, ctx, endpoints.outbox, async ({ query: { to } }) => {
    const lookup = to === undefined ? null : usernameOf(to);
    if (!lookup) throw new HttpError(400, ERROR_TEXTS.outboxRecipient, 'BAD_QUERY');
    const rows = await ctx.store.outbox.latestTo(lookup.value);
    return rows.map((row) => ({
      to: row.to_address,
      channel: row.channel,
      text: unseal(ctx.keys.sealing, row.text_sealed),
      code: row.code_sealed ? unseal(ctx.keys.sealing, row.code_sealed) : null,
      time: new Date(row.created_at).toISOString(),
    }));
  });
}
