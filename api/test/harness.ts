import { tempDir } from '../../test/lib/tempDir';
import assert from 'node:assert/strict';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { newCardResponseSchema } from '@portal/shared/contract';
import { loadConfig } from '../src/config';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { DEMO_CUSTOMER, seed } from '../src/db/seed';
import type { Behaviour } from '../src/payments/sandbox/test-cards';
import { loadKeys } from '../src/auth/secrets';
import { createContext, type ApiContext } from '../src/context';
import { createServer } from '../src/server';
import { addStaff } from '../src/staff/accounts';
import { totpCode } from '../src/staff/totp';
import type { Logger } from 'pino';
import { linkHeader, preloadHints } from '../src/http/preload';
import { freshDatabase } from '../../test/lib/postgres';
import { copyEmptyPglite } from '../../test/lib/pgliteTemplate';

export type Engine = 'pglite' | 'postgres';

/** The engines the suite runs on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A clock the test moves by hand. */
class TestClock {
  constructor(private current = new Date('2026-03-01T10:00:00Z')) {}
  now = (): Date => new Date(this.current);
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(to: Date): void {
    this.current = new Date(to);
  }
}

export interface StartedApi {
  url: string;
  /** Every route the server serves, as `METHOD /path` (Fastify's `:name` parameters). */
  routes: string[];
  ctx: ApiContext;
  db: Db;
  clock: TestClock;
  dataDir: string;
  /** Calls the API: JSON in, `{ status, body, headers }` out. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** The browser's side of a payment: a call to the sandbox processor, which is not under /api. */
  processor(path: string, body: unknown): Promise<{ status: number; body: { status?: string; code?: string } }>;
  close(): Promise<void>;
}

export interface StartOptions {
  engine: Engine;
  env?: Record<string, string>;
  clock?: TestClock;
  /** Reuse a data directory (PGlite) to test restarts. */
  dataDir?: string;
  /** Reuse a database (PostgreSQL) to test restarts. */
  databaseUrl?: string;
  /** The server's logger (log.ts's createLogger), to read what it logs; by default LOG_LEVEL's, on stdout. */
  logger?: Logger;
}

/**
 * A server that is no sandbox takes cards through a real processor (config.ts, startRefusal): Stripe's
 * settings, never called in these tests; and it is given its keys (auth/secrets.ts, missingKeys).
 */
export const NO_SANDBOX_PROCESSOR = {
  JWT_SECRET: 'harness-signing-secret-0123456789abcdef',
  SEALING_KEYS: 'harness:harness-sealing-secret-0123456789abcdef',
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_harness',
  STRIPE_WEBHOOK_SECRET: 'whsec_harness',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_harness',
};

export async function startApi(
  options: StartOptions,
): Promise<StartedApi & { databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const dataDir = options.dataDir ?? tempDir('ontv-api-');
  if (options.engine === 'pglite' && !options.dataDir) await copyEmptyPglite(path.join(dataDir, 'pglite'));
  let databaseUrl = options.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (options.engine === 'postgres' && !databaseUrl) {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL!);
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    // Every test's calls come from one address: the per-address cap on codes is tested on its own (code-caps.test.ts).
    CODE_LIMIT_CLIENT: '100000',
    ...options.env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const keys = loadKeys(config);
  const clock = options.clock ?? new TestClock();
  await seed(db, keys, clock.now());
  const ctx = createContext(config, db, keys, clock.now);
  const app = await createServer(ctx, { portal: false, logger: options.logger });
  ctx.sender.start(ctx.config.delivery.pollSeconds);
  // Fastify prints its routes as a tree: a line's path follows its parent's, one level per four characters.
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = full;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${full}`);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url,
    routes,
    ctx,
    db,
    clock,
    dataDir,
    databaseUrl,
    dropDatabase,
    async call(method, route, { body, raw, token, headers = {} } = {}) {
      const response = await fetch(`${url}/api${route}`, {
        method,
        headers: {
          ...(body !== undefined || raw !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: raw ?? (body !== undefined ? JSON.stringify(body) : undefined),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      return { status: response.status, body: parsed, headers: response.headers };
    },
    async processor(route, body) {
      const response = await fetch(`${url}/sandbox-pay/v1${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { status?: string; code?: string } };
    },
    async close() {
      await ctx.sender.stop();
      await ctx.invoices.close();
      await app.close();
      await db.close();
    },
  };
}

export const device = {
  deviceType: 'ontv',
  deviceUsername: 'web-aaaaaaaaaaaaaaaaaaaaaaaa',
  devicePassword: 'b'.repeat(64),
  deviceName: 'Web (Chrome)',
};

export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8'));
}

export async function countRows(db: Db, table: string): Promise<number> {
  const rows = await db.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return rows[0]?.count ?? 0;
}

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

/** What `call` answers. */
export type Answer = Awaited<ReturnType<StartedApi['call']>>;

/** `n` calls at once; answers their statuses counted, and the answers. */
export async function burst(n: number, call: (i: number) => Promise<Answer>) {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => call(i)));
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return { answers, counts };
}

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

/** The `Link` header the server sends with the portal's page at `pathname` when the browser draws it. */
export const preloadLinks = (root: string, pathname: string, product: string) =>
  linkHeader(preloadHints(root, pathname, product));

/** The password a member of staff chooses at their first sign-in in these tests. */
export const STAFF_PASSWORD = 'Podrska-Lozinka-2026!';

/**
 * A new member of staff signed in through every step of a first sign-in (the one-time password, a
 * password of their own, an authenticator set up and its code): their token.
 */
export async function staffToken(api: StartedApi, email: string, role: 'agent' | 'admin'): Promise<string> {
  const oneTime = (await addStaff(api.ctx.store.staff, { email, name: `${role} ${email}`, role }))!;
  const login = await api.call('POST', '/staff/login', { body: { email, password: oneTime } });
  const challenge = login.body.challenge as string;
  await api.call('POST', '/staff/password', { token: challenge, body: { newPassword: STAFF_PASSWORD } });
  const setup = await api.call('POST', '/staff/totp-setup', { token: challenge });
  const done = await api.call('POST', '/staff/totp', {
    token: challenge,
    body: { code: totpCode(setup.body.secret as string, api.clock.now()) },
  });
  assert.equal(done.status, 200, JSON.stringify(done.body));
  return done.body.token as string;
}

/** A customer with the demo customers' password signed in: their token. */
export async function customerToken(api: StartedApi, username: string): Promise<string> {
  const response = await api.call('POST', '/login', {
    body: { username, password: DEMO_CUSTOMER.password, ...device },
  });
  assert.equal(response.status, 200, JSON.stringify(response.body));
  return response.body.token as string;
}

/**
 * The limits of the tests of sign-in under attack (sign-in-abuse, staff-sign-in): 5 wrong passwords per
 * account and address, 50 per account, 1000 logins per address, and the address from X-Forwarded-For,
 * so an attack can come from many addresses.
 */
export const ATTACK_LIMITS = {
  LOGIN_LIMIT_ACCOUNT: '5',
  LOGIN_LIMIT_ACCOUNT_TOTAL: '50',
  LOGIN_LIMIT_CLIENT: '1000',
  TRUST_PROXY: '1',
  SANDBOX: '1',
};
