import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { ROOT } from '../../api/src/cli/freshness';
import { totpCode } from '../../api/src/staff/totp';
import { tempDir } from '../lib/tempDir';
import { launchBrowser, loggedInPage, startPortal, type Portal } from './harness';

/**
 * The support console's API against the portal as `npm start` runs it, with the customer in a real
 * browser: a member of staff made with `npm run staff` signs in with a password and an authenticator
 * code, finds the customer by phone and blocks them, and the customer's open page and next sign-in
 * are refused at once with the support contact; unblocked, they sign in again. (The console's own
 * pages, at /podrska/, come next: docs/decisions/032-support-console.md.)
 */
describe('the support console blocking a customer, as the customer sees it in a browser', () => {
  let portal: Portal;
  let browser: Browser;
  let oneTimePassword = '';
  const staffEmail = 'podrska.admin@ontv.ba';

  before(async () => {
    // `npm run staff` on the data directory the portal then starts on (the embedded database is one process's).
    const dataDir = tempDir('ontv-e2e-support-');
    const added = spawnSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
        path.join(ROOT, 'api', 'src', 'cli', 'staff.ts'),
        'add',
        staffEmail,
        '--role',
        'admin',
        '--name',
        'Lejla Podrška',
      ],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
    );
    assert.equal(added.status, 0, added.stderr);
    oneTimePassword = /shown only now: (\S+)/.exec(added.stdout)?.[1] ?? '';
    assert.ok(oneTimePassword.length >= 20, added.stdout);
    [portal, browser] = await Promise.all([
      startPortal({ name: 'support', env: { DATA_DIR: dataDir, SANDBOX: '1' } }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const call = async (method: string, route: string, token: string | null, body?: unknown) => {
    const response = await fetch(`${portal.url}/api${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };

  it('signs staff in with password and TOTP, blocks a customer found by phone (their page and sign-in refused at once), and unblocks them', async () => {
    // A first sign-in: the one-time password, one of their own, then the authenticator app.
    const login = await call('POST', '/staff/login', null, { email: staffEmail, password: oneTimePassword });
    assert.equal(login.body.next, 'change-password');
    const challenge = login.body.challenge as string;
    assert.equal(
      (await call('POST', '/staff/password', challenge, { newPassword: 'Podrska-Lozinka-2026!' })).status,
      200,
    );
    const setup = await call('POST', '/staff/totp-setup', challenge);
    const signedIn = await call('POST', '/staff/totp', challenge, { code: totpCode(setup.body.secret, new Date()) });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    const staff = signedIn.body.token as string;

    // The customer is signed in in a browser meanwhile.
    const page = await loggedInPage(browser, portal.url, 'aktivna@ontv.ba', { width: 375 });
    const found = await call('POST', '/staff/customers/search', staff, { q: '061 000 002' });
    const customer = found.body.items[0] as { id: number; email: string };
    assert.equal(customer.email, 'aktivna@ontv.ba');

    const blocked = await call('POST', `/staff/customers/${customer.id}/block`, staff, { reason: 'Prijava prevare' });
    assert.equal(blocked.body.status, 'BLOCKED');
    // The open page's next call is refused: the customer is back at the login form.
    await page.goto(`${portal.url}/nalog/uredjaji`);
    await page.getByRole('heading', { name: 'Prijava' }).waitFor();
    await page.getByLabel('E-mail ili broj telefona').fill('aktivna@ontv.ba');
    await page.getByLabel('Lozinka').fill('Demo1234!');
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'Neuspješna prijava. Tvoj nalog je blokiran, pa prijava trenutno nije moguća. Obrati se korisničkoj podršci: 033 000 000 ili podrska@ontv.ba.',
      )
      .waitFor();

    await call('POST', `/staff/customers/${customer.id}/unblock`, staff, { reason: 'Provjereno' });
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
    await page.getByText('AKTIVNA').first().waitFor();

    const trail = await call('GET', `/staff/customers/${customer.id}/audit`, staff);
    assert.deepEqual(
      trail.body.items
        .filter((entry: { action: string }) => !entry.action.startsWith('customer.read'))
        .map((entry: { staffName: string; action: string }) => [entry.staffName, entry.action])
        .reverse(),
      [
        ['Lejla Podrška', 'customer.block'],
        ['Lejla Podrška', 'customer.unblock'],
      ],
    );
    await page.context().close();
  });
});
