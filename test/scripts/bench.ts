/**
 * `npm run bench`: measurements anyone can re-run (no pass/fail). For now: the JavaScript and CSS
 * a browser downloads per route on a first visit, gzip-encoded (the issues' targets are in gzip) and
 * brotli-encoded (what current browsers get), and request counts.
 */
import type { Browser, Response } from 'playwright-core';
import { launchBrowser, startPortal } from '../e2e/harness';

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

/** One first visit in a fresh browser context, accepting one encoding: bytes of JS and CSS, requests, remotes. */
async function visit(browser: Browser, url: string, encoding: 'gzip' | 'br') {
  const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': encoding } });
  const page = await context.newPage();
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto(url, { waitUntil: 'networkidle' });
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
  await context.close();
  return { jsBytes, cssBytes, requests: responses.length, remotes: [...remotes].join(', ') || '-' };
}

async function measure(): Promise<Row[]> {
  const [portal, browser] = await Promise.all([startPortal({ env: { LOG_LEVEL: 'warn' }, name: 'bench' }), launchBrowser()]);
  const rows: Row[] = [];
  try {
    for (const { route, label, targetKb } of ROUTES) {
      const gzip = await visit(browser, portal.url + route, 'gzip');
      const brotli = await visit(browser, portal.url + route, 'br');
      const target = targetKb === undefined ? '-' : `< ${targetKb} KB: ${gzip.jsBytes < targetKb * 1024 ? 'met' : 'NOT met'}`;
      rows.push({ route: label ?? route, target, ...gzip, jsBrotli: brotli.jsBytes });
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
  return rows;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

measure().then(
  (rows) => {
    console.log('\nPer route, first visit, gzip-encoded transfer:');
    console.log('| route | JS (gzip) | JS target (gzip) | JS (brotli) | CSS (gzip) | requests | remotes loaded |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.route} | ${kb(r.jsBytes)} | ${r.target} | ${kb(r.jsBrotli)} | ${kb(r.cssBytes)} | ${r.requests} | ${r.remotes} |`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
