import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { formatDate } from '@portal/shared/format';
import { addMonth, isoDay } from '../../api/src/days';
import { tempDir } from '../lib/tempDir';
import {
  addAdmin,
  codeSentTo,
  firstSupportSignIn,
  launchBrowser,
  loggedInPage,
  outbox,
  screenshot,
  expectBooksBalanced,
  startPortal,
  type Portal,
} from './harness';

const STAFF = { email: 'vauceri.admin@ontv.ba', name: 'Lejla Podrška', password: 'Podrska-Lozinka-2026!' };
const PASSWORD = 'Vaucer-Kupac-2026!';
const device = {
  deviceType: 'ontv',
  deviceUsername: 'web-vouchers-aaaaaaaaaaaaaa',
  devicePassword: 'v'.repeat(64),
  deviceName: 'Web (Chromium)',
};

/**
 * Prepaid vouchers end to end (docs/vouchers.md), as `npm start` serves them: an admin issues a batch in
 * the console and downloads its CSV; a new customer without a card redeems a code, subscribes with it
 * and sees the credit and the voucher on the invoice; the billing pass takes the next month from the
 * credit and the one after from the card; a gift bought by card arrives by e-mail and a second customer
 * redeems it.
 */
describe('vouchers, in a browser', () => {
  let portal: Portal;
  let browser: Browser;
  let oneTimePassword = '';
  let codes: string[] = [];
  const today = isoDay(new Date());

  before(async () => {
    const dataDir = tempDir('ontv-e2e-vouchers-');
    oneTimePassword = addAdmin(dataDir, STAFF);
    [portal, browser] = await Promise.all([
      startPortal({ name: 'vouchers', env: { DATA_DIR: dataDir, SANDBOX: '1' } }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    try {
      if (portal) await expectBooksBalanced(portal);
    } finally {
      await portal?.stop();
    }
  });

  async function api(method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(`${portal.url}/api${route}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  /** A customer registers by e-mail with the code in the outbox (no card): the registration wizard's calls. */
  async function register(email: string): Promise<void> {
    const started = await api('POST', '/start-registration', {
      ...device,
      deviceType: 'PHONE',
      osType: 1,
      registrationType: 'EMAIL',
      username: email,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const identificator = started.body.data as string;
    const mailCode = await codeSentTo(portal.url, email);
    assert.equal((await api('POST', '/approve/mail', { identificator, mailCode })).status, 200);
    const continued = await api('POST', '/continue-registration', {
      registrationType: 'EMAIL',
      identificator,
      osType: 1,
      password: PASSWORD,
      firstName: 'Selma',
      lastName: 'Kovač',
      secondaryUsername: '',
      requireOtp: false,
    });
    assert.equal(continued.status, 200, JSON.stringify(continued.body));
    assert.equal((await api('POST', '/finish-registration', { identificator })).status, 200);
  }

  /** The billing pass at 06:00 on `day`, through the sandbox's trigger. */
  async function billAt(day: string) {
    const billed = await api('POST', '/dev/billing', { at: `${day}T06:00:00Z` });
    assert.equal(billed.status, 200, JSON.stringify(billed.body));
  }

  const paymentSection = (page: Page) =>
    page.locator('section', { has: page.getByRole('heading', { name: 'Plaćanje' }) });

  /** Redeems `code` on the account page and waits for its answer. */
  async function redeem(page: Page, code: string) {
    const section = paymentSection(page);
    await section.getByLabel('Kod vaučera').fill(code);
    await section.getByRole('button', { name: 'Iskoristi vaučer' }).click();
    await section
      .getByRole('status')
      .getByText(/Vaučer je iskorišten/)
      .waitFor();
  }

  /** The card dialog for a customer who registered by e-mail: the holder's phone too, then a Visa 4242. */
  async function addFirstCard(page: Page) {
    await page.getByRole('button', { name: 'Dodaj karticu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj karticu' });
    await dialog.getByText('Korak 1 od 4').waitFor();
    await dialog.getByLabel('Ulica i broj').fill('Titova 1');
    await dialog.getByLabel('Grad').fill('Sarajevo');
    await dialog.getByLabel('Poštanski broj').fill('71000');
    await dialog.getByLabel('Broj telefona').fill('061555666');
    await dialog.getByRole('button', { name: 'Nastavi' }).click();
    await dialog.getByText('Korak 2 od 4').waitFor();
    await dialog.getByLabel('Broj kartice').fill('4242424242424242');
    await dialog.getByLabel('Datum isteka (MM/GG)').fill('12/30');
    await dialog.getByLabel('CVC', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Sačuvaj karticu' }).click();
    return dialog;
  }

  it('lets an admin issue a batch in the console and download its CSV', async () => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'bs-BA',
      acceptDownloads: true,
    });
    const page = await context.newPage();
    await firstSupportSignIn(page, portal.url, STAFF, oneTimePassword);

    await page.getByRole('navigation').getByRole('link', { name: 'Vaučeri' }).click();
    await page.getByRole('button', { name: 'Izdaj seriju' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova serija vaučera' });
    await dialog.getByRole('radio', { name: 'StartON' }).check();
    await dialog.getByLabel('Broj mjeseci').fill('2');
    await dialog.getByLabel('Broj vaučera').fill('3');
    await dialog.getByLabel('Važi do (GGGG-MM-DD)').fill(isoDay(new Date(), 365));
    await dialog.getByLabel('Oznaka (npr. prodajno mjesto)').fill('Kiosk Sarajevo');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Potvrdi' }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'vauceri-serija-1.csv');
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    assert.equal(lines[0], 'kod,paket,mjeseci,vazi_do,oznaka,serija');
    codes = lines.slice(1).map((line) => JSON.parse(line.split(',')[0]!) as string);
    assert.equal(codes.length, 3);
    for (const code of codes) assert.match(code, /^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
    await page.getByText('Izdato 3 vaučera (serija 1). CSV je preuzet.').waitFor();
    await screenshot(page, 'console-vouchers');
    await context.close();
  });

  it('lets a new customer without a card subscribe with a code; the credit pays the next month and the card the one after', async () => {
    assert.equal(codes.length, 3, 'the batch of the test before');
    const email = `vaucer.${randomUUID().slice(0, 8)}@example.ba`;
    await register(email);
    const page = await loggedInPage(browser, portal.url, email, { password: PASSWORD });
    const section = paymentSection(page);
    await redeem(page, codes[0]!.toLowerCase());
    await section.getByText('Kredit za paket StartON: preostala 2 mjeseca.').waitFor();
    await section.getByRole('button', { name: 'Pretplati se vaučerom' }).click();
    // The account page asks again: the package is active and a month of the credit is gone.
    await page
      .locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) })
      .getByText('AKTIVNA', { exact: true })
      .waitFor();
    const due = addMonth(today);
    await section.getByText('Kredit za paket StartON: preostao 1 mjesec.').waitFor();
    await section.getByText(`Kad se kredit potroši, kartica će biti terećena ${formatDate(addMonth(due))}`).waitFor();
    await screenshot(page, 'account-voucher-credit');

    // The voucher is the means of payment in the history, and the invoice names it as the real means.
    const means = `Vaučer …${codes[0]!.slice(-4)}`;
    await page.goto(`${portal.url}/nalog/istorija-uplata`);
    await page.getByRole('row').nth(1).getByText(means).waitFor();
    await page.getByRole('row').nth(1).getByRole('link').first().click();
    await page.getByText(`Način plaćanja: Vaučerom …${codes[0]!.slice(-4)}`).waitFor();
    await screenshot(page, 'invoice-voucher');

    // The renewal due next month takes the month of credit left; the card saved meanwhile pays the one after.
    await billAt(due);
    await page.goto(`${portal.url}/nalog/moje-kartice`);
    const dialog = await addFirstCard(page);
    await dialog.getByRole('heading', { name: 'Čestitamo' }).waitFor();
    await dialog.getByRole('button', { name: 'Zatvori', exact: true }).last().click();
    await billAt(addMonth(due));
    const receipts = (await outbox(portal.url, email)).map((m) => m.text).filter((t) => t.includes('produžena'));
    assert.equal(receipts.length, 2, receipts.join('\n'));
    assert.match(receipts[1]!, new RegExp(`vaučerom …${codes[0]!.slice(-4)}`));
    assert.match(receipts[0]!, /s kartice \*\*\*\* \*\*\*\* \*\*\*\* 4242/);
    await page.goto(`${portal.url}/nalog/istorija-uplata`);
    await page.getByRole('row').nth(1).getByText('**** **** **** 4242').waitFor();
    assert.equal(await page.getByRole('row').filter({ hasText: means }).count(), 2);
    await page.context().close();
  });

  it('sends a gift bought by card by e-mail, and a second customer redeems it', async () => {
    const friend = `poklon.${randomUUID().slice(0, 8)}@example.ba`;
    const buyer = await loggedInPage(browser, portal.url, 'aktivna@ontv.ba');
    await buyer.getByRole('button', { name: 'Kupi vaučer na poklon' }).click();
    const form = buyer.getByRole('form', { name: 'Pokloni vaučer' });
    await form.getByLabel('Paket').selectOption('starton');
    await form.getByLabel('Broj mjeseci').fill('3');
    await form.getByLabel('E-mail ili broj mobitela primaoca').fill(friend);
    await form.getByLabel('Tvoja poruka (nije obavezna)').fill('Sretan rođendan!');
    await form.getByText('Ukupno: 44,70 KM').waitFor();
    await form.getByRole('button', { name: 'Plati poklon' }).click();
    const modal = buyer.getByRole('dialog', { name: 'Sigurnosni kod kartice' });
    await modal.getByLabel('Sigurnosni kod (CVC)').fill('123');
    await modal.getByRole('button', { name: 'Plati 44,70 KM' }).click();
    await buyer.getByText(`Plaćeno. Kod vaučera je poslan na ${friend}.`).waitFor();
    await screenshot(buyer, 'account-gift-sent');

    const [sent] = await outbox(portal.url, friend);
    assert.match(sent?.text ?? '', /ti poklanja 3 mjeseca paketa StartON/);
    assert.match(sent?.text ?? '', /Poruka: „Sretan rođendan!“$/);
    assert.ok(sent?.code);
    const [receipt] = await outbox(portal.url, 'aktivna@ontv.ba');
    assert.match(receipt?.text ?? '', /poklon vaučer za 3 mjeseca paketa StartON je plaćen/);
    await buyer.goto(`${portal.url}/nalog/istorija-uplata`);
    await buyer.getByRole('row').filter({ hasText: '44,70 KM' }).first().waitFor();
    await buyer.context().close();

    await register(friend);
    const page = await loggedInPage(browser, portal.url, friend, { password: PASSWORD });
    await redeem(page, sent!.code!);
    const section = paymentSection(page);
    await section.getByText('Kredit za paket StartON: preostala 3 mjeseca.').waitFor();
    // The gift was invoiced to its buyer: the month it pays has no invoice of its own.
    await section.getByRole('button', { name: 'Pretplati se vaučerom' }).click();
    await section.getByText('Kredit za paket StartON: preostala 2 mjeseca.').waitFor();
    await page.goto(`${portal.url}/nalog/istorija-uplata`);
    const month = page.getByRole('row').nth(1);
    await month.getByText(`Plaćeno vaučerom …${sent!.code!.slice(-4)}`).waitFor();
    assert.equal(await month.getByRole('link').count(), 0);
    await screenshot(page, 'history-gift-month');
    await page.context().close();
  });
});
