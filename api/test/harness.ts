import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newCardResponseSchema } from '@portal/shared/contract';
import { loadConfig } from '../src/config';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { seed } from '../src/db/seed';
import { deriveKeys, loadMasterSecret } from '../src/auth/secrets';
import { createContext, type ApiContext } from '../src/context';
import { createServer } from '../src/server';
import { freshDatabase } from '../../test/lib/postgres';

export type Engine = 'pglite' | 'postgres';

/** The engines the suite runs on: always PGlite, and PostgreSQL when TEST_DATABASE_URL is set. */
export function engines(): Engine[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A clock the test moves by hand. */
export class TestClock {
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
  call(method: string, path: string, options?: { body?: unknown; raw?: string; token?: string | null; headers?: Record<string, string> }): Promise<{ status: number; body: any; headers: Headers }>;
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
}

export async function startApi(options: StartOptions): Promise<StartedApi & { databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ontv-api-'));
  let databaseUrl = options.databaseUrl;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (options.engine === 'postgres' && !databaseUrl) {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL!);
    databaseUrl = fresh.url;
    dropDatabase = fresh.drop;
  }
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...options.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(db);
  const keys = deriveKeys(loadMasterSecret(config.jwtSecret, config.dataDir));
  const clock = options.clock ?? new TestClock();
  await seed(db, keys, clock.now());
  const ctx = createContext(config, db, keys, clock.now);
  const app = await createServer(ctx, { portal: false });
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
      const response = await fetch(`${url}/sandbox-pay/v1${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: response.status, body: (await response.json()) as { status?: string; code?: string } };
    },
    async close() {
      await ctx.sender.stop();
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

export const CARD_HOLDER = { fullName: 'Amra Hodžić', address: 'Titova 1', city: 'Sarajevo', zip: '71000', country: 'BA', email: 'amra@example.ba', phone: '061123456' };

/** The card dialog's calls: a new card (with its 0,10 KM verification), the card-holder data, the confirmation with the processor. */
export async function addCard(api: StartedApi, token: string, number: string) {
  const created = await api.call('POST', '/credit-card', { token });
  assert.equal(created.status, 200);
  const { code, paymentSecret, orderInfo } = newCardResponseSchema.parse(created.body);
  assert.deepEqual(orderInfo, { orderInfo: 'Verifikacija kartice', amount: 0.1 });
  assert.equal((await api.call('PATCH', `/credit-card/${code}`, { token, body: CARD_HOLDER })).status, 200);
  const setupId = paymentSecret.split('_secret_')[0]!;
  const confirmed = await api.processor(`/setup_intents/${setupId}/confirm`, { client_secret: paymentSecret, card: { number, exp_month: 12, exp_year: 30, cvc: '123' } });
  return { code, setupId, paymentSecret, confirmed: confirmed.body };
}

/** The security-code dialog's confirmation of an order's payment with the processor. */
export const payOrder = (api: StartedApi, secret: string, cvc = '123') => api.processor(`/payment_intents/${secret.split('_secret_')[0]}/confirm`, { client_secret: secret, cvc });
