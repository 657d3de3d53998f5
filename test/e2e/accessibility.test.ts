import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { expectAccessible, loggedInPage, tabTo, portalAndBrowser } from './harness';

/** Every route of the specification a visitor can open, and the 404 page. */
const PUBLIC_ROUTES = [
  '/',
  '/paketi',
  '/tv-kanali',
  '/videoteke',
  '/faq',
  '/uslovi-placanja',
  '/uslovi-koriscenja',
  '/privacy-policy/',
  '/nalog',
  '/kreiraj-nalog',
  '/kreiraj-nalog/broj-telefona',
  '/kreiraj-nalog/e-mail',
  '/zaboravljena-lozinka',
  '/pretplata-greska',
  '/nema-te-stranice',
];
/** The logged-in routes (the seeded ACTIVE customer). */
const ACCOUNT_ROUTES = [
  '/nalog',
  '/nalog/moje-kartice',
  '/nalog/istorija-uplata',
  '/nalog/promijeni-lozinku',
  '/nalog/promijeni-pin',
  '/nalog/deaktiviraj-ontv',
  '/pretplata-uspjesna',
  '/nalog/placanje-uspjesno',
  '/nalog/placanje-greska',
];

describe('accessibility (axe-core) in a browser', () => {
  const suite = portalAndBrowser({ name: 'a11y' });

  /** Opens a route and waits for its main heading, so axe sees the page, not a loading state. */
  async function open(page: Page, route: string) {
    await page.goto(suite.portal.url + route, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
  }

  it('finds no violation on any public route, on a phone and a desktop', async () => {
    for (const width of [375, 1280]) {
      const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'bs-BA' });
      const page = await context.newPage();
      for (const route of PUBLIC_ROUTES) {
        await open(page, route);
        await expectAccessible(page, `${route} at ${width} px`);
      }
      // The login form with the server's refusal shown.
      await open(page, '/nalog');
      await page.getByLabel('E-mail ili broj telefona').fill('nepoznat@ontv.ba');
      await page.getByLabel('Lozinka').fill('Pogresna123!');
      await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
      await page.getByRole('alert').first().waitFor();
      await expectAccessible(page, `the login form with errors at ${width} px`);
      await context.close();
    }
  });

  it('finds no violation on the account routes, the card dialog, the terms modal and the security-code dialog', async () => {
    const page = await loggedInPage(suite.browser, suite.portal.url, 'aktivna@ontv.ba');
    for (const route of ACCOUNT_ROUTES) {
      await open(page, route);
      await expectAccessible(page, route);
    }

    await open(page, '/nalog/moje-kartice');
    await page.getByRole('button', { name: 'Dodaj karticu' }).click();
    const dialog = page.getByRole('dialog', { name: 'Dodaj karticu' });
    await dialog.getByText('Korak 1 od 4').waitFor();
    await expectAccessible(page, 'the card dialog, step 1');
    await dialog.getByLabel('Ime i prezime').fill('');
    await dialog.getByRole('button', { name: 'Nastavi' }).click();
    await dialog.getByText('Molimo unesite ispravno ime i prezime').waitFor();
    await expectAccessible(page, 'the card dialog, step 1 with errors');
    // Keyboard: Escape closes the dialog and focus returns to the page.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await page.getByRole('dialog').count(), 0);

    await open(page, '/nalog/uredjaji');
    await page.getByRole('list', { name: 'Uređaji' }).waitFor();
    await expectAccessible(page, '/nalog/uredjaji');

    // The subscribe and confirm pages belong to an EXPIRED customer.
    const expired = await loggedInPage(suite.browser, suite.portal.url, 'istekla@ontv.ba', { width: 375 });
    await open(expired, '/pretplati-se?paket=maxon');
    await expectAccessible(expired, '/pretplati-se');
    await expired.getByRole('button', { name: 'uslove korištenja' }).click();
    await expired.getByRole('dialog', { name: 'Uslovi korištenja' }).getByRole('heading').first().waitFor();
    await expectAccessible(expired, 'the terms modal');
    await expired.keyboard.press('Escape');
    await open(expired, '/potvrdi-pretplatu?plan=maxon');
    await expectAccessible(expired, '/potvrdi-pretplatu');

    // The security-code dialog, on the reactivation page of the DEACTIVATED customer whose period ended.
    const demo = await loggedInPage(suite.browser, suite.portal.url, 'deaktivirana.istekla@ontv.ba');
    await open(demo, '/nalog/reaktiviraj-ontv');
    await demo.getByRole('button', { name: 'Plati i reaktiviraj' }).click();
    await demo.getByRole('dialog', { name: 'Sigurnosni kod kartice' }).getByLabel('Sigurnosni kod (CVC)').waitFor();
    await expectAccessible(demo, 'the security-code dialog');
    for (const p of [page, expired, demo]) await p.context().close();
  });

  it('works by keyboard alone: logging in, and a dialog that keeps focus inside and gives it back on Escape', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'bs-BA' });
    const page = await context.newPage();
    await open(page, '/nalog');
    // From the top of the page: Tab until the username field, type, Tab to the password, Enter submits.
    await tabTo(page, page.getByLabel('E-mail ili broj telefona'), 40);
    await page.keyboard.type('aktivna@ontv.ba');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Demo1234!');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();

    await open(page, '/nalog/moje-kartice');
    const opener = page.getByRole('button', { name: 'Dodaj karticu' });
    await opener.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Dodaj karticu' }).getByText('Korak 1 od 4').waitFor();
    const outside: string[] = [];
    for (let i = 0; i < 25; i += 1) {
      // Inside the dialog, or on the document itself (the browser's own controls between two rounds).
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        return !active || active === document.body || active.closest('dialog[open]')
          ? null
          : `${active.tagName} ${active.textContent?.slice(0, 30)}`;
      });
      if (where) outside.push(where);
      await page.keyboard.press('Tab');
    }
    assert.deepEqual(outside, [], 'Tab never leaves the dialog for the page behind it');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.equal(
      await page.evaluate(() => document.activeElement?.textContent?.trim()),
      'Dodaj karticu',
      'focus is back on the button that opened it',
    );
    await context.close();
  });
});
