/**
 * The bench's bundle table: the JavaScript and CSS a browser downloads per route on a first visit,
 * gzip- and brotli-encoded, with request counts and the remotes they came from, and the move from `/`
 * into `/nalog`.
 */
import type { Browser, Response } from 'playwright-core';

/** Routes measured on a first visit; a target is its JavaScript budget (gzip; docs/bench.md, decision 021). */
const ROUTES: Array<{ route: string; label?: string; targetKb?: number }> = [
  { route: '/', targetKb: 155 },
  { route: '/paketi', targetKb: 165 },
  { route: '/tv-kanali' },
  { route: '/nalog', targetKb: 165 },
  { route: '/kreiraj-nalog' },
  // The demo page loads the widget's script and nothing else: its JavaScript is the widget's.
  { route: '/remotes/catalogue/embed/demo.html', label: '<tv-paketi> (the widget demo page)', targetKb: 15 },
];

export interface Row {
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
export async function homeToAccount(browser: Browser, baseUrl: string, encoding: 'gzip' | 'br') {
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

/** The JavaScript and CSS of a first visit to each route, gzip and brotli. */
export async function measureRoutes(browser: Browser, baseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { route, label, targetKb } of ROUTES) {
    const gzip = await visit(browser, baseUrl + route, 'gzip');
    const brotli = await visit(browser, baseUrl + route, 'br');
    const target =
      targetKb === undefined ? '-' : `≤ ${targetKb} KB: ${gzip.jsBytes <= targetKb * 1024 ? 'met' : 'NOT met'}`;
    rows.push({ route: label ?? route, target, ...gzip, jsBrotli: brotli.jsBytes });
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printRoutes(rows: Row[]): void {
  console.log('\nPer route, first visit, gzip-encoded transfer:');
  console.log('| route | JS (gzip) | JS target (gzip) | JS (brotli) | CSS (gzip) | requests | remotes loaded |');
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.route} | ${kb(r.jsBytes)} | ${r.target} | ${kb(r.jsBrotli)} | ${kb(r.cssBytes)} | ${r.requests} | ${r.remotes} |`,
    );
}

/** The move from `/` into `/nalog`, as one more row of the routes' table. */
export function printMove(move: Record<'gzip' | 'brotli', Awaited<ReturnType<typeof homeToAccount>>>): void {
  console.log(
    `| / then the account link (fetched after the click) | ${kb(move.gzip.jsBytes)} | - | ${kb(move.brotli.jsBytes)} | ${kb(move.gzip.cssBytes)} | ${move.gzip.requests} | ${move.gzip.remotes} |`,
  );
}
