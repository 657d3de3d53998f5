/**
 * `npm run bench -- --flows`: three signed-in flows on a phone with Lighthouse's mobile throttling, applied
 * by the browser (CPU 4× slower; 1.6 Mbps down, 750 kbps up, 150 ms round trip; 412×823 at 1.75×), five
 * runs each in fresh browser contexts, against 1 s each (docs/bench.md, "Signed-in pages on a phone"):
 * 1. `/nalog` for a customer signed in earlier, from the navigation's start until the package, the card and
 *    the enabled buttons show; with that visit's HTTP cache (warm), and without (cold: a new context given
 *    the same cookies and storage);
 * 2. from the login form's submit click until the account page shows the card;
 * 3. from the account page's payment history link until the history's list shows.
 * In the page's clock (the click's event time; performance.now() in the first frame it is ready). Of each
 * flow's median run: its requests, the chain back from ready, its long animation frames.
 */
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { logIn } from '../../e2e/harness';

const RUNS = 5;
const TARGET_MS = 1000;
/** The demo customer with an active subscription and a Visa card (api/src/db/seed.ts). */
const CUSTOMER = { username: 'aktivna@ontv.ba', password: 'Demo1234!' };

/** Lighthouse's mobile screen (a Moto G Power). */
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
/** Lighthouse's mobile network, added by the browser to every request (its latency to each one's answer). */
const NETWORK = { latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** What the pages show (remotes/account/src/texts.ts, shared/src/texts/common.ts). */
const TEXTS = {
  myPackage: 'Moj paket',
  payment: 'Plaćanje',
  active: 'AKTIVNA',
  logout: 'Odjavi se',
  history: 'Istorija uplata',
  noPayments: 'Nema uplata',
  username: 'E-mail ili broj telefona',
  password: 'Lozinka',
  submit: 'Prijavi se',
};
type Ready = (texts: typeof TEXTS) => number | false;

/** A request (Resource Timing) and a long animation frame of a run, in ms from its start. */
type Request = { url: string; type: string; start: number; end: number; bytes: number };
type Frame = { start: number; duration: number; blocking: number; scripts: string[] };
/** One run of a flow: its time, and what happened from its start until ready. */
type Run = { ms: number; requests: Request[]; frames: Frame[] };
type Flow = { name: string; runs: Run[] };

/** A long animation frame (not in TypeScript's DOM types yet). */
interface LongFrame extends PerformanceEntry {
  blockingDuration: number;
  scripts: Array<{ sourceURL: string; sourceFunctionName: string; invoker: string; duration: number }>;
}
type Bench = { __bench: { clicks: number[]; frames: LongFrame[] } };

/** Runs in each page before its scripts: keeps the clicks' times and the long animation frames for `capture`. */
function observe(): void {
  const bench: Bench['__bench'] = { clicks: [], frames: [] };
  Object.assign(window, { __bench: bench });
  performance.setResourceTimingBufferSize(1000);
  addEventListener('click', (event) => bench.clicks.push(event.timeStamp), true);
  const frames = new PerformanceObserver((list) => bench.frames.push(...(list.getEntries() as LongFrame[])));
  frames.observe({ type: 'long-animation-frame', buffered: true });
}

/** In the page: performance.now() once the account page shows the package and the card, its buttons enabled. */
function accountReady(t: typeof TEXTS): number | false {
  const main = document.querySelector('main');
  if (!main || main.querySelector('[role="status"]')) return false;
  const sections = [...main.querySelectorAll('section')];
  const plan = sections.find((section) => section.querySelector('h2')?.textContent === t.myPackage);
  const card = sections.find((section) => section.querySelector('h2')?.textContent === t.payment);
  const buttons = [...main.querySelectorAll('button')];
  const ready =
    !!plan?.checkVisibility() &&
    !!plan.textContent?.includes(t.active) &&
    !!card?.checkVisibility() &&
    /\*{4} \d{4}/.test(card.textContent ?? '') &&
    buttons.some((button) => button.textContent === t.logout) &&
    buttons.every((button) => !button.disabled);
  return ready && performance.now();
}

/** In the page: performance.now() once the payment history shows its list (or that there is none). */
function historyReady(t: typeof TEXTS): number | false {
  const main = document.querySelector('main');
  if (!main || main.querySelector('[role="status"]') || main.querySelector('h1')?.textContent !== t.history)
    return false;
  const list =
    main.querySelector('table') ?? [...main.querySelectorAll('p')].find((p) => p.textContent === t.noPayments);
  return !!list?.checkVisibility() && performance.now();
}

/**
 * A phone's context and page; `quiet` resolves once the page has had no request in flight for half a
 * second (30 s at most).
 */
type Phone = { context: BrowserContext; page: Page; quiet: () => Promise<void> };

/** A phone's browser context, watched by `observe`, and its page. */
async function phone(browser: Browser, storageState?: BrowserContextOptions['storageState']): Promise<Phone> {
  const context = await browser.newContext({ ...PHONE, locale: 'bs-BA', storageState });
  await context.addInitScript(observe);
  const page = await context.newPage();
  let inflight = 0;
  let changed = Date.now();
  const track = (by: number) => () => {
    inflight += by;
    changed = Date.now();
  };
  page.on('request', track(1)).on('requestfinished', track(-1)).on('requestfailed', track(-1));
  const quiet = async () => {
    const deadline = Date.now() + 30_000;
    while ((inflight > 0 || Date.now() - changed < 500) && Date.now() < deadline) await page.waitForTimeout(100);
  };
  return { context, page, quiet };
}

/** Lighthouse's mobile throttling for `page`, from now on. */
async function throttle({ context, page }: Phone): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...NETWORK });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

/** The page's time (performance.now()) of the first animation frame in which `ready` holds. */
async function until(page: Page, ready: Ready): Promise<number> {
  const handle = await page.waitForFunction(ready, TEXTS, { polling: 'raf', timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}

/** What the page did between `t0` and `t1` (its clock): the requests started, the long animation frames. */
function capture(page: Page, t0: number, t1: number): Promise<Run> {
  return page.evaluate(
    ({ t0, t1 }) => {
      // Navigation and resource entries (PerformanceNavigationTiming extends PerformanceResourceTiming).
      const requests = (performance.getEntries() as PerformanceResourceTiming[])
        .filter((e) => e instanceof PerformanceResourceTiming && e.startTime >= t0 && e.startTime <= t1)
        .map((e) => ({
          url: e.name.replace(location.origin, ''),
          type: e.initiatorType,
          start: e.startTime - t0,
          end: e.responseEnd - t0,
          bytes: e.transferSize,
        }));
      const frames = (window as unknown as Bench).__bench.frames
        .filter((f) => f.startTime + f.duration > t0 && f.startTime < t1)
        .map((f) => ({
          start: f.startTime - t0,
          duration: f.duration,
          blocking: f.blockingDuration,
          scripts: f.scripts.map(
            (s) =>
              `${s.sourceURL.replace(location.origin, '')} ${s.sourceFunctionName || s.invoker} ${Math.round(s.duration)} ms`,
          ),
        }));
      return { ms: t1 - t0, requests, frames };
    },
    { t0, t1 },
  );
}

/** `/nalog` opened, throttled, in `at`: from the navigation's start until the account page is ready. */
async function openAccount(at: Phone, url: string): Promise<Run> {
  await throttle(at);
  await at.page.goto(`${url}/nalog`, { waitUntil: 'commit' });
  return capture(at.page, 0, await until(at.page, accountReady));
}

/** Flow 1 for a customer signed in (unthrottled) before: with that visit's HTTP cache, and without it. */
async function returningCustomer(browser: Browser, url: string): Promise<{ warm: Run; cold: Run }> {
  const earlier = await phone(browser);
  let fresh: Phone | undefined;
  try {
    await logIn(earlier.page, url, CUSTOMER.username, CUSTOMER.password);
    await earlier.quiet();
    const storage = await earlier.context.storageState();
    await earlier.page.goto('about:blank');
    const warm = await openAccount(earlier, url);
    fresh = await phone(browser, storage);
    return { warm, cold: await openAccount(fresh, url) };
  } finally {
    await earlier.context.close();
    await fresh?.context.close();
  }
}

/** From a click on `target` (its event time) until `ready` holds. */
async function timeClick(page: Page, target: Locator, ready: Ready): Promise<Run> {
  await target.waitFor();
  const shown = until(page, ready);
  await target.click();
  const t1 = await shown;
  const t0 = await page.evaluate(() => (window as unknown as Bench).__bench.clicks.at(-1) ?? NaN);
  return capture(page, t0, t1);
}

/** Flows 2 and 3 in one context: the login form (first visit, throttled) submitted, then the history link. */
async function loginThenHistory(browser: Browser, url: string): Promise<{ login: Run; history: Run }> {
  const at = await phone(browser);
  try {
    await throttle(at);
    await at.page.goto(`${url}/nalog`);
    await at.page.getByLabel(TEXTS.username).fill(CUSTOMER.username);
    await at.page.getByLabel(TEXTS.password).fill(CUSTOMER.password);
    await at.quiet();
    const login = await timeClick(at.page, at.page.getByRole('button', { name: TEXTS.submit }), accountReady);
    await at.quiet();
    const link = at.page.getByRole('main').getByRole('link', { name: TEXTS.history });
    return { login, history: await timeClick(at.page, link, historyReady) };
  } finally {
    await at.context.close();
  }
}

const FLOWS = [
  '1. account page ready to use, signed in earlier, cold HTTP cache',
  '1. account page ready to use, signed in earlier, warm HTTP cache',
  '2. login submitted → account page with its card',
  '3. account page → payment history shown',
];

/** `RUNS` runs of each flow (FLOWS), each run in fresh browser contexts. */
export async function measureFlows(browser: Browser, url: string): Promise<Flow[]> {
  const runs: Run[][] = FLOWS.map(() => []);
  for (let i = 0; i < RUNS; i += 1) {
    const { warm, cold } = await returningCustomer(browser, url);
    const { login, history } = await loginThenHistory(browser, url);
    [cold, warm, login, history].forEach((run, flow) => runs[flow]!.push(run));
  }
  return FLOWS.map((name, flow) => ({ name, runs: runs[flow]! }));
}

const ms = (value: number) => String(Math.round(value));
const medianRun = (runs: Run[]) => [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;

/**
 * The requests ready waited on, walking back from it: each the last to end before the next one (or ready)
 * started; not images or the favicon (`other`), which nothing waits on, nor answers from the cache.
 */
function chainBack(run: Run): Request[] {
  const chain: Request[] = [];
  let cursor = run.ms;
  for (;;) {
    const last = run.requests
      .filter((r) => !['img', 'other'].includes(r.type) && r.bytes > 0 && r.end <= cursor && !chain.includes(r))
      .sort((a, b) => b.end - a.end)[0];
    if (!last) return chain.reverse();
    chain.push(last);
    cursor = last.start;
  }
}

/** A flow's median run: its requests, the chain back from ready, and its longest animation frames. */
function printRun(flow: Flow): void {
  const run = medianRun(flow.runs);
  const chain = chainBack(run);
  console.log(
    `\n${flow.name}, its median run (${ms(run.ms)} ms): the requests it started (ms from its start; bytes as transferred, 0 = from the cache; * = on the chain back from ready):`,
  );
  console.log('| request | type | start | end | bytes | chain |\n|---|---|---|---|---|---|');
  for (const r of run.requests)
    console.log(
      `| ${r.url} | ${r.type} | ${ms(r.start)} | ${ms(r.end)} | ${r.bytes} | ${chain.includes(r) ? '*' : ''} |`,
    );
  const onNetwork = chain.reduce((sum, r) => sum + r.end - r.start, 0);
  console.log(
    `Chain back from ready: ${chain.length} requests one after another, ${ms(onNetwork)} ms waiting on them, ${ms(run.ms - onNetwork)} ms between them and after the last.`,
  );
  const busy = run.frames.reduce((sum, f) => sum + f.duration, 0);
  const long = run.frames.filter((frame) => frame.duration >= 100).sort((a, b) => a.start - b.start);
  console.log(
    `Long animation frames (≥ 50 ms) until ready: ${run.frames.length}, ${ms(busy)} ms in all; ${long.length ? 'those of 100 ms or more, in order:' : 'none of 100 ms or more.'}`,
  );
  for (const f of long)
    console.log(
      `- at ${ms(f.start)} ms, ${ms(f.duration)} ms (blocking ${ms(f.blocking)} ms): ${f.scripts.join('; ') || 'no script named (parsing, style, layout, paint)'}`,
    );
}

export function printFlows(flows: Flow[]): void {
  console.log(
    `\nSigned-in flows on a phone (${RUNS} runs each, fresh browser contexts; CPU ${CPU_SLOWDOWN}× slower, 1.6 Mbps down, 750 kbps up, ${NETWORK.latency} ms round trip; 412×823 at 1.75×):`,
  );
  console.log('| flow | median (ms) | max (ms) | runs (ms) | target | met |\n|---|---|---|---|---|---|');
  for (const flow of flows) {
    const times = flow.runs.map((run) => run.ms);
    const median = medianRun(flow.runs).ms;
    const max = Math.max(...times);
    const met = max <= TARGET_MS ? 'met' : median <= TARGET_MS ? 'median only' : 'NOT met';
    console.log(
      `| ${flow.name} | ${ms(median)} | ${ms(max)} | ${times.map(ms).join(', ')} | ≤ ${TARGET_MS} ms | ${met} |`,
    );
  }
  for (const flow of flows) printRun(flow);
}
