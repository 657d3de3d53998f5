/**
 * `npm run bench`: measurements anyone can re-run (no pass/fail).
 * - The JavaScript and CSS a browser downloads per route on a first visit, gzip-encoded (the issues'
 *   targets are in gzip) and brotli-encoded (what current browsers get), and request counts.
 * - API throughput and latency (autocannon) for plans, an authenticated accountInfo and login,
 *   beside a bare Fastify hello-world on the same machine in the same run.
 * - Lighthouse scores and metrics, mobile and desktop presets (test/scripts/lighthouse.ts).
 */
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser, startPortal, type Portal } from '../e2e/harness';
import { runLighthouse, type LighthouseRow } from './lighthouse';

/** Routes measured on a first visit; a target is the JavaScript budget (gzip) the issue sets. */
const ROUTES: Array<{ route: string; label?: string; targetKb?: number }> = [
  { route: '/', targetKb: 130 },
  { route: '/paketi' },
  { route: '/tv-kanali' },
  { route: '/nalog' },
  { route: '/kreiraj-nalog' },
  { route: '/remotes/catalogue/embed/demo.html', label: 'widget demo page', targetKb: 75 },
];

interface Row {
  route: string;
  target: string;
  jsBrotli: number;
  jsBytes: number;
  cssBytes: number;
  requests: number;
  remotes: string;
}

/** What `responses` brought: bytes of JS and CSS (as transferred), their count, and the remotes they came from. */
async function tally(responses: Response[]) {
  let jsBytes = 0;
  let cssBytes = 0;
  const remotes = new Set<string>();
  for (const response of responses) {
    const path = new URL(response.url()).pathname;
    const size = (await response.request().sizes()).responseBodySize;
    if (path.endsWith('.js')) jsBytes += size;
    if (path.endsWith('.css')) cssBytes += size;
    const remote = /^\/remotes\/(\w+)\//.exec(path)?.[1];
    if (remote) remotes.add(remote);
  }
  return { jsBytes, cssBytes, requests: responses.length, remotes: [...remotes].join(', ') || '-' };
}

/** One first visit in a fresh browser context, accepting one encoding: bytes of JS and CSS, requests, remotes. */
async function visit(browser: Browser, url: string, encoding: 'gzip' | 'br') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
  const result = await tally(responses);
  await context.close();
  return result;
}

/**
 * The cost of moving from `/` into `/nalog` in the page (the header's account link): what the browser
 * fetches after the click, which is the account remote (and whatever it shares that `/` did not load).
 */
async function homeToAccount(browser: Browser, baseUrl: string, encoding: 'gzip' | 'br') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  const page = await context.newPage();
  await page.goto(baseUrl + '/', { waitUntil: 'networkidle' });
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Moj nalog' }).click();
  await page.getByLabel('E-mail ili broj telefona').waitFor();
  await page.waitForLoadState('networkidle');
  const result = await tally(responses);
  await context.close();
  return result;
}

interface ApiRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

const SECONDS = 5;
const CONNECTIONS = 20;

async function cannon(name: string, options: autocannon.Options): Promise<ApiRow> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

/** The API under load, after a bare Fastify hello-world as the machine's yardstick. */
async function measureApi(portal: Portal): Promise<ApiRow[]> {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  const helloUrl = await hello.listen({ port: 0, host: '127.0.0.1' });
  const login = { username: 'aktivna@ontv.ba', password: 'Demo1234!', deviceType: 'ontv', deviceUsername: 'web-bench-aaaaaaaaaaaaaaaaaaa', devicePassword: 'c'.repeat(64), deviceName: 'Bench' };
  const answer = await fetch(`${portal.url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) });
  const { token } = (await answer.json()) as { token: string };
  try {
    return [
      await cannon('bare Fastify hello-world', { url: helloUrl }),
      await cannon('GET /api/ontv/plans', { url: `${portal.url}/api/ontv/plans` }),
      await cannon('GET /api/ontv/accountInfo (token)', { url: `${portal.url}/api/ontv/accountInfo`, headers: { authorization: `Bearer ${token}` } }),
      // Login hashes the password with scrypt on purpose: its rate is bounded by that cost.
      await cannon('POST /api/login', { url: `${portal.url}/api/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(login) }),
    ];
  } finally {
    await hello.close();
  }
}

async function measure(): Promise<{ rows: Row[]; move: Record<'gzip' | 'brotli', Awaited<ReturnType<typeof homeToAccount>>>; api: ApiRow[]; lighthouse: LighthouseRow[] }> {
  // Rate limits off for the load (they would answer 429 to the login load from one address).
  const [portal, browser] = await Promise.all([
    startPortal({ env: { LOG_LEVEL: 'warn', LOGIN_LIMIT_ACCOUNT: '100000000', LOGIN_LIMIT_CLIENT: '100000000' }, name: 'bench' }),
    launchBrowser(),
  ]);
  const rows: Row[] = [];
  try {
    for (const { route, label, targetKb } of ROUTES) {
      const gzip = await visit(browser, portal.url + route, 'gzip');
      const brotli = await visit(browser, portal.url + route, 'br');
      const target = targetKb === undefined ? '-' : `< ${targetKb} KB: ${gzip.jsBytes < targetKb * 1024 ? 'met' : 'NOT met'}`;
      rows.push({ route: label ?? route, target, ...gzip, jsBrotli: brotli.jsBytes });
    }
    const move = { gzip: await homeToAccount(browser, portal.url, 'gzip'), brotli: await homeToAccount(browser, portal.url, 'br') };
    await browser.close();
    const api = await measureApi(portal);
    return { rows, move, api, lighthouse: await runLighthouse(portal.url, { username: 'aktivna@ontv.ba', password: 'Demo1234!' }) };
  } finally {
    await browser.close().catch(() => undefined);
    await portal.stop();
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

measure().then(
  ({ rows, move, api, lighthouse }) => {
    console.log('\nPer route, first visit, gzip-encoded transfer:');
    console.log('| route | JS (gzip) | JS target (gzip) | JS (brotli) | CSS (gzip) | requests | remotes loaded |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.route} | ${kb(r.jsBytes)} | ${r.target} | ${kb(r.jsBrotli)} | ${kb(r.cssBytes)} | ${r.requests} | ${r.remotes} |`);
    console.log(`| / then the account link (fetched after the click) | ${kb(move.gzip.jsBytes)} | - | ${kb(move.brotli.jsBytes)} | ${kb(move.gzip.cssBytes)} | ${move.gzip.requests} | ${move.gzip.remotes} |`);
    const yardstick = api[0]!.rps;
    console.log(`\nAPI under load (autocannon, ${CONNECTIONS} connections, ${SECONDS} s each, one process on this machine):`);
    console.log('| endpoint | requests/s | of hello-world | p50 (ms) | p99 (ms) | errors or non-2xx |');
    console.log('|---|---|---|---|---|---|');
    for (const r of api) console.log(`| ${r.name} | ${Math.round(r.rps)} | ${((r.rps / yardstick) * 100).toFixed(1)} % | ${r.p50} | ${r.p99} | ${r.errors} |`);
    // Targets: performance >= 95 on mobile, accessibility 100, best practices >= 95, CLS <= 0.02.
    const mark = (ok: boolean) => (ok ? '' : ' ✗');
    console.log('\nLighthouse (targets: performance >= 95 mobile, accessibility 100, best practices >= 95, CLS <= 0.02; ✗ = missed):');
    console.log('| page | preset | performance | accessibility | best practices | LCP (ms) | CLS | TBT (ms) |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of lighthouse) {
      const perf = `${r.performance}${r.preset === 'mobile' ? mark(r.performance >= 95) : ''}`;
      console.log(`| ${r.route} | ${r.preset} | ${perf} | ${r.accessibility}${mark(r.accessibility === 100)} | ${r.bestPractices}${mark(r.bestPractices >= 95)} | ${r.lcpMs} | ${r.cls}${mark(r.cls <= 0.02)} | ${r.tbtMs} |`);
    }
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
