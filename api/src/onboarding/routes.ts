import type { FastifyInstance, FastifyRequest } from 'fastify';
import { EMAIL_PATTERN, endpoints, isRegistrationPhone, isStrongPassword, REGISTRATION_PHONE, type RegistrationType, usernameOf, WEAK_PASSWORD_MESSAGE } from '@portal/shared/contract';
import type { ApiContext } from '../context';
import { findCustomerByUsername } from '../auth/customers';
import { hashPassword } from '../auth/passwords';
import { seal, unseal } from '../auth/secrets';
import { randomPin } from '../db/seed';
import { HttpError, tooManyRequests } from '../http/validate';
import { route } from '../http/route';
import { approveCode, approvedSince, createVerification, findVerification, replaceCode, type Purpose } from './codes';
import { NOTICES } from '../delivery/notices';
import { notifyCustomer } from '../delivery/notifier';

const EMAIL_FORMAT = 'Unesi ispravnu e-mail adresu.';
const NOT_READY = 'Registracija nije potvrđena. Počni ispočetka.';
const MAX_STARTS_PER_HOUR = 5;

/** A username as registrations store it: a phone number `3876…` (06 + 7 to 9 digits) or an e-mail in lower case. */
function registrationUsername(type: RegistrationType, username: string): string {
  const found = usernameOf(username);
  if (type === 'PHONE_NUMBER') {
    if (found?.type !== 'PHONE_NUMBER' || !isRegistrationPhone(found.value)) throw new HttpError(400, REGISTRATION_PHONE.message, 'BAD_PHONE');
    return found.value;
  }
  if (found?.type !== 'EMAIL' || !EMAIL_PATTERN.test(found.value)) throw new HttpError(400, EMAIL_FORMAT, 'BAD_EMAIL');
  return found.value;
}

const channelOf = (type: RegistrationType): 'SMS' | 'EMAIL' => (type === 'PHONE_NUMBER' ? 'SMS' : 'EMAIL');

/** New registrations and reset requests: five an hour per username, and the login's client limit per hour per address. */
async function limit(ctx: ApiContext, request: FastifyRequest, username: string): Promise<void> {
  const taken = await ctx.limits.take([
    { key: `code-start:${username}`, max: MAX_STARTS_PER_HOUR, windowSeconds: 3600 },
    { key: `code-start-client:${request.ip}`, max: ctx.config.loginLimits.perClient, windowSeconds: 3600 },
  ]);
  if (!taken.ok) throw tooManyRequests('Previše zahtjeva.', taken.retryAfter, 'TOO_MANY_REQUESTS');
}

async function resend(ctx: ApiContext, id: string, purpose: Purpose): Promise<void> {
  // The new code and its message in one transaction: a code exists exactly when its message is queued.
  const sent = await ctx.db.transaction(async (tx) => {
    const replaced = await replaceCode(ctx, id, purpose, tx);
    if (!replaced) return false;
    if (purpose === 'PASSWORD_RESET' && replaced.row.customer_id === null) return true;
    await ctx.notifier.send({ to: replaced.row.username, channel: channelOf(replaced.row.registration_type), ...NOTICES.code(purpose, replaced.code) }, tx);
    return true;
  });
  // Nothing to resend (unknown, finished or approved): answer as if sent; a reset must not reveal accounts.
  if (!sent && purpose === 'REGISTRATION') throw new HttpError(400, NOT_READY, 'NO_REGISTRATION');
}

/** Registration and forgotten password (product.md §7, Authentication and registration; Forgotten password). */
export function onboardingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  route(app, ctx, endpoints.startRegistration, async ({ body, request }) => {
    const username = registrationUsername(body.registrationType, body.username);
    await limit(ctx, request, username);
    if (await findCustomerByUsername(ctx.db, username)) {
      throw new HttpError(
        409,
        body.registrationType === 'PHONE_NUMBER'
          ? 'Nalog s ovim brojem telefona već postoji. Prijavi se ili zatraži novu lozinku.'
          : 'Nalog s ovom e-mail adresom već postoji. Prijavi se ili zatraži novu lozinku.',
        'ALREADY_REGISTERED',
      );
    }
    const id = await ctx.db.transaction(async (tx) => {
      const created = await createVerification(ctx, { purpose: 'REGISTRATION', registrationType: body.registrationType, username, customerId: null }, tx);
      await ctx.notifier.send({ to: username, channel: channelOf(body.registrationType), ...NOTICES.code('REGISTRATION', created.code) }, tx);
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
    route(app, ctx, endpoint, async ({ body }) => {
      await resend(ctx, body.identificator, 'REGISTRATION');
    });
  }

  route(app, ctx, endpoints.continueRegistration, async ({ body }) => {
    const row = await findVerification(ctx.db, body.identificator, 'REGISTRATION');
    if (!row || !row.approved_at || row.completed_at || row.registration_type !== body.registrationType) throw new HttpError(409, NOT_READY, 'NOT_APPROVED');
    if (!isStrongPassword(body.password)) throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
    const [saved] = await ctx.db.query(
      `UPDATE verifications SET password_hash = $2, first_name = $3, last_name = $4 WHERE id = $1 AND completed_at IS NULL AND ${approvedSince('$5')} RETURNING id`,
      [row.id, await hashPassword(body.password), body.firstName, body.lastName, ctx.now()],
    );
    if (!saved) throw new HttpError(409, NOT_READY, 'NOT_APPROVED');
  });

  route(app, ctx, endpoints.finishRegistration, async ({ body: { identificator } }) => {
    const pin = randomPin();
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; registration_type: RegistrationType; username: string; password_hash: string | null; first_name: string | null; last_name: string | null }>(
        `UPDATE verifications SET completed_at = $2
          WHERE id = $1 AND purpose = 'REGISTRATION' AND ${approvedSince('$2')} AND password_hash IS NOT NULL AND completed_at IS NULL
          RETURNING id, registration_type, username, password_hash, first_name, last_name`,
        [identificator, ctx.now()],
      );
      if (!row || !row.password_hash || !row.first_name || !row.last_name) throw new HttpError(409, NOT_READY, 'NOT_READY');
      const column = row.registration_type === 'PHONE_NUMBER' ? 'phone_number' : 'email';
      const [created] = await tx.query<{ id: number }>(
        `INSERT INTO customers (customer_number, ${column}, first_name, last_name, password_hash, pin_sealed)
         VALUES (nextval('customer_numbers')::text, $1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
        [row.username, row.first_name, row.last_name, row.password_hash, seal(ctx.keys.sealing, pin)],
      );
      if (!created) throw new HttpError(409, 'Nalog s ovim podacima već postoji. Prijavi se.', 'ALREADY_REGISTERED');
    });
    return { pin };
  });

  route(app, ctx, endpoints.checkUsername, async ({ body, request }) => {
    const lookup = usernameOf(body.username);
    if (!lookup) throw new HttpError(400, 'Unesi e-mail adresu ili broj telefona.', 'BAD_USERNAME');
    const registrationType: RegistrationType = lookup.type;
    await limit(ctx, request, lookup.value);
    const customer = await findCustomerByUsername(ctx.db, lookup.value);
    // Unknown usernames get the same answer and a verification that can never be approved (no enumeration).
    const id = await ctx.db.transaction(async (tx) => {
      const created = await createVerification(ctx, { purpose: 'PASSWORD_RESET', registrationType, username: lookup.value, customerId: customer?.id ?? null }, tx);
      if (customer) await ctx.notifier.send({ to: lookup.value, channel: channelOf(registrationType), ...NOTICES.code('PASSWORD_RESET', created.code) }, tx);
      return created.id;
    });
    return { registrationType, primaryUsername: lookup.value, identificator: id };
  });

  route(app, ctx, endpoints.approveResetCode, async ({ body }) => {
    await approveCode(ctx, body.identificator, 'PASSWORD_RESET', body.code);
  });

  route(app, ctx, endpoints.resendResetCode, async ({ body }) => {
    await resend(ctx, body.identificator, 'PASSWORD_RESET');
  });

  route(app, ctx, endpoints.resetPassword, async ({ body }) => {
    if (!isStrongPassword(body.password)) throw new HttpError(422, WEAK_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
    const hash = await hashPassword(body.password);
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.query<{ customer_id: number | null }>(
        `UPDATE verifications SET completed_at = $2
          WHERE id = $1 AND purpose = 'PASSWORD_RESET' AND ${approvedSince('$2')} AND completed_at IS NULL AND customer_id IS NOT NULL
          RETURNING customer_id`,
        [body.identificator, ctx.now()],
      );
      if (!row?.customer_id) throw new HttpError(409, 'Kod nije potvrđen. Zatraži novi kod.', 'NOT_APPROVED');
      await tx.query('UPDATE customers SET password_hash = $2 WHERE id = $1', [row.customer_id, hash]);
      // A reset signs the customer out everywhere, and tells them.
      // …and distrusts every device: none keeps a login budget of its own (docs/limits.md).
      await tx.query(
        'UPDATE device_sessions SET revoked_at = COALESCE(revoked_at, $2), untrusted_at = COALESCE(untrusted_at, $2) WHERE customer_id = $1 AND (revoked_at IS NULL OR untrusted_at IS NULL)',
        [row.customer_id, ctx.now()],
      );
      await notifyCustomer(tx, ctx.notifier, row.customer_id, NOTICES.passwordChanged({ at: ctx.now() }));
    });
  });

  // The sandbox's outbox (product.md §10): what was "sent", newest first. Absent outside the sandbox.
  route(app, ctx, endpoints.outbox, async ({ query: { to } }) => {
    const lookup = to === undefined ? null : usernameOf(to);
    if (!lookup) throw new HttpError(400, 'Navedi primaoca: ?to=<telefon ili e-mail>', 'BAD_QUERY');
    const rows = await ctx.db.query<{ to_address: string; channel: 'SMS' | 'EMAIL'; text_sealed: string; code_sealed: string | null; created_at: Date }>(
      'SELECT to_address, channel, text_sealed, code_sealed, created_at FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 50',
      [lookup.value],
    );
    return rows.map((row) => ({
      to: row.to_address,
      channel: row.channel,
      text: unseal(ctx.keys.sealing, row.text_sealed),
      code: row.code_sealed ? unseal(ctx.keys.sealing, row.code_sealed) : null,
      time: new Date(row.created_at).toISOString(),
    }));
  });
}
