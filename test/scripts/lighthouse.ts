/**
 * Lighthouse for `npm run bench`: mobile and desktop presets on the home page, the package
 * and channel lists, the login form, the sign-up page and the logged-in account page, with Debian's Chromium.
 */
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from '../lib/chromium';
import type { FloorName } from './floor';

export interface LighthouseRow {
  route: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /**
   * Lighthouse's measure of the host's CPU at the run (higher is faster; it warns below 1000). The
   * mobile estimates count main-thread time at 4×, so one page on one build moves with it.
   */
  benchmarkIndex: number;
}

const ROUTES: Array<{ route: string; label: string; loggedIn?: boolean }> = [
  { route: '/', label: '/' },
  { route: '/paketi', label: '/paketi' },
  { route: '/tv-kanali', label: '/tv-kanali' },
  { route: '/nalog', label: 'login form (/nalog)' },
  { route: '/kreiraj-nalog', label: '/kreiraj-nalog' },
  { route: '/nalog', label: 'account page (logged in)', loggedIn: true },
];

/**
 * The pages with a mobile performance budget, over three runs: the public pages, which arrive
 * prerendered (decision 031), and the sign-up page (decision 021). A budget page's label is its route.
 * `every` holds in each run; `median` holds for the median of the runs. The public pages' Total Blocking
 * Time is held to the floor named by `tbtFloor` (test/scripts/floor.ts), measured in the same session,
 * run for run: an absolute TBT measures the machine more than the code (decision 031).
 */
export const PERFORMANCE_BUDGETS = [
  {
    routes: ['/', '/paketi', '/tv-kanali'],
    every: { minPerformance: 90, maxCls: 0, minSeo: 100 },
    median: { maxLcpMs: 1200, maxTbtRatio: 1 },
    tbtFloor: 'stackInSteps' satisfies FloorName,
  },
  { routes: ['/kreiraj-nalog'], every: { minPerformance: 95, maxTbtMs: 150, maxCls: 0.02 } },
] as const;
export const BUDGET_RUNS = 3;
export const BUDGET_ROUTES: string[] = PERFORMANCE_BUDGETS.flatMap((budget) => [...budget.routes]);

/**
 * Lighthouse on `baseUrl`: every page of ROUTES with both presets (`credentials` sign in for the
 * logged-in page; without them it is left out), or with `only`, the pages named there with one preset
 * (the performance budget's runs).
 */
export async function runLighthouse(
  baseUrl: string,
  credentials: { username: string; password: string } | null,
  only?: { routes: readonly string[]; preset: 'mobile' | 'desktop' },
): Promise<LighthouseRow[]> {
  const chromePath = findChromium();
  if (!chromePath) throw new Error(CHROMIUM_MISSING);
  const { default: lighthouse, desktopConfig } = await import('lighthouse');
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const rows: LighthouseRow[] = [];
  try {
    const page = await browser.newPage();
    // Without credentials, the signed-out pages only.
    const pages = (only ? ROUTES.filter((r) => only.routes.includes(r.route)) : ROUTES).filter(
      (r) => credentials || !r.loggedIn,
    );
    for (const preset of only ? [only.preset] : (['mobile', 'desktop'] as const)) {
      for (const { route, label, loggedIn } of pages) {
        if (loggedIn && credentials) {
          // Log in once in this browser; Lighthouse then keeps the stored token (no storage reset).
          await page.goto(`${baseUrl}/nalog`, { waitUntil: 'networkidle0' });
          if (!(await page.$('h1 ::-p-text(Moj nalog)'))) {
            await page.locator('::-p-aria(E-mail ili broj telefona)').fill(credentials.username);
            await page.locator('::-p-aria(Lozinka)').fill(credentials.password);
            await page.locator('::-p-aria(Prijavi se[role="button"])').click();
            await page.waitForSelector('h1 ::-p-text(Moj nalog)');
          }
        }
        const result = await lighthouse(
          baseUrl + route,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            disableStorageReset: Boolean(loggedIn),
          },
          preset === 'desktop' ? desktopConfig : undefined,
          loggedIn ? page : undefined,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
        const { categories, audits } = result.lhr;
        const score = (key: string) => Math.round((categories[key]?.score ?? 0) * 100);
        rows.push({
          route: label,
          preset,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
          benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
        });
      }
      // The next preset starts logged out (when this page logged in at all).
      if (page.url().startsWith('http')) await page.evaluate(() => localStorage.clear());
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return rows;
}
