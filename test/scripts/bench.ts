/**
 * `npm run bench`: measurements anyone can re-run (no pass/fail).
 * - The JavaScript and CSS a browser downloads per route on a first visit, gzip-encoded (the
 *   budgets in docs/bench.md are in gzip) and brotli-encoded (what current browsers get), and request counts.
 * - API throughput and latency (autocannon) for plans, an authenticated accountInfo and login,
 *   beside a bare Fastify hello-world (its own Node process, logging off) on the same machine in the same run.
 * - Lighthouse scores and metrics, mobile and desktop presets (test/scripts/lighthouse.ts), and the
 *   same mobile measures on the stack's floors, React 19 alone and the named stack's least page (started
 *   at once, and in steps as the portal starts), on a public page's HTML (test/scripts/floor.ts).
 * - `-- --flows` alone: three signed-in flows timed on a phone with Lighthouse's mobile throttling (bench/flows.ts).
 * Its parts are in test/scripts/bench/: the bundle table, the API under load, the budget session and its
 * tables, the signed-in flows.
 */
import { launchBrowser, startPortal } from '../e2e/harness';
import { BUDGET_RUNS, runLighthouse, type LighthouseRow } from './lighthouse';
import { measureApi, printApi } from './bench/api';
import { measureScale, printScale } from './bench/scale';
import { printFloor, printPerformanceBudget } from './bench/budget';
import { homeToAccount, measureRoutes, printMove, printRoutes, type Row } from './bench/routes';
import { budgetSession, type FloorRows } from './bench/session';
import { measureFlows, printFlows } from './bench/flows';

/**
 * The bench's portal, with the rate limits off (they would answer 429 to the login load from one
 * address, and to the flows' logins of one customer), and a browser.
 */
const portalAndBrowser = () =>
  Promise.all([
    startPortal({
      env: { LOG_LEVEL: 'warn', LOGIN_LIMIT_ACCOUNT: '100000000', LOGIN_LIMIT_CLIENT: '100000000' },
      name: 'bench',
    }),
    launchBrowser(),
  ]);

async function measure(): Promise<{
  rows: Row[];
  move: Record<'gzip' | 'brotli', Awaited<ReturnType<typeof homeToAccount>>>;
  api: Awaited<ReturnType<typeof measureApi>>;
  lighthouse: LighthouseRow[];
  budget: LighthouseRow[];
  floor: FloorRows;
}> {
  const [portal, browser] = await portalAndBrowser();
  try {
    const rows = await measureRoutes(browser, portal.url);
    const move = {
      gzip: await homeToAccount(browser, portal.url, 'gzip'),
      brotli: await homeToAccount(browser, portal.url, 'br'),
    };
    await browser.close();
    const lighthouse = await runLighthouse(portal.url, { username: 'aktivna@ontv.ba', password: 'Demo1234!' });
    // The performance budget: this pass's mobile scores are its first run.
    const { budget, floor } = await budgetSession(portal.url, BUDGET_RUNS, lighthouse);
    await portal.stop();
    return { rows, move, api: await measureApi(), lighthouse, budget, floor };
  } finally {
    await browser.close().catch(() => undefined);
    await portal.stop();
  }
}

/** `npm run bench -- --api`: the API tables alone (a minute or two instead of five). */
const API_ONLY = process.argv.includes('--api');
/** `npm run bench -- --bundles`: the per-route JavaScript table alone (seconds). */
const BUNDLES_ONLY = process.argv.includes('--bundles');
/** `npm run bench -- --lighthouse`: the performance budget's Lighthouse runs alone (a few minutes). */
const LIGHTHOUSE_ONLY = process.argv.includes('--lighthouse');
/**
 * `npm run bench -- --scale [--customers N] [--no-pass]`: the API on PostgreSQL at an operator's size
 * (bench/scale.ts); `--no-pass` leaves the billing pass beside the reads out.
 */
const SCALE = process.argv.includes('--scale');
const SCALE_PASS = !process.argv.includes('--no-pass');
/** `npm run bench -- --flows`: the signed-in flows on a phone, five runs each (a few minutes; bench/flows.ts). */
const FLOWS = process.argv.includes('--flows');
const CUSTOMERS = Number(process.argv[process.argv.indexOf('--customers') + 1] ?? '') || 200_000;

async function bundlesOnly(): Promise<void> {
  const [portal, browser] = await Promise.all([
    startPortal({ env: { LOG_LEVEL: 'warn' }, name: 'bench' }),
    launchBrowser(),
  ]);
  try {
    printRoutes(await measureRoutes(browser, portal.url));
  } finally {
    await browser.close();
    await portal.stop();
  }
}

async function flowsOnly(): Promise<void> {
  const [portal, browser] = await portalAndBrowser();
  try {
    printFlows(await measureFlows(browser, portal.url));
  } finally {
    await browser.close();
    await portal.stop();
  }
}

async function lighthouseOnly(): Promise<void> {
  const portal = await startPortal({ env: { LOG_LEVEL: 'warn' }, name: 'bench' });
  try {
    const { budget, floor } = await budgetSession(portal.url, BUDGET_RUNS);
    printPerformanceBudget(budget, floor);
    printFloor(floor);
  } finally {
    await portal.stop();
  }
}

/** Every page's Lighthouse scores and metrics, both presets, each marked where it misses its target. */
function printLighthouse(lighthouse: LighthouseRow[]): void {
  // Targets: performance >= 95 and TBT <= 150 ms on mobile, accessibility 100, best practices >= 95, CLS <= 0.02.
  const mark = (ok: boolean) => (ok ? '' : ' ✗');
  console.log(
    '\nLighthouse (targets: performance >= 95 and TBT <= 150 ms mobile, accessibility 100, best practices >= 95, CLS <= 0.02; ✗ = missed):',
  );
  console.log('| page | preset | performance | accessibility | best practices | SEO | LCP (ms) | CLS | TBT (ms) |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of lighthouse) {
    const perf = `${r.performance}${r.preset === 'mobile' ? mark(r.performance >= 95) : ''}`;
    const tbt = `${r.tbtMs}${r.preset === 'mobile' ? mark(r.tbtMs <= 150) : ''}`;
    console.log(
      `| ${r.route} | ${r.preset} | ${perf} | ${r.accessibility}${mark(r.accessibility === 100)} | ${r.bestPractices}${mark(r.bestPractices >= 95)} | ${r.seo} | ${r.lcpMs} | ${r.cls}${mark(r.cls <= 0.02)} | ${tbt} |`,
    );
  }
}

if (SCALE) {
  measureScale(CUSTOMERS, SCALE_PASS).then(
    (result) => {
      printScale(result, CUSTOMERS);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else if (BUNDLES_ONLY || LIGHTHOUSE_ONLY || FLOWS) {
  (BUNDLES_ONLY ? bundlesOnly() : LIGHTHOUSE_ONLY ? lighthouseOnly() : flowsOnly()).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else if (API_ONLY) {
  measureApi().then(
    (api) => {
      printApi(api);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
} else
  measure().then(
    ({ rows, move, api, lighthouse, budget, floor }) => {
      printRoutes(rows);
      printMove(move);
      printApi(api);
      printLighthouse(lighthouse);
      printPerformanceBudget(budget, floor);
      printFloor(floor);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
