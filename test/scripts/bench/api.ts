/**
 * The bench's API tables: plans, an authenticated accountInfo and login under load beside the hello-world
 * yardstick (./load.ts), on the embedded database and on PostgreSQL with one and with two processes. The
 * speed guard in `npm test` (test/speed/guard.test.ts) takes the same measures, shorter.
 */
import { startPortal } from '../../e2e/harness';
import { freshDatabase, startTempPostgres } from '../../lib/postgres';
import { cannon, helloWorld, SECONDS, treeRssMiB, type ApiRow, type Load } from './load';

type EngineKind = 'pglite' | 'postgres';

/**
 * The API's targets (docs/bench.md), by engine: a share of the hello-world and a p99 for
 * the reads; logins/s, p99 and memory for login, whose share (80/s beside the 32-34k/s hello-world this
 * machine answers when it is quiet) is what the guard holds it to.
 */
export const TARGETS = {
  plans: { pglite: { share: 0.45, p99: 15 }, postgres: { share: 0.45, p99: 15 } },
  accountInfo: { pglite: { share: 0.25, p99: 25 }, postgres: { share: 0.15, p99: 25 } },
  login: { share: 0.0024, rps: 80, p99: 500, growthMiB: 150 },
};

export type Call = 'plans' | 'accountInfo' | 'login';

export interface Engine {
  label: string;
  kind: EngineKind;
  env: Record<string, string>;
}

export interface EngineRows {
  /** The hello-world's own row first, then one per call. */
  rows: ApiRow[];
  /** Each call's requests/s as a share of the hello-world's in the same run. */
  shares: Record<Call, number>;
}

const LOGIN = {
  username: 'aktivna@ontv.ba',
  password: 'Demo1234!',
  deviceType: 'ontv',
  deviceUsername: 'web-bench-aaaaaaaaaaaaaaaaaaa',
  devicePassword: 'c'.repeat(64),
  deviceName: 'Bench',
};

/**
 * One engine's table: a bare Fastify hello-world (its own process, logging off) as the machine's
 * yardstick, then plans, account info and login, each loaded for `load.seconds`.
 */
export async function measureEngine(engine: Engine, load: Load = { seconds: SECONDS }): Promise<EngineRows> {
  const portal = await startPortal({
    env: { LOG_LEVEL: 'warn', LOGIN_LIMIT_ACCOUNT: '100000000', LOGIN_LIMIT_CLIENT: '100000000', ...engine.env },
    name: `bench-${engine.kind}`,
  });
  try {
    const answer = await fetch(`${portal.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...LOGIN, deviceUsername: 'web-bench-reader-aaaaaaaaaaaa' }),
    });
    const { token } = (await answer.json()) as { token: string };
    const yardstick = await helloWorld(load);
    const share = (rps: number) => rps / yardstick.rps;
    const rows: ApiRow[] = [{ name: 'bare Fastify hello-world', ...yardstick, target: '-', met: null }];
    const plansTarget = TARGETS.plans[engine.kind];
    const plans = await cannon({ url: `${portal.url}/api/ontv/plans`, connections: 100 }, load);
    rows.push({
      name: 'GET /api/ontv/plans',
      ...plans,
      target: `≥ ${plansTarget.share * 100} %, p99 ≤ ${plansTarget.p99} ms`,
      met: share(plans.rps) >= plansTarget.share && plans.p99 <= plansTarget.p99,
    });
    const infoTarget = TARGETS.accountInfo[engine.kind];
    const info = await cannon(
      {
        url: `${portal.url}/api/ontv/accountInfo`,
        headers: { authorization: `Bearer ${token}` },
        connections: 100,
      },
      load,
    );
    rows.push({
      name: 'GET /api/ontv/accountInfo (token)',
      ...info,
      target: `≥ ${infoTarget.share * 100} %, p99 ≤ ${infoTarget.p99} ms`,
      met: share(info.rps) >= infoTarget.share && info.p99 <= infoTarget.p99,
    });
    const before = treeRssMiB(portal.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssMiB(portal.pid))), 250);
    const logins = await cannon(
      {
        url: `${portal.url}/api/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(LOGIN),
        connections: 16,
      },
      load,
    ).finally(() => clearInterval(sampler));
    const growthMiB = Math.round(peak - before);
    const t = TARGETS.login;
    rows.push({
      name: 'POST /api/login',
      ...logins,
      growthMiB,
      target: `≥ ${t.rps}/s, p99 ≤ ${t.p99} ms, growth ≤ ${t.growthMiB} MiB`,
      met: logins.rps >= t.rps && logins.p99 <= t.p99 && growthMiB <= t.growthMiB,
    });
    return { rows, shares: { plans: share(plans.rps), accountInfo: share(info.rps), login: share(logins.rps) } };
  } finally {
    await portal.stop();
  }
}

type EngineResult = { engine: Engine; rows: ApiRow[] } | { engine: Engine; skipped: string };

/**
 * `work` on a fresh PostgreSQL database: on TEST_DATABASE_URL's server, or a throwaway one started for
 * it (and stopped after).
 */
export async function withPostgres<T>(work: (admin: string) => Promise<T>): Promise<T> {
  let server: { url: string; stop: () => Promise<void> } | null = null;
  try {
    return await work(process.env.TEST_DATABASE_URL || (server = await startTempPostgres()).url);
  } finally {
    await server?.stop();
  }
}

/** The embedded database, then PostgreSQL with one and with two API processes (TEST_DATABASE_URL, or a throwaway server). */
export async function measureApi(): Promise<EngineResult[]> {
  const results: EngineResult[] = [];
  const embedded: Engine = { label: 'embedded database (PGlite), one process', kind: 'pglite', env: {} };
  results.push({ engine: embedded, rows: (await measureEngine(embedded)).rows });
  try {
    await withPostgres(async (admin) => {
      for (const workers of [1, 2]) {
        const database = await freshDatabase(admin, 'ontv_bench');
        const engine: Engine = {
          label: `PostgreSQL, ${workers === 1 ? 'one process' : `WORKERS=${workers}`}`,
          kind: 'postgres',
          env: { DATABASE_URL: database.url, WORKERS: String(workers) },
        };
        try {
          results.push({ engine, rows: (await measureEngine(engine)).rows });
        } finally {
          await database.drop();
        }
      }
    });
  } catch (error) {
    results.push({
      engine: { label: 'PostgreSQL', kind: 'postgres', env: {} },
      skipped: (error as Error).message.split('\n')[0]!,
    });
  }
  return results;
}

export function printApi(api: EngineResult[]): void {
  for (const result of api) {
    console.log(
      `\nAPI under load, ${result.engine.label} (autocannon, ${SECONDS} s each, beside a bare Fastify hello-world in its own process, logging off):`,
    );
    if ('skipped' in result) {
      console.log(`skipped: ${result.skipped}`);
      continue;
    }
    printRows(result.rows);
  }
}

/** One engine's rows as a Markdown table, each call's requests/s also as a share of the hello-world's. */
export function printRows(rows: ApiRow[]): void {
  const yardstick = rows[0]!.rps;
  console.log(
    '| call | connections | requests/s | of hello-world | p50 (ms) | p99 (ms) | errors or non-2xx | target | met |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const growth = r.growthMiB === undefined ? '' : `, +${r.growthMiB} MiB`;
    console.log(
      `| ${r.name} | ${r.connections} | ${Math.round(r.rps)}${growth} | ${((r.rps / yardstick) * 100).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.errors} | ${r.target} | ${r.met === null ? '-' : r.met ? 'met' : 'MISSED'} |`,
    );
  }
}
