import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { freePort } from '../lib/postgres';
import { ROOT } from '../../api/src/cli/freshness';
import { APPS, APP_NAMES } from '@portal/shared/contract';
import {
  DEMO,
  launchBrowser,
  logIn,
  portalRootWithRemotes,
  screenshot,
  startPortal,
  type Portal,
  portalAndBrowser,
} from './harness';

const WIDTHS = [375, 1280] as const;

describe('portal in a browser', () => {
  // A short token lifetime lets the test watch a real expiry and refresh.
  const suite = portalAndBrowser({ env: { TOKEN_TTL_SECONDS: '4' } });

  async function newPage(width: number = 1280): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width, height: 800 }, locale: 'bs-BA' });
    return context.newPage();
  }

  it("renders with React 19's production build: every build holds it (the host React DOM's too), and none holds Preact or a development build", () => {
    const versionOf = (pkg: string) =>
      (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string })
        .version;
    const version = versionOf('react');
    assert.match(version, /^19\./);
    assert.equal(
      versionOf('react-dom'),
      version,
      'react and react-dom of one release (React refuses another, error #527)',
    );
    for (const app of APP_NAMES.filter((name) => APPS[name].portal === 'customer').map((name) => APPS[name].dir)) {
      const dir = path.join(ROOT, app, 'dist');
      const maps = fs.readdirSync(dir).filter((file) => file.endsWith('.js.map'));
      const sources = maps.flatMap(
        (file) => (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { sources: string[] }).sources,
      );
      const has = (file: string) => sources.some((source) => source.endsWith(`node_modules/${file}`));
      assert.ok(has('react/cjs/react.production.js'), `${app} holds React's production build`);
      // Remotes take React DOM from the page (they never render a root of their own); the host provides it.
      if (app === 'host')
        assert.ok(has('react-dom/cjs/react-dom-client.production.js'), "the host holds React DOM's production client");
      assert.deepEqual(
        sources.filter((source) => /node_modules\/preact\/|\.development\.js$/.test(source)),
        [],
        `${app} holds no Preact and no development build`,
      );
      // The shipped code names its release (React DOM checks it against React's when the page starts).
      const shipped = maps
        .map((file) => fs.readFileSync(path.join(dir, file.replace(/\.map$/, '')), 'utf8'))
        .join('\n');
      assert.ok(shipped.includes(`"${version}"`), `${app} ships React ${version}`);
    }
  });

  it('runs every app under a strict Content-Security-Policy, and the widget under an own-origin CSP of the page that embeds it', async () => {
    const page = await newPage();
    const violations: string[] = [];
    page.on(
      'console',
      (message) => /Content Security Policy|Refused to/.test(message.text()) && violations.push(message.text()),
    );
    page.on('pageerror', (error) => violations.push(error.message));
    const response = await page.goto(suite.portal.url + '/');
    const csp = response!.headers()['content-security-policy'] ?? '';
    for (const part of ["default-src 'self'", "script-src 'self'", "frame-ancestors 'none'", "object-src 'none'"])
      assert.ok(csp.includes(part), `CSP has ${part}`);
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), 'no inline script or eval');
    assert.equal(response!.headers()['x-content-type-options'], 'nosniff');
    assert.equal(response!.headers()['referrer-policy'], 'strict-origin-when-cross-origin');
    await page.getByRole('heading', { name: 'Televizija koja ide s tobom' }).waitFor();
    for (const [path, ready] of [
      ['/paketi', 'Paketi'],
      ['/tv-kanali', 'TV kanali'],
      ['/kreiraj-nalog', 'Kreiraj nalog'],
    ] as const) {
      await page.goto(suite.portal.url + path);
      await page.getByRole('heading', { level: 1, name: ready }).waitFor();
    }
    await logIn(page, suite.portal.url);
    await page.goto(`${suite.portal.url}/remotes/catalogue/embed/demo.html`);
    await page.locator('tv-paketi').first().getByRole('heading', { name: 'MaxON' }).waitFor();
    await page.locator('tv-paketi.themed').getByText('24,90 KM').waitFor();
    assert.deepEqual(violations, []);
    await page.context().close();
  });

  it('preloads what the host needs first (Link header), and the page uses each preloaded file without fetching it again', async () => {
    for (const [path, remote, ready] of [
      ['/paketi', 'catalogue', (page: Page) => page.getByRole('heading', { level: 1, name: 'Paketi' })],
      ['/nalog', 'account', (page: Page) => page.getByLabel('E-mail ili broj telefona')],
      ['/kreiraj-nalog', 'onboarding', (page: Page) => page.getByRole('heading', { level: 1, name: 'Kreiraj nalog' })],
      ['/ne-postoji', null, (page: Page) => page.getByRole('heading', { level: 1, name: 'Stranica nije pronađena' })],
    ] as const) {
      const page = await newPage();
      const requests: string[] = [];
      const warnings: string[] = [];
      page.on('request', (request: Request) => requests.push(new URL(request.url()).pathname));
      page.on('console', (message) => message.type() !== 'log' && warnings.push(message.text()));
      const response = await page.goto(suite.portal.url + path);
      const header = [...(response!.headers()['link'] ?? '').matchAll(/<([^>]+)>; rel=preload/g)].map(
        (match) => match[1]!,
      );
      // A page that arrives drawn (/paketi, and the host's 404 page) preloads nothing before its first
      // paint: its boot script asks for the same files once the page has painted.
      const boot = /data-preload="([^"]*)"/.exec(await response!.text());
      const linked = boot
        ? (JSON.parse(boot[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Array<{ href: string }>).map(
            (hint) => hint.href,
          )
        : header;
      const drawn = path === '/paketi' || remote === null;
      assert.equal(Boolean(boot), drawn, `${path}: its files are hinted after the first paint`);
      if (boot) assert.deepEqual(header, [], `${path}: nothing competes with the first paint`);
      assert.ok(linked.includes('/portal.config.json'), `${path}: the configuration is preloaded`);
      if (remote) {
        for (const file of ['mf-manifest.json', 'remoteEntry.js'])
          assert.ok(linked.includes(`/remotes/${remote}/${file}`), `${path}: ${file} of ${remote} is preloaded`);
        // The prices' call and the API client (axios) that sends it come in the same round trip as the remote;
        // so does the client on /nalog, whose login form or account page calls soon (decision 046).
        const client = linked.filter((url) => /^\/api-client\.[0-9a-f]+\.js$/.test(url));
        assert.equal(
          client.length,
          path === '/paketi' || path === '/nalog' ? 1 : 0,
          `${path}: the API client is preloaded only with a first call, or on /nalog`,
        );
      } else {
        assert.deepEqual(linked, ['/portal.config.json'], `${path}: no remote owns it`);
      }
      await ready(page).waitFor();
      await page.waitForLoadState('networkidle');
      // Chrome warns when a preload is unused or fetched a second time (a credentials or cache-mode mismatch).
      await page.waitForTimeout(3500);
      for (const url of linked)
        assert.equal(requests.filter((r) => r === url).length, 1, `${path}: ${url} fetched once`);
      assert.deepEqual(
        warnings.filter((text) => /preload/i.test(text)),
        [],
        `${path}: no preload warning`,
      );
      await page.context().close();
    }
  });

  it("says the server cannot be reached when the API client's code does not arrive, and signs in once it does", async () => {
    const page = await newPage(375);
    let blocked = true;
    await page.route(/\/api-client\.[0-9a-f]+\.js$/, (route) => (blocked ? route.abort() : route.continue()));
    await page.goto(`${suite.portal.url}/nalog`);
    await page.getByLabel('E-mail ili broj telefona').fill(DEMO.email);
    await page.getByLabel('Lozinka').fill(DEMO.password);
    await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await page.getByRole('alert').getByText('Server nije dostupan. Provjeri internet vezu i pokušaj ponovo.').waitFor();
    blocked = false;
    await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
    await page.context().close();
  });

  it('shows the 404 page for unknown paths, also inside a remote prefix, with status 404', async () => {
    const page = await newPage();
    for (const path of ['/ne-postoji', '/nalog/ne-postoji']) {
      const response = await page.goto(suite.portal.url + path);
      assert.equal(response?.status(), 404, `${path}: no soft 404`);
      await page.getByRole('heading', { name: 'Stranica nije pronađena' }).waitFor();
      assert.ok(await page.getByRole('banner').isVisible(), 'the header stays');
    }
    await page.context().close();
  });

  it('answers pages with 200, and keeps the account and onboarding areas out of search engines', async () => {
    for (const [path, indexed] of [
      ['/', true],
      ['/paketi', true],
      ['/privacy-policy/', true],
      ['/nalog', false],
      ['/nalog/promijeni-pin', false],
      ['/kreiraj-nalog', false],
    ] as const) {
      const response = await fetch(suite.portal.url + path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('x-robots-tag'), indexed ? null : 'noindex', path);
    }
  });

  it('loads the home page without account or onboarding code', async () => {
    for (const width of WIDTHS) {
      const page = await newPage(width);
      const requests: string[] = [];
      page.on('request', (request: Request) => requests.push(request.url()));
      await page.goto(suite.portal.url + '/');
      await page.getByRole('heading', { name: 'Televizija koja ide s tobom' }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok(
        requests.some((url) => url.includes('/remotes/catalogue/')),
        'catalogue is loaded',
      );
      assert.deepEqual(
        requests.filter((url) => url.includes('/remotes/account/') || url.includes('/remotes/onboarding/')),
        [],
      );
      await screenshot(page, 'home');
      await page.context().close();
    }
  });

  it('logs in, keeps the session over a reload and an expired token, and logs out', async () => {
    const page = await newPage();
    const refreshes: string[] = [];
    page.on('request', (request: Request) => request.url().endsWith('/api/refresh') && refreshes.push(request.url()));

    await page.goto(suite.portal.url + '/nalog');
    await page.getByLabel('E-mail ili broj telefona').waitFor();
    await screenshot(page, 'login');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'login');
    await page.setViewportSize({ width: 1280, height: 800 });
    await logIn(page, suite.portal.url);
    const accountLink = page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: DEMO.name });
    await accountLink.waitFor();
    await page.getByText(DEMO.customerNumber).waitFor();
    await screenshot(page, 'logged-in');

    await page.reload();
    await accountLink.waitFor();
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();

    // Let the short-lived token expire, then reload: the account call gets a 401 and is retried
    // after one transparent refresh.
    const oldToken = await page.evaluate(() => localStorage.getItem('ontv.token'));
    assert.ok(oldToken);
    const exp = JSON.parse(Buffer.from(oldToken.split('.')[1]!, 'base64url').toString()).exp as number;
    await page.waitForFunction((expiry) => Date.now() / 1000 > expiry + 1, exp, { polling: 200, timeout: 15_000 });
    await page.reload();
    await page.waitForFunction(
      (old) => {
        const token = localStorage.getItem('ontv.token');
        return token !== null && token !== old;
      },
      oldToken,
      { polling: 50 },
    );
    // Counted as the refreshed token arrives: the calls that failed together shared one refresh. (Counted
    // later, a slow machine may have let the new 4-second token expire too, and refreshed it again.)
    assert.equal(refreshes.length, 1, 'exactly one refresh');
    await page.getByText(DEMO.customerNumber).waitFor();
    await accountLink.waitFor();

    await page.getByRole('button', { name: 'Odjavi se' }).click();
    await page.waitForURL(suite.portal.url + '/');
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Moj nalog' }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('ontv.token')), null);
    await page.context().close();
  });

  it('shows the logged-in header on a phone', async () => {
    const page = await newPage(375);
    await logIn(page, suite.portal.url);
    await page.getByRole('button', { name: 'Otvori meni' }).click();
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: DEMO.name }).waitFor();
    await screenshot(page, 'logged-in-menu');
    await page.context().close();
  });

  it('explains a broken suite.portal.config.json on the page', async () => {
    const page = await newPage();
    await page.route('**/portal.config.json', (route) =>
      route.fulfill({ contentType: 'application/json', body: '{"apiBaseUrl": 5, "remotes": {}}' }),
    );
    await page.goto(suite.portal.url + '/');
    await page.getByRole('heading', { name: 'Portal nije ispravno podešen' }).waitFor();
    const text = await page.locator('main').innerText();
    assert.match(text, /apiBaseUrl:/);
    assert.match(text, /remotes\.account:/);
    await page.context().close();
  });
});

describe('a remote on a second origin', () => {
  let portal: Portal;
  let remotes: Portal;
  let browser: Browser;

  before(async () => {
    // The portal's configuration names the account remote on the second origin and lists that origin
    // in remoteOrigins, which the CSP allows too, as a deployment would.
    const port = await freePort();
    const root = portalRootWithRemotes('second-origin', {
      account: `http://127.0.0.1:${port}/remotes/account/mf-manifest.json`,
    });
    [portal, remotes, browser] = await Promise.all([
      startPortal({ env: { PORTAL_ROOT: root } }),
      startPortal({ env: { REMOTES_ONLY: '1' }, port, name: 'remotes' }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await Promise.all([portal?.stop(), remotes?.stop()]);
  });

  async function pageWithAccountElsewhere(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    return context.newPage();
  }

  it('loads the account remote across origins (CORS)', async () => {
    const page = await pageWithAccountElsewhere(1280);
    const accountRequests: string[] = [];
    page.on(
      'request',
      (request: Request) => request.url().includes('/remotes/account/') && accountRequests.push(request.url()),
    );
    await page.goto(portal.url + '/nalog');
    await page.getByLabel('E-mail ili broj telefona').waitFor();
    assert.ok(accountRequests.length > 0);
    assert.ok(
      accountRequests.every((url) => url.startsWith(remotes.url)),
      'all account code came from the second origin',
    );
    await page.context().close();
  });

  it('tries a manifest and a remote entry that fail once again by itself, without the visitor retrying', async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const page = await pageWithAccountElsewhere(1280);
      let failures = 0;
      await page.route(`**/remotes/account/${file}*`, (route) =>
        failures++ === 0 ? route.abort('connectionreset') : route.continue(),
      );
      await page.goto(portal.url + '/nalog');
      await page.getByLabel('E-mail ili broj telefona').waitFor();
      assert.equal(failures, 2, `${file}: one failure, then one request that worked`);
      assert.equal(await page.getByRole('button', { name: 'Pokušaj ponovo' }).count(), 0);
      await page.context().close();
    }
  });

  it("refuses a manifest that sends the remote's code to an origin remoteOrigins does not list, before any request goes there", async () => {
    const foreign = `http://localhost:${remotes.port}`; // the same server under another name: another origin
    const page = await pageWithAccountElsewhere(1280);
    const foreignRequests: string[] = [];
    page.on('request', (request: Request) => request.url().startsWith(foreign) && foreignRequests.push(request.url()));
    await page.route('**/remotes/account/mf-manifest.json*', async (route) => {
      const manifest = (await (await route.fetch()).json()) as { metaData: { publicPath: string } };
      manifest.metaData.publicPath = `${foreign}/remotes/account/`;
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify(manifest) });
    });
    const warnings: string[] = [];
    page.on('console', (message) => warnings.push(message.text()));
    await page.goto(portal.url + '/nalog');
    await page.getByRole('alert').getByRole('heading', { name: 'Ovaj dio portala trenutno nije dostupan' }).waitFor();
    assert.deepEqual(foreignRequests, []);
    assert.ok(
      warnings.some((text) => text.includes(`${foreign} is not the portal's origin nor listed in remoteOrigins`)),
      warnings.join('\n'),
    );
    await page.context().close();
  });

  it('explains a portal.config.json that names a remote on an unlisted origin, and loads nothing from it', async () => {
    const page = await pageWithAccountElsewhere(375);
    const remoteRequests: string[] = [];
    page.on(
      'request',
      (request: Request) => request.url().startsWith(remotes.url) && remoteRequests.push(request.url()),
    );
    await page.route('**/portal.config.json', async (route) => {
      const config = (await (await route.fetch()).json()) as Record<string, unknown>;
      await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...config, remoteOrigins: [] }) });
    });
    await page.goto(portal.url + '/nalog');
    await page.getByRole('heading', { name: 'Portal nije ispravno podešen' }).waitFor();
    assert.match(
      await page.locator('main').innerText(),
      new RegExp(`remotes\\.account: ${remotes.url.replace(/[.]/g, '\\.')} is not an allowed origin`),
    );
    assert.deepEqual(remoteRequests, []);
    await screenshot(page, 'config-foreign-origin');
    await page.context().close();
  });

  it('shows an error with retry while the remote is down, and recovers when it is back', async () => {
    const port = remotes.port;
    await remotes.stop();
    for (const width of [375, 1280]) {
      const page = await pageWithAccountElsewhere(width);
      await page.goto(portal.url + '/nalog');
      const alert = page.getByRole('alert');
      await alert.getByRole('heading', { name: 'Ovaj dio portala trenutno nije dostupan' }).waitFor();
      assert.ok(await page.getByRole('banner').isVisible());
      assert.ok(await page.getByRole('contentinfo').isVisible());
      await screenshot(page, 'remote-error');
      await page.context().close();
    }

    const page = await pageWithAccountElsewhere(1280);
    await page.goto(portal.url + '/nalog');
    await page.getByRole('button', { name: 'Pokušaj ponovo' }).waitFor();
    // The rest of the portal keeps working meanwhile.
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Početna' }).click();
    await page.getByRole('heading', { name: 'Televizija koja ide s tobom' }).waitFor();
    await page.goBack();
    await page.getByRole('button', { name: 'Pokušaj ponovo' }).waitFor();

    remotes = await startPortal({ env: { REMOTES_ONLY: '1' }, port, name: 'remotes' });
    await page.getByRole('button', { name: 'Pokušaj ponovo' }).click();
    await page.getByLabel('E-mail ili broj telefona').waitFor();
    await page.context().close();
  });
});
