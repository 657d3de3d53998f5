import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { WEBPACK, ROOT } from '../../api/src/cli/freshness';
import { checkCompatibility } from '../scripts/compat';
import {
  ARTIFACTS,
  DEMO,
  expectAccessible,
  launchBrowser,
  screenshot,
  startPortal,
  withRemoteFrom,
  type Portal,
} from './harness';

const SKEW = path.join(ARTIFACTS, 'skew');
/** The workspace's `@portal/shared` package.json: the release the host runs. */
const SHARED_PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8')) as {
  version: string;
};
/** Where the account remote built against `version` goes. */
const buildOf = (version: string) => path.join(SKEW, `account-${version}`);

/**
 * Builds the account remote as a team deploying it on its own would, against another release of
 * `@portal/shared`: a copy of the package at `version`, into `buildOf(version)`.
 */
async function buildAccountAgainst(version: string): Promise<void> {
  const release = path.join(SKEW, `shared-${version}`);
  const out = buildOf(version);
  fs.rmSync(release, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'shared', 'src'), path.join(release, 'src'), { recursive: true });
  fs.writeFileSync(path.join(release, 'package.json'), JSON.stringify({ ...SHARED_PACKAGE, version }, null, 2));
  const args = [...WEBPACK, '--env', 'app=account', '--env', `sharedFrom=${release}`, '--env', `outDir=${out}`];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`building the account remote against ${version} failed:\n${output}`)),
    );
  });
  const manifest = JSON.parse(fs.readFileSync(path.join(out, 'mf-manifest.json'), 'utf8')) as {
    shared: Array<{ name: string; version: string }>;
  };
  assert.equal(
    manifest.shared.find((s) => s.name === '@portal/shared')?.version,
    version,
    'the build carries the release it was built against',
  );
}

/**
 * The page's console, failed requests and, when `waiting` fails, what its main region showed then: a
 * refusal that never came says what came instead.
 */
function whatThePageSays(page: Page) {
  const events: string[] = [];
  page.on('console', (message) => events.push(`console ${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => events.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => events.push(`failed: ${request.url()} ${request.failure()?.errorText}`));
  return {
    async explainFailureOf(waiting: Promise<void>): Promise<void> {
      try {
        await waiting;
      } catch (error) {
        const shown = await page
          .locator('body')
          .innerText({ timeout: 2000 })
          .catch(() => '(unreadable)');
        throw new Error(`${String(error)}\nThe page showed:\n${shown}\nEvents:\n${events.join('\n')}`);
      }
    },
  };
}

describe('version skew: the account remote built against another release of @portal/shared', () => {
  const current = SHARED_PACKAGE.version;
  const [major, minor] = current.split('.').map(Number) as [number, number];
  const newerMinor = `${major}.${minor + 1}.0`;
  const nextMajor = `${major + 1}.0.0`;
  let portal: Portal;
  let browser: Browser;

  before(async () => {
    fs.mkdirSync(SKEW, { recursive: true });
    await Promise.all([buildAccountAgainst(newerMinor), buildAccountAgainst(nextMajor)]);
    [portal, browser] = await Promise.all([startPortal(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  /**
   * A page of the current portal whose configuration names the account remote built against
   * `version`, deployed under `/skew/<version>/` of the portal's origin (served from the build folder).
   */
  async function pageWithAccountOn(version: string, width = 1280): Promise<{ page: Page; requests: string[] }> {
    const dir = buildOf(version);
    const base = `${portal.url}/skew/${version}/`;
    const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'bs-BA' });
    const page = await context.newPage();
    const requests = await withRemoteFrom(page, 'account', dir, base);
    return { page, requests };
  }

  it('runs a remote built against a newer minor release with the one shared store of the host', async () => {
    const { page, requests } = await pageWithAccountOn(newerMinor);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));

    await page.goto(`${portal.url}/nalog`);
    await page.getByLabel('E-mail ili broj telefona').fill(DEMO.email);
    await page.getByLabel('Lozinka').fill(DEMO.password);
    await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
    assert.ok(
      requests.some((file) => file.endsWith('remoteEntry.js')),
      `the account remote came from its ${newerMinor} build`,
    );

    // The remote logged in through the store; the host's header reads the same store, with no reload.
    const nav = page.getByRole('navigation', { name: 'Glavni meni' });
    await nav.getByRole('link', { name: DEMO.name }).waitFor();

    // The page runs one @portal/shared: the host's, although the remote offered its own newer copy.
    const shared = await page.evaluate(() => {
      const scope = (
        window as unknown as {
          __FEDERATION__: {
            __SHARE__: Record<string, { default: Record<string, Record<string, { loaded?: boolean; from: string }>> }>;
          };
        }
      ).__FEDERATION__.__SHARE__;
      const versions = Object.values(scope).flatMap((s) => Object.entries(s.default['@portal/shared'] ?? {}));
      return versions.map(([version, info]) => ({ version, from: info.from, loaded: Boolean(info.loaded) }));
    });
    assert.deepEqual(
      shared.filter((s) => s.loaded).map((s) => s.version),
      [current],
      `only the host's @portal/shared runs: ${JSON.stringify(shared)}`,
    );
    assert.ok(
      shared.some((s) => s.version === newerMinor),
      'the remote offered its own release',
    );

    // Logging out in the remote is seen by the host's header at once, and by the remote again on its next visit.
    await page.getByRole('button', { name: 'Odjavi se' }).click();
    await page.getByRole('heading', { name: 'Televizija koja ide s tobom' }).waitFor();
    await nav.getByRole('link', { name: 'Moj nalog', exact: true }).click();
    await page.getByLabel('E-mail ili broj telefona').waitFor();
    assert.deepEqual(errors, []);
    await page.context().close();
  });

  it('refuses a remote built against another major release with a clear message in its slot, and the rest of the portal works', async () => {
    for (const width of [375, 1280]) {
      const { page } = await pageWithAccountOn(nextMajor, width);
      const seen = whatThePageSays(page);
      await page.goto(`${portal.url}/nalog`);
      const alert = page.getByRole('alert');
      await seen.explainFailureOf(alert.getByRole('heading', { name: 'Ovaj dio portala se upravo ažurira' }).waitFor());
      await alert.getByText('Osvježi stranicu za nekoliko minuta. Ostatak portala radi normalno.').waitFor();
      assert.ok(await page.getByRole('banner').isVisible(), 'the header stays');
      assert.ok(await page.getByRole('contentinfo').isVisible(), 'the footer stays');
      await expectAccessible(page, `account remote refused (${width} px)`);
      await screenshot(page, 'version-skew-refused');

      // The button reloads the page (a newer portal may be out by then); this one still refuses the remote.
      const reloaded = page.waitForEvent('load');
      await alert.getByRole('button', { name: 'Osvježi stranicu' }).click();
      await reloaded;
      await alert.getByRole('heading', { name: 'Ovaj dio portala se upravo ažurira' }).waitFor();

      if (width < 800) await page.getByRole('button', { name: 'Otvori meni' }).click();
      await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Paketi' }).click();
      await page.getByRole('heading', { level: 1, name: 'Paketi' }).waitFor();
      await page.goto(`${portal.url}/kreiraj-nalog`);
      await page.getByRole('heading', { level: 1, name: 'Kreiraj nalog' }).waitFor();
      await page.context().close();
    }
  });

  it("the compatibility check (npm run compat) passes the newer minor build against this host and the other remotes, and fails the next major's", async () => {
    const passed = await checkCompatibility(browser, portal.url, 'account', buildOf(newerMinor));
    assert.deepEqual(
      passed.filter((r) => !r.ok),
      [],
      'every smoke check passes',
    );
    assert.ok(
      passed.filter((r) => r.name === 'login form').every((r) => r.served > 0),
      'the account pages came from the build checked',
    );

    const failed = await checkCompatibility(browser, portal.url, 'account', buildOf(nextMajor));
    const login = failed.find((r) => r.name === 'login form');
    assert.equal(login?.ok, false);
    assert.match(login?.problem ?? '', /Ovaj dio portala se upravo ažurira/);
    assert.ok(
      failed.filter((r) => r.name === 'home').every((r) => r.ok),
      "the catalogue's pages still pass: the report names what broke",
    );
  });
});
