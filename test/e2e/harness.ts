import { tempDir } from '../lib/tempDir';
import { after, before } from 'node:test';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from '../lib/chromium';
import { freePort, freshDatabase } from '../lib/postgres';
import { copyEmptyPglite } from '../lib/pgliteTemplate';
import { buildStaleApps, ROOT } from '../../api/src/cli/freshness';
import { totpCode } from '../../api/src/staff/totp';
import { REMOTE_NAMES, type OutboxEntry, type RemoteName } from '@portal/shared/contract';

export const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');
/** Every server log of the run is kept here, so a later check can scan them for secrets. */
export const LOG_DIR = path.join(ARTIFACTS, 'logs');

export interface Portal {
  url: string;
  port: number;
  /** The process started (with its children, the API processes). */
  pid: number;
  logFile: string;
  stop(): Promise<void>;
  /** Sends the portal process a signal; answers its exit code once it has exited. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

let built = false;
/** Builds stale apps once, before portals start in parallel (each would otherwise build its own). */
function ensureBuilt(): void {
  if (built) return;
  buildStaleApps();
  built = true;
}

/**
 * Starts the portal exactly as `npm start` does, on a free port with its own data directory (and, unless
 * `env` says otherwise, without the in-server billing schedule).
 */
export async function startPortal(
  options: { env?: Record<string, string>; port?: number; name?: string; nodeArgs?: string[] } = {},
): Promise<Portal> {
  ensureBuilt();
  const port = options.port ?? (await freePort());
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${options.name ?? 'portal'}-${port}-${Date.now()}.log`);
  const log = fs.createWriteStream(logFile);
  const dataDir = tempDir('ontv-e2e-');
  // On the embedded database, an empty one copied (test/lib/pgliteTemplate.ts): the server still migrates and seeds it.
  if (!options.env?.DATABASE_URL && !options.env?.DATA_DIR) await copyEmptyPglite(path.join(dataDir, 'pglite'));
  // With node options (a profiler), one process: tsx as a loader; otherwise tsx's own launcher.
  const runner = options.nodeArgs
    ? [...options.nodeArgs, '--import', 'tsx']
    : [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs')];
  const child: ChildProcess = spawn(process.execPath, [...runner, path.join(ROOT, 'api', 'src', 'cli', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Billing runs when a test asks (POST /api/dev/billing), so seeded states stay as the tests expect.
      BILLING_INTERVAL_MINUTES: '0',
      // Every browser of a test run comes from 127.0.0.1, and load tests register thousands of new
      // numbers: the per-address cap and the portal-wide ceiling on codes have their own API tests.
      CODE_LIMIT_CLIENT: '100000',
      CODE_NEW_DESTINATIONS_HOURLY: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start in 120 s:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes('Portal ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${output}`));
    });
  });

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    logFile,
    kill: async (signal) => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      const code = await exited;
      log.end();
      return code;
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      log.end();
    },
  };
}

/**
 * A suite's portal and browser: started before its first test, stopped after its last. The suite
 * reads them as `suite.portal` and `suite.browser` once its tests run.
 */
export function portalAndBrowser(
  options: Parameters<typeof startPortal>[0] & { engine?: 'pglite' | 'postgres' } = {},
): { readonly portal: Portal; readonly browser: Browser } {
  const suite = {} as { portal: Portal; browser: Browser };
  let database: { url: string; drop: () => Promise<void> } | undefined;
  before(async () => {
    // On PostgreSQL: a fresh database of the test run's server (npm test sets TEST_DATABASE_URL).
    if (options.engine === 'postgres') {
      assert.ok(
        process.env.TEST_DATABASE_URL,
        "TEST_DATABASE_URL names the test run's PostgreSQL server (npm test sets it)",
      );
      database = await freshDatabase(process.env.TEST_DATABASE_URL, 'ontv_e2e');
    }
    const env = { ...options.env, ...(database ? { DATABASE_URL: database.url } : {}) };
    [suite.portal, suite.browser] = await Promise.all([startPortal({ ...options, env }), launchBrowser()]);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.portal?.stop();
    await database?.drop();
  });
  return suite;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

/** Saves a full-page screenshot under test/artifacts/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

export const DEMO = { email: 'demo@ontv.ba', password: 'Demo1234!', name: 'Amra Hodžić', customerNumber: '1000001' };

/**
 * Deploys a remote's build (`dir`) for this page alone: its files are served under `base` (a URL on
 * the portal's origin ending in `/`), and the page's configuration names its manifest there. Answers
 * the files served so far.
 */
export async function withRemoteFrom(page: Page, remote: RemoteName, dir: string, base: string): Promise<string[]> {
  const served: string[] = [];
  const prefix = new URL(base).pathname;
  await page.route(`${base}**`, (route) => {
    const file = path.join(dir, new URL(route.request().url()).pathname.slice(prefix.length));
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    served.push(file);
    return route.fulfill({ path: file, headers: { 'cache-control': 'no-cache' } });
  });
  await page.route('**/portal.config.json', async (route) => {
    try {
      const response = await route.fetch();
      const config = await response.json();
      config.remotes[remote] = `${base}mf-manifest.json`;
      await route.fulfill({ response, json: config });
    } catch {
      // The request went away while its configuration was on the way: the page closed or moved on,
      // and a preload it no longer waits for was dropped ('Response has been disposed'). Nothing is
      // left to answer. A request still waiting fails, and its test sees a page without configuration.
      await route.abort().catch(() => undefined);
    }
  });
  return served;
}

/**
 * A portal root (`PORTAL_ROOT`) of the built apps whose `portal.config.json` names other locations for
 * some remotes, as an operator deploying them elsewhere would edit it: the host's build is copied, the
 * remotes' builds are linked.
 */
export function portalRootWithRemotes(
  name: string,
  remotes: Partial<Record<RemoteName, string>>,
  // As a deployment would, portal.config.json lists the origins the remotes are on (unless told otherwise).
  remoteOrigins: string[] = [
    ...new Set(Object.values(remotes).flatMap((url) => (/^https?:/.test(url) ? [new URL(url).origin] : []))),
  ],
): string {
  ensureBuilt();
  const root = path.join(ARTIFACTS, 'roots', name);
  fs.rmSync(root, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'host', 'dist'), path.join(root, 'host', 'dist'), { recursive: true });
  for (const remote of REMOTE_NAMES) {
    fs.mkdirSync(path.join(root, 'remotes', remote), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'remotes', remote, 'dist'), path.join(root, 'remotes', remote, 'dist'));
  }
  const configFile = path.join(root, 'host', 'dist', 'portal.config.json');
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { remotes: Record<string, string> };
  fs.writeFileSync(
    configFile,
    JSON.stringify({ ...config, remotes: { ...config.remotes, ...remotes }, remoteOrigins }, null, 2),
  );
  // Compressed copies would be served instead of the edited file.
  for (const ext of ['.gz', '.br']) fs.rmSync(configFile + ext, { force: true });
  return root;
}

/** What the sandbox's outbox holds for `to`, newest first. */
export async function outbox(baseUrl: string, to: string): Promise<OutboxEntry[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await response.json()) as OutboxEntry[];
}

/** The one-time code last sent to `to`. */
export async function codeSentTo(baseUrl: string, to: string): Promise<string> {
  const [message] = await outbox(baseUrl, to);
  assert.ok(message?.code, `a code sent to ${to}`);
  return message.code;
}

/** Logs in through the form on `/nalog` (the demo customer unless told otherwise) and waits for the account page. */
export async function logIn(
  page: Page,
  baseUrl: string,
  username: string = DEMO.email,
  password: string = DEMO.password,
): Promise<void> {
  await page.goto(`${baseUrl}/nalog`);
  await page.getByLabel('E-mail ili broj telefona').fill(username);
  await page.getByLabel('Lozinka').fill(password);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
}

/** A new browser context at `width`, logged in as `username` on the account page. */
export async function loggedInPage(
  browser: Browser,
  baseUrl: string,
  username: string,
  options: { password?: string; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'bs-BA',
  });
  const page = await context.newPage();
  await logIn(page, baseUrl, username, options.password);
  return page;
}

/** A member of staff for the console: who they are, and the password they choose at their first sign-in. */
interface Staff {
  email: string;
  name: string;
  password: string;
}

/**
 * `npm run staff -- add …` of an admin on the data directory the portal then starts on (the embedded
 * database is one process's); the one-time password it shows.
 */
export function addAdmin(dataDir: string, staff: Staff): string {
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(ROOT, 'api', 'src', 'cli', 'staff.ts'),
      'add',
      staff.email,
      '--role',
      'admin',
      '--name',
      staff.name,
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  const password = /shown only now: (\S+)/.exec(run.stdout)?.[1] ?? '';
  assert.ok(password.length >= 20, run.stdout);
  return password;
}

/**
 * A new admin's first sign-in to the console at `/podrska/`: the one-time password, one of their own,
 * then a code from the authenticator set up on the spot; waits for the customer search.
 */
export async function firstConsoleSignIn(page: Page, baseUrl: string, staff: Staff, oneTimePassword: string) {
  await page.goto(`${baseUrl}/podrska/`);
  await page.getByLabel('E-mail').fill(staff.email);
  await page.getByLabel('Lozinka').fill(oneTimePassword);
  await page.getByLabel('Lozinka').press('Enter');
  await page.getByLabel('Nova lozinka', { exact: true }).fill(staff.password);
  await page.getByLabel('Ponovi novu lozinku').fill(staff.password);
  await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();
  const secret = ((await page.locator('figcaption code').textContent()) ?? '').trim();
  await page.getByLabel('Kod').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Potvrdi' }).click();
  await page.getByRole('heading', { name: 'Pretraga korisnika' }).waitFor();
}

/** The card dialog from its first step: card-holder data, then the sandbox's card fields. */
export async function addCard(page: Page, number: string, opener = 'Dodaj karticu') {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj karticu' });
  await dialog.getByText('Korak 1 od 4').waitFor();
  await dialog.getByLabel('Ulica i broj').fill('Titova 1');
  await dialog.getByLabel('Grad').fill('Sarajevo');
  await dialog.getByLabel('Poštanski broj').fill('71000');
  assert.equal(await dialog.getByLabel('Država').inputValue(), 'BA');
  await dialog.getByRole('button', { name: 'Nastavi' }).click();
  await dialog.getByText('Korak 2 od 4').waitFor();
  await dialog.getByText('rezervisaćemo 0,10 KM').waitFor();
  const save = dialog.getByRole('button', { name: 'Sačuvaj karticu' });
  assert.equal(await save.isDisabled(), true);
  await dialog.getByLabel('Broj kartice').fill(number);
  await dialog.getByLabel('Datum isteka (MM/GG)').fill('12/30');
  await dialog.getByLabel('CVC', { exact: true }).fill('123');
  await save.click();
  return dialog;
}

/** Presses Tab until `target` has focus (failing after `max` presses), and checks that focus shows. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await target.waitFor();
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      });
      assert.ok(ring, `${target} shows that it has focus`);
      return;
    }
    await page.keyboard.press('Tab');
  }
  assert.fail(`${max} presses of Tab never reached ${target}`);
}

/** axe-core over what the page shows now (WCAG 2.1 A and AA and best practices): no violation allowed. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  assert.deepEqual(found, [], `accessibility of ${where}`);
}
