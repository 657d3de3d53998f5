/**
 * The bench's API tables: plans, an authenticated accountInfo and login under load beside the hello-world
 * yardstick (./load.ts), on the embedded database and on PostgreSQL with one and with two processes.
 */
import { startPortal } from '../../e2e/harness';
import { freshDatabase, startTempPostgres } from '../../lib/postgres';
import { cannon, helloWorld, SECONDS, treeRssMiB, type ApiRow } from './load';

/** The API's targets (docs/bench.md), by engine: share of hello-world and p99 for reads, logins/s, p99 and memory for login. */
const TARGETS = {
  plans: { share: 0.4, p99: 10 },
  accountInfo: { pglite: { share: 0.05, p99: 25 }, postgres: { share: 0.15, p99: 25 } },
  login: { rps: 80, p99: 500, growthMiB: 150 },
};

interface Engine {
  label: string;
  kind: 'pglite' | 'postgres';
  env: Record<string, string>;
}

/**
 * One engine's table: a bare Fastify hello-world (its own process, logging off) as the machine's
 * yardstick, then plans, account info and login.
 */
async function measureEngine(engine: Engine): Promise<ApiRow[]> {
  const portal = await startPortal({
    env: { LOG_LEVEL: 'warn', LOGIN_LIMIT_ACCOUNT: '100000000', LOGIN_LIMIT_CLIENT: '100000000', ...engine.env },
    name: `bench-${engine.kind}`,
  });
  const login = {
    username: 'aktivna@ontv.ba',
    password: 'Demo1234!',
    deviceType: 'ontv',
    deviceUsername: 'web-bench-aaaaaaaaaaaaaaaaaaa',
    devicePassword: 'c'.repeat(64),
    deviceName: 'Bench',
  };
  const loginAs = (deviceUsername: string) => ({ ...login, deviceUsername });
  try {
    const answer = await fetch(`${portal.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(loginAs('web-bench-reader-aaaaaaaaaaaa')),
    });
    const { token } = (await answer.json()) as { token: string };
    const yardstick = await helloWorld();
    const share = (rps: number) => rps / yardstick.rps;
    const rows: ApiRow[] = [{ name: 'bare Fastify hello-world', ...yardstick, target: '-', met: null }];
    const plans = await cannon({ url: `${portal.url}/api/ontv/plans`, connections: 100 });
    rows.push({
      name: 'GET /api/ontv/plans',
      ...plans,
      target: `≥ ${TARGETS.plans.share * 100} %, p99 ≤ ${TARGETS.plans.p99} ms`,
      met: share(plans.rps) >= TARGETS.plans.share && plans.p99 <= TARGETS.plans.p99,
    });
    const infoTarget = TARGETS.accountInfo[engine.kind];
    const info = await cannon({
      url: `${portal.url}/api/ontv/accountInfo`,
      headers: { authorization: `Bearer ${token}` },
      connections: 100,
    });
    rows.push({
      name: 'GET /api/ontv/accountInfo (token)',
      ...info,
      target: `≥ ${infoTarget.share * 100} %, p99 ≤ ${infoTarget.p99} ms`,
      met: share(info.rps) >= infoTarget.share && info.p99 <= infoTarget.p99,
    });
    const before = treeRssMiB(portal.pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, treeRssMiB(portal.pid))), 250);
    const logins = await cannon({
      url: `${portal.url}/api/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(login),
      connections: 16,
    }).finally(() => clearInterval(sampler));
    const growthMiB = Math.round(peak - before);
    const t = TARGETS.login;
    rows.push({
      name: 'POST /api/login',
      ...logins,
      growthMiB,
      target: `≥ ${t.rps}/s, p99 ≤ ${t.p99} ms, growth ≤ ${t.growthMiB} MiB`,
      met: logins.rps >= t.rps && logins.p99 <= t.p99 && growthMiB <= t.growthMiB,
    });
    return rows;
  } finally {
    await portal.stop();
  }
}

/** The embedded database, then PostgreSQL with one and with two API processes (TEST_DATABASE_URL, or a throwaway server). */
export async function measureApi(): Promise<
  Array<{ engine: Engine; rows: ApiRow[] } | { engine: Engine; skipped: string }>
> {
  const results: Array<{ engine: Engine; rows: ApiRow[] } | { engine: Engine; skipped: string }> = [];
  const embedded: Engine = { label: 'embedded database (PGlite), one process', kind: 'pglite', env: {} };
  results.push({ engine: embedded, rows: await measureEngine(embedded) });
  let server: { url: string; stop: () => Promise<void> } | null = null;
  try {
    const admin = process.env.TEST_DATABASE_URL ?? (server = await startTempPostgres()).url;
    for (const workers of [1, 2]) {
      const database = await freshDatabase(admin, 'ontv_bench');
      const engine: Engine = {
        label: `PostgreSQL, ${workers === 1 ? 'one process' : `WORKERS=${workers}`}`,
        kind: 'postgres',
        env: { DATABASE_URL: database.url, WORKERS: String(workers) },
      };
      try {
        results.push({ engine, rows: await measureEngine(engine) });
      } finally {
        await database.drop();
      }
    }
  } catch (error) {
    results.push({
      engine: { label: 'PostgreSQL', kind: 'postgres', env: {} },
      skipped: (error as Error).message.split('\n')[0]!,
    });
  } finally {
    await server?.stop();
  }
  return results;
}

export function printApi(api: Awaited<ReturnType<typeof measureApi>>): void {
  for (const result of api) {
    console.log(
      `\nAPI under load, ${result.engine.label} (autocannon, ${SECONDS} s each, beside a bare Fastify hello-world in its own process, logging off):`,
    );
    if ('skipped' in result) {
      console.log(`skipped: ${result.skipped}`);
      continue;
    }
    const yardstick = result.rows[0]!.rps;
    console.log(
      '| call | connections | requests/s | of hello-world | p50 (ms) | p99 (ms) | errors or non-2xx | target | met |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of result.rows) {
      const growth = r.growthMiB === undefined ? '' : `, +${r.growthMiB} MiB`;
      console.log(
        `| ${r.name} | ${r.connections} | ${Math.round(r.rps)}${growth} | ${((r.rps / yardstick) * 100).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.errors} | ${r.target} | ${r.met === null ? '-' : r.met ? 'met' : 'MISSED'} |`,
      );
    }
  }
}
