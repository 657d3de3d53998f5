import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { newCardResponseSchema } from '@portal/shared/contract';
import type { Db } from '../../src/db/db';
import { DEMO_CUSTOMER } from '../../src/db/seed';
import type { Behaviour } from '../../src/money/processor/sandbox/test-cards';
import type { StartedApi } from './server';

export const CARD_HOLDER = {
  fullName: 'Amra Hodžić',
  address: 'Titova 1',
  city: 'Sarajevo',
  zip: '71000',
  country: 'BA',
  email: 'amra@example.ba',
  phone: '061123456',
};

/** The card dialog's calls: a new card (with its 0,10 KM verification), the card-holder data, the confirmation with the processor. */
export async function addCard(api: StartedApi, token: string, number: string) {
  const created = await api.call('POST', '/credit-card', { token });
  assert.equal(created.status, 200);
  const { code, paymentSecret, orderInfo } = newCardResponseSchema.parse(created.body);
  assert.deepEqual(orderInfo, { orderInfo: 'Verifikacija kartice', amount: 0.1 });
  assert.equal((await api.call('PATCH', `/credit-card/${code}`, { token, body: CARD_HOLDER })).status, 200);
  const setupId = paymentSecret.split('_secret_')[0]!;
  const confirmed = await api.processor(`/setup_intents/${setupId}/confirm`, {
    client_secret: paymentSecret,
    card: { number, exp_month: 12, exp_year: 30, cvc: '123' },
  });
  return { code, setupId, paymentSecret, confirmed: confirmed.body };
}

/** The security-code dialog's confirmation of an order's payment with the processor. */
export const payOrder = (api: StartedApi, secret: string, cvc = '123') =>
  api.processor(`/payment_intents/${secret.split('_secret_')[0]}/confirm`, { client_secret: secret, cvc });

/**
 * The last two steps of a registration whose code is approved: Nedim Hadžić's data with the password
 * `Novi1234!`, then the finish; the new customer's PIN.
 */
export async function completeRegistration(
  api: StartedApi,
  registrationType: 'PHONE_NUMBER' | 'EMAIL',
  identificator: string,
): Promise<string> {
  const body = {
    registrationType,
    identificator,
    osType: 1,
    password: 'Novi1234!',
    firstName: 'Nedim',
    lastName: 'Hadžić',
    secondaryUsername: '',
    requireOtp: false,
  };
  assert.equal((await api.call('POST', '/continue-registration', { body })).status, 200);
  const finish = await api.call('POST', '/finish-registration', { body: { identificator } });
  assert.equal(finish.status, 200);
  return finish.body.pin as string;
}

/**
 * A customer made for a test (the demo password and PIN) with a subscription of `plan` from
 * `periodStart` (default: a month before `nextPaymentOn`) to `nextPaymentOn`, and, unless `card` is
 * null, a primary sandbox card that behaves so.
 */
export async function testCustomer(
  db: Db,
  options: {
    nextPaymentOn: string;
    periodStart?: string;
    plan?: 'starton' | 'maxon';
    status?: string;
    card?: Behaviour | null;
    promoUntil?: string;
    emailPrefix?: string;
  },
): Promise<{ id: number; email: string }> {
  const { plan = 'maxon', status = 'ACTIVE', card = 'succeed', emailPrefix = 'kupac' } = options;
  const email = `${emailPrefix}.${randomUUID().slice(0, 8)}@example.ba`;
  const [demo] = await db.query<{ password_hash: string; pin_sealed: string }>(
    'SELECT password_hash, pin_sealed FROM customers WHERE email = $1',
    [DEMO_CUSTOMER.email],
  );
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO customers (email, first_name, last_name, password_hash, pin_sealed) VALUES ($1, 'Test', 'Kupac', $2, $3) RETURNING id`,
    [email, demo!.password_hash, demo!.pin_sealed],
  );
  const id = row!.id;
  await db.query(
    `INSERT INTO subscriptions (customer_id, plan_code, status, period_start, next_payment_on, updated_at, promo_type, promo_until)
     VALUES ($1, $2, $3, COALESCE($4::date, ($5::date - interval '1 month')::date), $5::date, now(), $6, $7::date)`,
    [
      id,
      plan,
      status,
      options.periodStart ?? null,
      options.nextPaymentOn,
      options.promoUntil ? 'TIME_UNTIL_BASED' : null,
      options.promoUntil ?? null,
    ],
  );
  if (card) await saveTestCard(db, id, card, true);
  return { id, email };
}

/** A saved card of the sandbox processor that behaves so; answers its payment method. */
export async function saveTestCard(
  db: Db,
  customerId: number,
  behaviour: Behaviour,
  primary: boolean,
): Promise<string> {
  const method = `pm_test_${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  await db.query(
    `INSERT INTO sandbox_payment_methods (id, behaviour, brand, last4, exp_month, exp_year, created_at) VALUES ($1, $2, 'visa', '4242', 12, 30, now())`,
    [method, behaviour],
  );
  await db.query(
    `INSERT INTO credit_cards (code, customer_id, primary_card, card_type, masked_number, expiration_mm, expiration_yy, payment_method, created_at)
     VALUES ($1, $2, $3, 'visa', '**** **** **** 4242', 12, 30, $4, now())`,
    [randomUUID(), customerId, primary, method],
  );
  return method;
}

/**
 * `count` customers due for a StartON renewal on `dueOn` (their period from `periodStart`), each with
 * a primary card the sandbox processor charges (`pm_<tag>_<id>`): e-mails `<tag><n>@example.ba`. For
 * the billing tests that kill passes midway.
 */
export async function seedDueRenewals(
  db: Db,
  options: { tag: string; count: number; periodStart: string; dueOn: string },
): Promise<void> {
  const { tag, count, periodStart, dueOn } = options;
  const mine = `c.email LIKE '${tag}%@example.ba'`;
  await db.query(
    `INSERT INTO customers (customer_number, email, first_name, last_name, password_hash, pin_sealed)
     SELECT upper($2) || g, $2 || g || '@example.ba', 'Kupac', 'Broj ' || g, 'x', 'x' FROM generate_series(1, $1::int) g`,
    [count, tag],
  );
  await db.query(
    `INSERT INTO sandbox_payment_methods (id, behaviour, brand, last4, exp_month, exp_year, created_at)
     SELECT 'pm_' || $1 || '_' || c.id, 'succeed', 'visa', '4242', 12, 30, now() FROM customers c WHERE ${mine}`,
    [tag],
  );
  await db.query(
    `INSERT INTO credit_cards (code, customer_id, primary_card, card_type, masked_number, expiration_mm, expiration_yy, payment_method, created_at)
     SELECT gen_random_uuid(), c.id, true, 'visa', '**** **** **** 4242', 12, 30, 'pm_' || $1 || '_' || c.id, now() FROM customers c WHERE ${mine}`,
    [tag],
  );
  await db.query(
    `INSERT INTO subscriptions (customer_id, plan_code, status, period_start, next_payment_on, updated_at)
     SELECT c.id, 'starton', 'ACTIVE', $1::date, $2::date, now() FROM customers c WHERE ${mine}`,
    [periodStart, dueOn],
  );
}
