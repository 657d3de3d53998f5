import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { totpCode } from '../../api/src/support/totp';
import { tempDir } from '../lib/tempDir';
import {
  addAdmin,
  ARTIFACTS,
  expectAccessible,
  launchBrowser,
  loggedInPage,
  expectBooksBalanced,
  startPortal,
  type Portal,
} from './harness';

const STAFF = { email: 'podrska.admin@ontv.ba', name: 'Lejla Podrška', password: 'Podrska-Lozinka-2026!' };
const CUSTOMER = { email: 'aktivna@ontv.ba', phone: '061 000 002', name: 'Emir Begić' };
const SHOTS = path.join(ARTIFACTS, 'screenshots', 'support');

/**
 * The support console (docs/decisions/032-support-console.md) at /podrska/ as `npm start` serves it, in a
 * real browser, with the customer in another: the walk from a new member of staff made with
 * `npm run staff` to a refund the customer's history shows, each step in the audit trail.
 */
describe('the support console, in a browser', () => {
  let portal: Portal;
  let browser: Browser;
  let supportPage: Page;
  let oneTimePassword = '';

  before(async () => {
    const dataDir = tempDir('ontv-e2e-support-');
    oneTimePassword = addAdmin(dataDir, STAFF);
    [portal, browser] = await Promise.all([
      startPortal({ name: 'support', env: { DATA_DIR: dataDir, SANDBOX: '1' } }),
      launchBrowser(),
    ]);
    fs.mkdirSync(SHOTS, { recursive: true });
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'bs-BA' });
    supportPage = await context.newPage();
  });
  after(async () => {
    await browser?.close();
    try {
      if (portal) await expectBooksBalanced(portal);
    } finally {
      await portal?.stop();
    }
  });

  /** The dialog open on the console, by its title. */
  const dialog = (name: string | RegExp) => supportPage.getByRole('dialog', { name });

  it('signs a new member of staff in: the one-time password, one of their own, the QR code and a code', async () => {
    const page = supportPage;
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${portal.url}/podrska/`);
    await page.getByRole('heading', { name: 'Prijava u konzolu podrške' }).waitFor();
    await expectAccessible(page, 'the console sign-in');
    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Lozinka').fill('pogresna-lozinka');
    await page.getByLabel('Lozinka').press('Enter');
    await page.getByRole('alert').getByText('Pogrešan e-mail ili lozinka.').waitFor();
    await page.getByLabel('Lozinka').fill(oneTimePassword);
    await page.getByLabel('Lozinka').press('Enter');

    await page.getByRole('heading', { name: 'Nova lozinka' }).waitFor();
    await page.getByLabel('Nova lozinka', { exact: true }).fill('kratka');
    await page.getByText(/Lozinka mora imati najmanje 12 znakova/).waitFor();
    await page.getByLabel('Nova lozinka', { exact: true }).fill(STAFF.password);
    await page.getByLabel('Ponovi novu lozinku').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sačuvaj lozinku' }).click();

    await page.getByRole('heading', { name: 'Aplikacija za autentifikaciju' }).waitFor();
    await page.getByRole('img', { name: 'QR kod za aplikaciju za autentifikaciju' }).waitFor();
    await expectAccessible(page, 'the authenticator set-up');
    await page.screenshot({ path: path.join(SHOTS, 'totp-setup-1366.png') });
    const secret = ((await page.locator('figcaption code').textContent()) ?? '').trim();
    assert.match(secret, /^[A-Z2-7]{16,}$/);
    await page.getByLabel('Kod').fill('000000');
    await page.getByRole('button', { name: 'Potvrdi' }).click();
    await page
      .getByRole('alert')
      .getByText(/Kod nije tačan/)
      .waitFor();
    await page.getByLabel('Kod').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Potvrdi' }).click();

    await page.getByRole('heading', { name: 'Pretraga korisnika' }).waitFor();
    await page.getByText(`${STAFF.name} (administrator)`).waitFor();
    assert.deepEqual(errors, []);
  });

  it('finds the customer by phone, blocks them (their open page and sign-in refused at once) and unblocks them', async () => {
    const page = supportPage;
    const customer = await loggedInPage(browser, portal.url, CUSTOMER.email, { width: 375 });

    await page.getByLabel(/Telefon, e-mail, ime/).fill(CUSTOMER.phone);
    await page.getByRole('button', { name: 'Traži' }).click();
    await page.getByRole('link', { name: CUSTOMER.name }).click();
    await page.getByRole('heading', { name: CUSTOMER.name, level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Uređaji' }).waitFor();
    // The account remote's devices view, read-only here but for the console's own action.
    await page.getByRole('list', { name: 'Uređaji' }).waitFor();
    await expectAccessible(page, "the console's customer page");

    // By keyboard: the button, the dialog's reason (focused as it opens) and Enter.
    await page.getByRole('button', { name: 'Blokiraj' }).focus();
    await page.keyboard.press('Enter');
    await dialog(`Blokirati korisnika ${CUSTOMER.name}?`).waitFor();
    await expectAccessible(page, 'the block dialog');
    await page.keyboard.type('Prijava prevare');
    await page.keyboard.press('Enter');
    await page.getByText('Korisnik je blokiran i odjavljen sa svih uređaja.').waitFor();
    await page.getByText('Blokiran', { exact: true }).first().waitFor();

    // The customer's open page: its next call is refused, and they are back at the login form.
    await customer.goto(`${portal.url}/nalog/uredjaji`);
    await customer.getByRole('heading', { name: 'Prijava' }).waitFor();
    await customer.getByLabel('E-mail ili broj telefona').fill(CUSTOMER.email);
    await customer.getByLabel('Lozinka').fill('Demo1234!');
    await customer.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await customer
      .getByRole('alert')
      .getByText(
        'Neuspješna prijava. Tvoj nalog je blokiran, pa prijava trenutno nije moguća. Obrati se korisničkoj podršci: 033 000 000 ili podrska@ontv.ba.',
      )
      .waitFor();

    await page.getByRole('button', { name: 'Odblokiraj' }).click();
    await dialog(`Odblokirati korisnika ${CUSTOMER.name}?`).getByLabel('Razlog').fill('Provjereno s korisnikom');
    await dialog(/Odblokirati/)
      .getByRole('button', { name: 'Potvrdi' })
      .click();
    await page.getByText('Korisnik je odblokiran.').waitFor();

    await customer.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await customer.getByRole('heading', { name: 'Moj nalog' }).waitFor();
    await customer.context().close();
  });

  it('refunds half a payment: the customer’s history shows the credit note, and the trail names the member of staff for each step', async () => {
    const page = supportPage;
    // The customer's MaxON renewal (24,90 KM) is charged on its day (what the billing schedule does).
    const billed = await fetch(`${portal.url}/api/dev/billing`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ at: new Date(Date.now() + 21 * 86_400_000).toISOString() }),
    });
    assert.equal(billed.status, 200);
    await page.reload();
    const refund = page.getByRole('button', { name: /^Povrat uplate / });
    await refund.waitFor();
    const order = ((await refund.getAttribute('aria-label')) ?? '').replace('Povrat uplate ', '');

    // Escape closes a dialog and changes nothing.
    await refund.click();
    await dialog(`Povrat uplate ${order}`).waitFor();
    await page.keyboard.press('Escape');
    await dialog(`Povrat uplate ${order}`).waitFor({ state: 'detached' });

    await refund.click();
    const refundDialog = dialog(`Povrat uplate ${order}`);
    await refundDialog.getByText('Najviše: 24,90 KM.', { exact: false }).waitFor();
    await refundDialog.getByLabel('Iznos (KM)').fill('30');
    await refundDialog.getByLabel('Razlog').fill('Prekid usluge');
    await refundDialog.getByLabel('Zadrži uslugu do kraja plaćenog perioda, bez obnove').check();
    await refundDialog.getByRole('button', { name: 'Potvrdi' }).click();
    await refundDialog.getByText(/Povrat ne može biti veći od uplaćenog iznosa: preostalo je 24,90 KM/).waitFor();
    await refundDialog.getByLabel('Iznos (KM)').fill('12,45');
    // Twice clicked is once: one key per dialog.
    await refundDialog.getByRole('button', { name: 'Potvrdi' }).dblclick();
    await page.getByText(`Povrat 12,45 KM je izvršen (knjižna obavijest ${order}-P1).`).waitFor();
    await page.getByText(`Vraćeno 12,45 KM (knjižna obavijest ${order}-P1)`).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'customer-1366.png'), fullPage: true });

    const customer = await loggedInPage(browser, portal.url, CUSTOMER.email, { width: 375 });
    await customer.goto(`${portal.url}/nalog/istorija-uplata`);
    await customer.getByText(`Vraćeno 12,45 KM (knjižna obavijest ${order}-P1)`).waitFor();
    assert.equal(await customer.getByText(/Vraćeno/).count(), 1, 'one refund, though the button was clicked twice');
    await customer.context().close();

    // The customer's trail: every step, by name.
    const trail = page.getByRole('table', { name: 'Zapisi' });
    await trail.getByText('Povrat').waitFor();
    const rows = await trail.locator('tbody tr').allInnerTexts();
    const steps = rows.map((row) => row.split('\t').slice(1, 4).join(' | ')).reverse();
    assert.deepEqual(steps, [
      `${STAFF.name} | Blokada | Prijava prevare`,
      `${STAFF.name} | Deblokada | Provjereno s korisnikom`,
      `${STAFF.name} | Povrat | Prekid usluge`,
    ]);

    // The invoice, as the customer's own view draws it, with the credit note.
    await page.getByRole('link', { name: `Račun ${order}` }).click();
    await page.getByRole('article').getByText(`${order}-P1`).first().waitFor();
    await expectAccessible(page, "the console's invoice");
    await page.getByRole('link', { name: 'Nazad na korisnika' }).click();
    await page.getByRole('heading', { name: CUSTOMER.name, level: 1 }).waitFor();
  });

  it('lists the whole trail for an admin, filtered, and exports it as CSV', async () => {
    const page = supportPage;
    await page.getByRole('link', { name: 'Zapisnik' }).click();
    await page.getByRole('heading', { name: 'Zapisnik', level: 1 }).waitFor();
    await page.getByLabel('ID korisnika').fill('Emir');
    await page.getByRole('button', { name: 'Primijeni' }).click();
    await page.getByText('ID korisnika je broj (vidi adresu stranice korisnika).').waitFor();
    await page.getByLabel('ID korisnika').fill('');
    await page.getByLabel('Radnja').selectOption('payment.refund');
    // The file holds the filter as typed, applied to the list too, without 'Primijeni' first.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Preuzmi CSV' }).click(),
    ]);
    const table = page.getByRole('table', { name: 'Zapisi' });
    await table.getByText('Prekid usluge').waitFor();
    assert.equal(await table.locator('tbody tr').count(), 1);
    await expectAccessible(page, 'the audit trail');
    await page.screenshot({ path: path.join(SHOTS, 'audit-1366.png'), fullPage: true });

    const csv = fs.readFileSync((await download.path())!, 'utf8');
    assert.match(csv, /payment\.refund/);
    assert.match(csv, /Lejla Podrška/);
    assert.doesNotMatch(csv, /customer\.block/, 'the CSV has the list’s filter');

    // On a phone's width the console still reads (an agent on the go), and signing out ends the session.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, 'audit-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'Odjavi se' }).click();
    await page.getByRole('heading', { name: 'Prijava u konzolu podrške' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Prijava u konzolu podrške' }).waitFor();
  });

  it('is none of the customer portal’s: its configuration refuses the console’s remote and no public page links to it', async () => {
    const home = await (await fetch(`${portal.url}/`)).text();
    assert.doesNotMatch(home, /podrska\/|remotes\/support/);
    const config = (await (await fetch(`${portal.url}/portal.config.json`)).json()) as { remotes: object };
    assert.deepEqual(Object.keys(config.remotes).sort(), ['account', 'catalogue', 'onboarding']);
    const page = await (await fetch(`${portal.url}/podrska/kupci/1`)).headers;
    assert.equal(page.get('x-robots-tag'), 'noindex, nofollow');
  });
});
