/**
 * `npm run bench -- --scale [--customers N]`: the API at an operator's size. A fresh PostgreSQL
 * database (TEST_DATABASE_URL's server, or a throwaway one) is migrated by a first start, seeded by
 * api/scripts/seed-scale.ts (200,000 customers, 2,000,000 orders, 1,000,000 audit rows, 500,000 voucher
 * codes, a session each), and then measured: account info at 100 connections over 200 signed-in
 * customers, the console's customer search by phone, e-mail, part of a name and invoice number, and a
 * billing pass of the tenth due today beside a steady account-info load (p99 against the same load idle).
 */
import type autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { seedScale } from '../../../api/scripts/seed-scale';
import { ROOT } from '../../../api/src/cli/freshness';
import { isoDay } from '../../../api/src/days';
import { openDb } from '../../../api/src/db/db';
import { Store } from '../../../api/src/repositories';
import { addStaff } from '../../../api/src/support/accounts';
import { totpCode } from '../../../api/src/support/totp';
import { startPortal } from '../../e2e/harness';
import { freshDatabase } from '../../lib/postgres';
import { tempDir } from '../../lib/tempDir';
import { withPostgres } from './api';
import { cannon, treeRssMiB, type ApiRow } from './load';
import { startSteady, steady } from './steady';

const PASSWORD = 'Demo1234!';
const READERS = 200;

/** A row of the scale table: the API table's row without its connections or memory. */
type Measure = Omit<ApiRow, 'connections' | 'growthMiB'>;

const post = async (url: string, body: object, token?: string) => {
  const answer = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await answer.json().catch(() => ({}))) as Record<string, unknown>;
  if (!answer.ok) throw new Error(`${url}: ${answer.status} ${JSON.stringify(json)}`);
  return json;
};

/** Account info as fast as 100 connections ask, each request with the next of `tokens` (cannon, a closed loop). */
function signedInLoad(url: string, tokens: string[]) {
  let next = 0;
  const signedInRequest = {
    setupRequest: (request: autocannon.Request) => ({
      ...request,
      headers: { ...request.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
    }),
  };
  return cannon({ url, connections: 100, requests: [signedInRequest] }, { seconds: 10, warmUpSeconds: 2 });
}

/** A member of staff signed in through their first sign-in (one-time password, own password, authenticator). */
async function staffToken(url: string, databaseUrl: string): Promise<string> {
  const db = await openDb({ databaseUrl, dataDir: null });
  let oneTime: string | null;
  try {
    oneTime = await addStaff(new Store(db).staff, { email: 'skala@ontv.ba', name: 'Skala Agent', role: 'agent' });
  } finally {
    await db.close();
  }
  const login = await post(`${url}/api/staff/login`, { email: 'skala@ontv.ba', password: oneTime });
  const challenge = login.challenge as string;
  await post(`${url}/api/staff/password`, { newPassword: 'Skala-Lozinka-2026!' }, challenge);
  const setup = await post(`${url}/api/staff/totp-setup`, {}, challenge);
  const done = await post(`${url}/api/staff/totp`, { code: totpCode(setup.secret as string, new Date()) }, challenge);
  return done.token as string;
}

/** A billing pass as the operator runs it (`npm run billing`): its seconds, peak memory and report. */
function billingPass(env: Record<string, string>): Promise<{ seconds: number; peakMiB: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'cli', 'billing.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let peakMiB = 0;
    const sampler = setInterval(() => (peakMiB = Math.max(peakMiB, treeRssMiB(child.pid!))), 500);
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) reject(new Error(`billing exited with ${code}: ${output}`));
      else resolve({ seconds: (performance.now() - started) / 1000, peakMiB: Math.round(peakMiB), output });
    });
  });
}

/** READERS seeded customers with an e-mail address (every second one), spread over the table, signed in. */
async function signedIn(url: string, customers: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < READERS; i++) {
    const n = 2 * Math.floor(((i + 0.5) * customers) / (2 * READERS)) || 2;
    const answer = await post(`${url}/api/login`, {
      username: `skala${n}@primjer.ba`,
      password: PASSWORD,
      deviceType: 'ontv',
      deviceUsername: `web-scale-${String(i).padStart(20, '0')}`,
      devicePassword: 'c'.repeat(64),
      deviceName: 'Skala',
    });
    tokens.push(answer.token as string);
  }
  return tokens;
}

/** An invoice number from the middle of the orders. */
async function someInvoice(databaseUrl: string): Promise<string> {
  const db = await openDb({ databaseUrl, dataDir: null });
  try {
    const [row] = await db.query<{ order_number: string }>(
      `SELECT order_number FROM payment_orders ORDER BY order_number DESC LIMIT 1 OFFSET 12345`,
    );
    return row!.order_number;
  } finally {
    await db.close();
  }
}

/** The console's search four ways, at a support team's busiest minute: 10 agents, 50 searches a second. */
async function searches(url: string, databaseUrl: string): Promise<Measure[]> {
  const staff = await staffToken(url, databaseUrl);
  const ways: Array<[string, object[]]> = [
    ['phone', [{ q: '0610000077' }, { q: '+387 61 000 1235' }]],
    ['e-mail', [{ q: 'skala1234@primjer.ba' }, { q: 'SKALA98766@primjer.ba' }]],
    ['part of a name', [{ q: 'begic' }, { q: 'emir hodz' }, { q: 'Šejla Ćos' }]],
    ['invoice number', [{ q: await someInvoice(databaseUrl) }]],
  ];
  const rows: Measure[] = [];
  for (const [how, bodies] of ways) {
    const search = {
      url: `${url}/api/staff/customers/search`,
      method: 'POST' as const,
      headers: { authorization: `Bearer ${staff}` },
      bodies,
      connections: 10,
      rate: 50,
    };
    await steady({ ...search, seconds: 1 });
    const measured = await steady({ ...search, seconds: 5 });
    rows.push({
      name: `console search by ${how}, a steady 50/s over 10 connections`,
      ...measured,
      target: 'p99 ≤ 50 ms',
      met: measured.p99 <= 50,
    });
  }
  return rows;
}

/**
 * A billing pass beside a steady signed-in load: the load's p99 idle before the pass and again after
 * it, and during it. The pass is held to twice the lower idle p99: an idle run may catch the seeded
 * database's first minutes (a steady load's p99 was 160-200 ms in its first 10 s after the sign-ins,
 * 4-7 ms from the fourth on), and a stall then must not pass for the reads' usual tail.
 */
async function billingBesideReads(
  info: { url: string; tokens: string[] },
  env: Record<string, string>,
  due: number,
): Promise<Measure[]> {
  const steadyReads = { ...info, connections: 20, rate: 500 };
  await steady({ ...steadyReads, seconds: 10 });
  const before = await steady({ ...steadyReads, seconds: 10 });
  const during = startSteady({ ...steadyReads, seconds: 900 });
  const pass = await billingPass({ ...env, BILLING_INTERVAL_MINUTES: '0' }).finally(() => during.stop());
  const beside = await during.done;
  const after = await steady({ ...steadyReads, seconds: 10 });
  const idle = Math.min(before.p99, after.p99);
  return [
    { name: 'accountInfo at a steady 500/s, idle before the pass', ...before, target: '-', met: null },
    {
      name: `billing pass, ${due} due (${pass.output.trim().split('\n').pop()})`,
      rps: 0,
      p50: 0,
      p99: 0,
      errors: 0,
      target: `≤ 300 s: ${pass.seconds.toFixed(0)} s, peak ${pass.peakMiB} MiB`,
      met: pass.seconds <= 300,
    },
    {
      name: 'accountInfo at a steady 500/s, during the pass',
      ...beside,
      target: `p99 ≤ 2 × the lower idle p99 (${Math.round(idle * 20) / 10} ms)`,
      met: beside.p99 <= idle * 2,
    },
    { name: 'accountInfo at a steady 500/s, idle after the pass', ...after, target: '-', met: null },
  ];
}

/** The seeding, then each measure, on a server started on the seeded database. */
async function measureSeeded(
  databaseUrl: string,
  customers: number,
  withPass: boolean,
): Promise<{ seeding: string[]; rows: Measure[] }> {
  const env = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDir('ontv-scale-'),
    LOG_LEVEL: 'warn',
    LOGIN_LIMIT_ACCOUNT: '100000000',
    LOGIN_LIMIT_CLIENT: '100000000',
  };
  const portal = await startPortal({ env, name: 'bench-scale' });
  try {
    const seeding: string[] = [];
    const started = performance.now();
    const dueOn = isoDay(new Date());
    await seedScale(databaseUrl, { customers, dueOn, log: (line) => seeding.push(line) });
    seeding.push(`  in all: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const info = { url: `${portal.url}/api/ontv/accountInfo`, tokens: await signedIn(portal.url, customers) };
    const busy = await signedInLoad(info.url, info.tokens);
    const rows: Measure[] = [
      { name: 'accountInfo, 100 connections, 200 customers', ...busy, target: 'p99 ≤ 25 ms', met: busy.p99 <= 25 },
      ...(await searches(portal.url, databaseUrl)),
      ...(withPass ? await billingBesideReads(info, env, Math.round(customers / 10)) : []),
    ];
    return { seeding, rows };
  } finally {
    await portal.stop();
  }
}

/** The seeded database measured; `withPass` false leaves the billing pass out (minutes less). */
export async function measureScale(
  customers: number,
  withPass = true,
): Promise<{ seeding: string[]; rows: Measure[] }> {
  return withPostgres(async (admin) => {
    const database = await freshDatabase(admin, 'ontv_scale');
    try {
      return await measureSeeded(database.url, customers, withPass);
    } finally {
      await database.drop();
    }
  });
}

export function printScale(result: { seeding: string[]; rows: Measure[] }, customers: number): void {
  console.log(`\nSeeding PostgreSQL with ${customers} customers:`);
  for (const line of result.seeding) console.log(line);
  console.log('\n| measure | requests/s | p50 (ms) | p99 (ms) | errors or non-2xx | target | met |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of result.rows)
    console.log(
      `| ${r.name} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.target} | ${r.met === null ? '-' : r.met ? 'met' : 'MISSED'} |`,
    );
}
