import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { isoDay } from '../../api/src/days';
import { ROOT } from '../../api/src/cli/freshness';
import { tempDir } from '../lib/tempDir';
import { codeSentTo, launchBrowser, loggedInPage, screenshot, startPortal, type Portal } from './harness';

const PASSWORD = 'Vaucer-Pretplata-2026!';
const device = {
  deviceType: 'PHONE',
  deviceUsername: 'web-subscribe-voucher-aaaaaa',
  devicePassword: 's'.repeat(64),
  deviceName: 'Web (Chromium)',
  osType: 1,
};

/**
 * `npm run vouchers -- issue` of a StartON batch on the data directory the portal then starts on (the
 * embedded database is one process's): the batch's codes, as a kiosk sells them.
 */
function issueStartOnVouchers(dataDir: string, count: number): string[] {
  const out = path.join(dataDir, 'batch.csv');
  const run = spawnSync(
    process.execPath,
    [
      path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      path.join(ROOT, 'api', 'src', 'cli', 'vouchers.ts'),
      'issue',
      ...['--package', 'starton', '--months', '1', '--count', String(count)],
      ...['--valid-until', isoDay(new Date(), 365), '--label', 'Kiosk Mostar', '--out', out],
    ],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, SANDBOX: '1' }, encoding: 'utf8' },
  );
  assert.equal(run.status, 0, run.stderr);
  const lines = fs.readFileSync(out, 'utf8').trim().split('\r\n').slice(1);
  return lines.map((line) => JSON.parse(line.split(',')[0]!) as string);
}

/**
 * A customer holding a StartON voucher and no card subscribes where customers subscribe: /paketi →
 * StartON → 'PRETPLATI SE' → the code on the subscribe page, the terms, 'Pretplati se vaučerom'
 * (docs/vouchers.md), at a phone's width and a desktop's.
 */
describe('subscribing with a voucher on the subscribe page, in a browser', () => {
  let portal: Portal;
  let browser: Browser;
  let codes: string[] = [];

  before(async () => {
    const dataDir = tempDir('ontv-e2e-subscribe-voucher-');
    codes = issueStartOnVouchers(dataDir, 2);
    [portal, browser] = await Promise.all([
      startPortal({ name: 'subscribe-voucher', env: { DATA_DIR: dataDir, SANDBOX: '1' } }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  async function api(route: string, body: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${portal.url}/api${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** A new customer registered by e-mail (the wizard's calls), without a card. */
  async function register(email: string): Promise<void> {
    const started = await api('/start-registration', { ...device, registrationType: 'EMAIL', username: email });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const identificator = started.body.data as string;
    const mailCode = await codeSentTo(portal.url, email);
    assert.equal((await api('/approve/mail', { identificator, mailCode })).status, 200);
    const continued = await api('/continue-registration', {
      registrationType: 'EMAIL',
      identificator,
      osType: 1,
      password: PASSWORD,
      firstName: 'Edin',
      lastName: 'Mehić',
      secondaryUsername: '',
      requireOtp: false,
    });
    assert.equal(continued.status, 200, JSON.stringify(continued.body));
    assert.equal((await api('/finish-registration', { identificator })).status, 200);
  }

  for (const [i, width] of [390, 1366].entries()) {
    it(`subscribes to StartON with a voucher code and no card at ${width} px`, async () => {
      const email = `vaucer.pretplata.${randomUUID().slice(0, 8)}@example.ba`;
      await register(email);
      const page = await loggedInPage(browser, portal.url, email, { password: PASSWORD, width });

      await page.goto(`${portal.url}/paketi`);
      await page.getByRole('link', { name: 'PRETPLATI SE: StartON' }).click();
      await page.waitForURL(/\/pretplati-se\?paket=starton/);
      await page.getByRole('heading', { name: 'StartON' }).waitFor();
      // No card: the card's way stays closed, the voucher's is offered beside it.
      await page.getByText('Nemaš sačuvanih kartica').waitFor();
      const voucher = page.getByRole('region', { name: 'Plaćanje vaučerom' });
      await voucher.getByLabel('Kod vaučera').fill(codes[i]!.toLowerCase());
      await voucher.getByRole('button', { name: 'Iskoristi vaučer' }).click();
      await voucher.getByText('Vaučer je iskorišten: tvom kreditu dodano je 1 mjesec paketa StartON.').waitFor();
      await voucher.getByText('Kredit za paket StartON: preostao 1 mjesec.').waitFor();

      const withVoucher = voucher.getByRole('button', { name: 'Pretplati se vaučerom' });
      assert.equal(await withVoucher.isDisabled(), true, 'the terms come first, as for a card');
      await page.getByRole('checkbox', { name: 'Prihvatam uslove korištenja' }).check();
      await page.getByRole('checkbox', { name: 'Prihvatam uslove plaćanja i politiku privatnosti' }).check();
      await screenshot(page, 'subscribe-voucher-ready');
      await withVoucher.click();

      await page.waitForURL(/\/pretplata-uspjesna$/);
      await page.getByRole('heading', { name: 'Pretplata je aktivirana' }).waitFor();
      await screenshot(page, 'subscribe-voucher-done');

      // The account says so: the package runs, paid with the voucher, with no card saved.
      await page.goto(`${portal.url}/nalog`);
      const mine = page.locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) });
      await mine.getByText('AKTIVNA', { exact: true }).waitFor();
      await mine.getByText('StartON').first().waitFor();
      await page.getByText('Nemaš sačuvanih kartica').waitFor();
      await page.context().close();
    });
  }
});
