/**
 * `npm run bench`: measurements anyone can re-run (no pass/fail). For now: the JavaScript and CSS
 * a browser downloads per route, gzip-encoded, and request counts.
 */
import type { Response } from 'playwright-core';
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
  jsBytes: number;
  cssBytes: number;
  requests: number;
  remotes: string;
}

async function measure(): Promise<Row[]> {
  const [portal, browser] = await Promise.all([startPortal({ env: { LOG_LEVEL: 'warn' }, name: 'bench' }), launchBrowser()]);
  const rows: Row[] = [];
  try {
    for (const { route, label, targetKb } of ROUTES) {
      const context = await browser.newContext({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
      const page = await context.newPage();
      const responses: Response[] = [];
      page.on('response', (response) => responses.push(response));
      await page.goto(portal.url + route, { waitUntil: 'networkidle' });
      let jsBytes = 0;
      let cssBytes = 0;
      const remotes = new Set<string>();
      for (const response of responses) {
        const url = new URL(response.url());
        const size = (await response.request().sizes()).responseBodySize;
        if (url.pathname.endsWith('.js')) jsBytes += size;
        if (url.pathname.endsWith('.css')) cssBytes += size;
        const remote = /^\/remotes\/(\w+)\//.exec(url.pathname)?.[1];
        if (remote) remotes.add(remote);
      }
      const target = targetKb === undefined ? '-' : `< ${targetKb} KB: ${jsBytes < targetKb * 1024 ? 'met' : 'NOT met'}`;
      rows.push({ route: label ?? route, target, jsBytes, cssBytes, requests: responses.length, remotes: [...remotes].join(', ') || '-' });
      await context.close();
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
    console.log('| route | JS (gzip) | JS target | CSS (gzip) | requests | remotes loaded |');
    console.log('|---|---|---|---|---|---|');
    for (const r of rows) console.log(`| ${r.route} | ${kb(r.jsBytes)} | ${r.target} | ${kb(r.cssBytes)} | ${r.requests} | ${r.remotes} |`);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
