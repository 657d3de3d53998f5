import { tempDir } from '../../../test/lib/tempDir';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { openDb, type Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { seed } from '../../src/db/seed';
import { loadKeys } from '../../src/auth/secrets';
import { createContext, type ApiContext } from '../../src/context';
import { createServer } from '../../src/server';
import type { Logger } from 'pino';
import { freshMigratedDatabase } from '../../../test/lib/postgres';
import { copyMigratedPglite } from '../../../test/lib/pgliteTemplate';
import { apiClient, type ApiClient } from './client';

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

export interface StartedApi extends ApiClient {
  url: string;
  /** Every route the server serves, as `METHOD /path` (Fastify's `:name` parameters). */
  routes: string[];
  ctx: ApiContext;
  db: Db;
  clock: TestClock;
  dataDir: string;
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

/**
 * The server's data: the data directory asked for, or a new one (on PGlite, a migrated database copied in);
 * on PostgreSQL the database asked for, or a fresh migrated one, which the test may drop.
 */
async function prepareData(
  options: StartOptions,
): Promise<{ dataDir: string; databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const dataDir = options.dataDir ?? tempDir('ontv-api-');
  if (options.engine === 'pglite' && !options.dataDir) await copyMigratedPglite(path.join(dataDir, 'pglite'));
  if (options.engine === 'postgres' && !options.databaseUrl) {
    const fresh = await freshMigratedDatabase(process.env.TEST_DATABASE_URL!);
    return { dataDir, databaseUrl: fresh.url, dropDatabase: fresh.drop };
  }
  return { dataDir, databaseUrl: options.databaseUrl };
}

/** The test server's settings: silent, on a free port of 127.0.0.1, then the test's own `env`. */
function testConfig(dataDir: string, databaseUrl: string | undefined, env: Record<string, string> | undefined) {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    // Every test's calls come from one address: the per-address cap on codes is tested on its own (code-caps.test.ts).
    CODE_LIMIT_CLIENT: '100000',
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** Every route of Fastify's `printRoutes({ commonPrefix: false })` as `METHOD /path`, HEAD aside. */
function routesOf(printed: string): string[] {
  // Fastify prints its routes as a tree: a line's path follows its parent's, one level per four characters.
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^(.*?)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const full = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = full;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${full}`);
  }
  return routes;
}

export async function startApi(
  options: StartOptions,
): Promise<StartedApi & { databaseUrl?: string; dropDatabase?: () => Promise<void> }> {
  const { dataDir, databaseUrl, dropDatabase } = await prepareData(options);
  const config = testConfig(dataDir, databaseUrl, options.env);
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, keepReads: true });
  await migrate(db);
  const keys = loadKeys(config);
  const clock = options.clock ?? new TestClock();
  await seed(db, keys, clock.now());
  const ctx = createContext(config, db, keys, clock.now);
  const app = await createServer(ctx, { portal: false, logger: options.logger });
  ctx.sender.start(ctx.config.delivery.pollSeconds);
  const routes = routesOf(app.printRoutes({ commonPrefix: false }));
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
    ...apiClient(url),
    async close() {
      await ctx.sender.stop();
      await ctx.invoices.close();
      await app.close();
      await db.close();
    },
  };
}
