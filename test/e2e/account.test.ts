import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, loggedInPage, screenshot, portalAndBrowser } from './harness';

const PASSWORD = 'Demo1234!';

/** The account page's own code (its chunk, named in remotes/account/src/account/prepare.ts). */
const ACCOUNT_PAGE_CODE = /\/remotes\/account\/account-page\.[0-9a-f]+\.js$/;
/** The account page's two reads. */
const ACCOUNT_READS = [/\/api\/ontv\/accountInfo$/, /\/api\/customer\/payment-data$/];

/** Whether `page` asks for a URL matching `url` within 10 s. */
const asks = (page: Page, url: RegExp): Promise<boolean> =>
  page.waitForRequest(url, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );

/** Holds the account page's code in `page` until `until` has settled; tells whether it was asked for. */
async function holdAccountPageCode(page: Page, until: Promise<unknown>): Promise<() => boolean> {
  let held = false;
  await page.route(ACCOUNT_PAGE_CODE, async (route) => {
    held = true;
    await until;
    await route.continue();
  });
  return () => held;
}

describe('account area in a browser', () => {
  const suite = portalAndBrowser({ name: 'account' });

  const loggedIn = (username: string, password = PASSWORD, width = 1280) =>
    loggedInPage(suite.browser, suite.portal.url, username, { password, width });

  const STATES = [
    {
      user: 'aktivna@ontv.ba',
      label: 'AKTIVNA',
      action: ['Deaktiviraj pretplatu', '/nalog/deaktiviraj-ontv'],
      card: '4242',
    },
    {
      user: 'deaktivirana@ontv.ba',
      label: 'DEAKTIVIRANA',
      action: ['Reaktiviraj pretplatu', '/nalog/reaktiviraj-ontv-bez-placanja'],
      card: '5454',
    },
    {
      user: 'deaktivirana.istekla@ontv.ba',
      label: 'DEAKTIVIRANA',
      action: ['Reaktiviraj pretplatu', '/nalog/reaktiviraj-ontv'],
      card: '0005',
    },
    { user: 'blokirana@ontv.ba', label: 'BLOKIRANA', action: null, card: '1881' },
    { user: 'istekla@ontv.ba', label: 'ISTEKLA', action: null, card: null },
    { user: 'demo@ontv.ba', label: null, action: null, card: null },
  ] as const;

  it('shows each seeded state with its label, actions and payment section', async () => {
    for (const state of STATES) {
      const page = await loggedIn(state.user, PASSWORD, state.user === 'aktivna@ontv.ba' ? 375 : 1280);
      const plan = page.locator('section', { has: page.getByRole('heading', { name: 'Moj paket' }) });
      if (state.label) await plan.getByText(state.label, { exact: true }).waitFor();
      else await plan.getByText('Nemaš aktiviran paket').waitFor();
      if (state.label === 'ISTEKLA')
        assert.equal(await plan.getByRole('link', { name: 'Obnovi pretplatu' }).getAttribute('href'), '/paketi');
      for (const name of ['Deaktiviraj pretplatu', 'Reaktiviraj pretplatu']) {
        const link = page.getByRole('link', { name });
        if (state.action?.[0] === name) assert.equal(await link.getAttribute('href'), state.action[1], state.user);
        else assert.equal(await link.count(), 0, `${state.user}: no ${name}`);
      }
      const payment = page.locator('section', { has: page.getByRole('heading', { name: 'Plaćanje' }) });
      if (state.card) await payment.getByText(`**** **** **** ${state.card}`).waitFor();
      else await payment.getByText('Nemaš sačuvanih kartica').waitFor();
      await screenshot(page, `account-${state.user.split('@')[0]}`);
      await page.context().close();
    }
  });

  it('changes the PIN: a wrong old PIN is refused, the right one works', async () => {
    const page = await loggedIn('blokirana@ontv.ba');
    await page.getByRole('link', { name: 'Promijeni PIN' }).click();
    await page.getByRole('heading', { name: 'Promjena PIN-a' }).waitFor();
    // The portal does not keep the PIN the login answers; the test asks the API for it on another device.
    const login = await page.request.post(`${suite.portal.url}/api/login`, {
      data: {
        username: 'blokirana@ontv.ba',
        password: PASSWORD,
        deviceType: 'ontv',
        deviceUsername: 'web-e2e-pin-aaaaaaaaaaaaaaa',
        devicePassword: 'c'.repeat(64),
        deviceName: 'e2e',
      },
    });
    const currentPin = ((await login.json()) as { pin: string }).pin;
    const wrong = currentPin === '0000' ? '1111' : '0000';

    await page.getByLabel('Stari PIN', { exact: true }).fill(wrong);
    await page.getByLabel('Novi PIN', { exact: true }).fill('2468');
    await page.getByLabel('Potvrdi novi PIN').fill('2468');
    await page.getByRole('button', { name: 'Promijeni PIN' }).click();
    await page.getByText('Uneseni PIN je netačan').waitFor();
    await screenshot(page, 'account-pin-wrong');

    await page.getByLabel('Stari PIN', { exact: true }).fill(currentPin);
    await page.getByRole('button', { name: 'Promijeni PIN' }).click();
    await page.getByRole('heading', { name: 'PIN je promijenjen' }).waitFor();
    await page.context().close();
  });

  it('changes the password, then logs in with the new one only', async () => {
    const page = await loggedIn('deaktivirana.istekla@ontv.ba');
    await page.getByRole('link', { name: 'Promijeni lozinku' }).click();
    await page.getByLabel('Stara lozinka').fill(PASSWORD);
    await page.getByLabel('Nova lozinka').fill('Sasvim1Nova!');
    await page.getByLabel('Potvrdi novu lozinku').fill('Sasvim1Nova!');
    await page.getByRole('button', { name: 'Promijeni lozinku' }).click();
    await page.getByRole('heading', { name: 'Lozinka je promijenjena' }).waitFor();
    await page.context().close();

    const context = await suite.browser.newContext();
    const fresh = await context.newPage();
    await fresh.goto(`${suite.portal.url}/nalog`);
    await fresh.getByLabel('E-mail ili broj telefona').fill('deaktivirana.istekla@ontv.ba');
    await fresh.getByLabel('Lozinka').fill(PASSWORD);
    await fresh.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await fresh.getByText('Neuspješna prijava').waitFor();
    await context.close();
    await (await loggedIn('deaktivirana.istekla@ontv.ba', 'Sasvim1Nova!')).context().close();
  });

  it('deactivates, then reactivates without payment', async () => {
    const page = await loggedIn('aktivna@ontv.ba');
    await page.getByRole('link', { name: 'Deaktiviraj pretplatu' }).click();
    await page.getByText(/Uslugu možeš koristiti do kraja obračunskog perioda/).waitFor();
    await page.getByRole('button', { name: 'Deaktiviraj' }).click();
    await page.getByRole('heading', { name: 'Pretplata je deaktivirana' }).waitFor();
    await page.getByRole('link', { name: 'Nazad na moj nalog' }).click();
    await page.getByText('DEAKTIVIRANA', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Reaktiviraj pretplatu' }).click();
    await page.waitForURL(/\/nalog\/reaktiviraj-ontv-bez-placanja$/);
    await page.getByRole('button', { name: 'Reaktiviraj' }).click();
    await page.getByRole('heading', { name: 'Pretplata je ponovo aktivna' }).waitFor();
    await page.getByRole('link', { name: 'Nazad na moj nalog' }).click();
    await page.getByText('AKTIVNA', { exact: true }).waitFor();
    await page.context().close();
  });

  it("asks for a returning customer's account data beside the account page's code, not after it", async () => {
    const page = await loggedIn(DEMO.email);
    const reads = Promise.all(ACCOUNT_READS.map((url) => asks(page, url)));
    const held = await holdAccountPageCode(page, reads);
    await page.reload();
    assert.deepEqual(await reads, [true, true], "both reads asked for while the page's code was on its way");
    await page.getByText('Nemaš aktiviran paket').waitFor();
    assert.ok(held(), "the page's code came through the hold");
    await page.context().close();
  });

  it("fetches the account page's code while the customer types, and its data with the login's answer", async () => {
    const page = await (await suite.browser.newContext({ locale: 'bs-BA' })).newPage();
    const reads = Promise.all(ACCOUNT_READS.map((url) => asks(page, url)));
    await holdAccountPageCode(page, reads);
    await page.goto(`${suite.portal.url}/nalog`);
    const code = asks(page, ACCOUNT_PAGE_CODE);
    await page.getByLabel('E-mail ili broj telefona').fill(DEMO.email);
    assert.ok(await code, "the page's code is asked for at the first keystroke, before the login");
    await page.getByLabel('Lozinka').fill(DEMO.password);
    await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    assert.deepEqual(await reads, [true, true], "both reads asked for before the page's code arrived");
    await page.getByText('Nemaš aktiviran paket').waitFor();
    await page.context().close();
  });

  it('sends an anonymous visitor of every account route to the login form', async () => {
    const page = await (await suite.browser.newContext()).newPage();
    for (const path of [
      '/nalog/promijeni-pin',
      '/nalog/promijeni-lozinku',
      '/nalog/deaktiviraj-ontv',
      '/nalog/reaktiviraj-ontv-bez-placanja',
      '/nalog/promijeni-lozinku/uspjesno',
    ]) {
      await page.goto(suite.portal.url + path);
      await page.getByLabel('E-mail ili broj telefona').waitFor();
      assert.equal(new URL(page.url()).pathname, '/nalog', path);
    }
    await page.context().close();
  });
});
