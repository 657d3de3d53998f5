/**
 * Passkeys in the browser (docs/passkeys.md), with Chromium's virtual authenticator (a platform
 * authenticator that verifies the user at once): one added on the account page, signing out, signing in
 * with it, removing it; on a phone and a desktop, with screenshots to look at. The portal is opened at
 * `localhost`, its PUBLIC_URL: WebAuthn refuses an IP address as the relying party.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../lib/postgres';
import { tempDir } from '../lib/tempDir';
import {
  addAdmin,
  DEMO,
  firstSupportSignIn,
  launchBrowser,
  logIn,
  screenshot,
  startPortal,
  type Portal,
} from './harness';

const STAFF = { email: 'kljuc@operator.ba', name: 'Lejla Ključ', password: 'Konzola-Kljuc-2026!' };

/** A page at `width` whose browser has a passkey authenticator of its own (CDP's WebAuthn domain). */
async function pageWithAuthenticator(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'bs-BA' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return page;
}

/** A full-page screenshot from the top, where the page's fixed header belongs. */
async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Nazad na vrh stranice' }).waitFor({ state: 'detached' });
  await screenshot(page, name);
}

/** The page does not scroll sideways: nothing is wider than a phone's screen. */
async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow}px`);
}

describe('passkeys beside the password', () => {
  let portal: Portal;
  let browser: Browser;
  let base: string;
  let oneTimePassword: string;
  before(async () => {
    const port = await freePort();
    base = `http://localhost:${port}`;
    // The console's admin is added before the start: the embedded database is one process's.
    const dataDir = tempDir('ontv-e2e-passkeys-');
    oneTimePassword = addAdmin(dataDir, STAFF);
    [portal, browser] = await Promise.all([
      startPortal({ name: 'passkeys', port, env: { PUBLIC_URL: base, DATA_DIR: dataDir, SANDBOX: '1' } }),
      launchBrowser(),
    ]);
  });
  after(async () => {
    await browser?.close();
    await portal?.stop();
  });

  // On the phone the username field's autofill signs in (Chromium's virtual authenticator picks the
  // passkey itself, where a person picks it from the field's list); on the desktop a browser without that
  // autofill, where the button does.
  for (const [width, customer, autofill] of [
    [390, DEMO.email, true],
    [1280, 'aktivna@ontv.ba', false],
  ] as const) {
    it(`adds a passkey, signs in with it (${autofill ? 'autofill' : 'the button'}) and removes it at ${width} px`, async () => {
      const page = await pageWithAuthenticator(browser, width);
      if (!autofill)
        await page.addInitScript(() => {
          delete (PublicKeyCredential as { isConditionalMediationAvailable?: unknown }).isConditionalMediationAvailable;
        });
      await logIn(page, base, customer);
      const section = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: 'Pristupni ključevi' }) });
      await section.getByText('Još nemaš pristupnih ključeva.').waitFor();

      await section.getByRole('button', { name: 'Dodaj pristupni ključ' }).click();
      const item = section.getByRole('listitem').filter({ hasText: 'Web (Chrome)' });
      await item.getByText('Još nije korišten').waitFor();
      await expectNoSidewaysScroll(page, `the account page at ${width}px`);
      await screenshotFromTop(page, 'passkeys-added');

      await page.getByRole('button', { name: 'Odjavi se' }).click();
      await page.waitForURL(`${base}/`);
      await page.goto(`${base}/nalog`);
      const username = page.getByLabel('E-mail ili broj telefona');
      assert.equal(await username.getAttribute('autocomplete'), 'username webauthn');
      if (autofill) {
        const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login/passkey');
        assert.equal((await signedIn).status(), 200);
      } else {
        const withPasskey = page.getByRole('button', { name: 'Prijavi se pristupnim ključem' });
        await withPasskey.waitFor();
        await expectNoSidewaysScroll(page, `the login form at ${width}px`);
        await screenshot(page, 'passkeys-login');
        await withPasskey.click();
      }
      await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
      await item.getByText(/Zadnje korištenje/).waitFor();
      await screenshotFromTop(page, 'passkeys-used');

      await section.getByRole('button', { name: 'Ukloni: Web (Chrome)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ukloniti pristupni ključ?' });
      await screenshot(page, 'passkeys-remove');
      await dialog.getByRole('button', { name: 'Da, ukloni' }).click();
      await section.getByText('Još nemaš pristupnih ključeva.').waitFor();

      // The authenticator still holds the key, but the portal no longer knows it.
      await page.getByRole('button', { name: 'Odjavi se' }).click();
      await page.waitForURL(`${base}/`);
      await page.goto(`${base}/nalog`);
      await page.getByRole('button', { name: 'Prijavi se pristupnim ključem' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Prijava pristupnim ključem nije uspjela. Pokušaj ponovo ili se prijavi lozinkom.' })
        .waitFor();
      await screenshot(page, 'passkeys-refused');
      await page.context().close();
    });
  }

  it("confirms the console's sign-in with the member's passkey in place of the code", async () => {
    const page = await pageWithAuthenticator(browser, 1280);
    await firstSupportSignIn(page, base, STAFF, oneTimePassword);
    await page.getByRole('link', { name: 'Pristupni ključevi' }).click();
    await page.getByRole('button', { name: 'Dodaj pristupni ključ' }).click();
    await page.getByRole('list', { name: 'Pristupni ključevi' }).getByText('Još nije korišten').waitFor();
    await screenshot(page, 'passkeys-console');
    await page.getByRole('button', { name: 'Odjavi se' }).click();

    await page.getByLabel('E-mail').fill(STAFF.email);
    await page.getByLabel('Lozinka').fill(STAFF.password);
    await page.getByLabel('Lozinka').press('Enter');
    await page.getByRole('button', { name: 'Potvrdi pristupnim ključem' }).click();
    // Signed in where the member left off: their passkeys' page, the passkey just used.
    await page
      .getByRole('list', { name: 'Pristupni ključevi' })
      .getByText(/Zadnje korištenje/)
      .waitFor();
    await screenshot(page, 'passkeys-console-used');
    assert.equal(await page.getByRole('button', { name: 'Odjavi se' }).isEnabled(), true, 'the shell signs out again');
    await page.context().close();
  });
});
