import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { codeSentTo, expectAccessible, screenshot, portalAndBrowser } from './harness';

describe('registration and password reset in a browser', () => {
  const suite = portalAndBrowser({ name: 'onboarding' });

  async function newPage(width = 1280): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'bs-BA' });
    return context.newPage();
  }

  /** The newest code sent to a phone or e-mail, from the sandbox outbox. */

  it('registers by phone, refuses a wrong code, and ends logged in with the name in the header and the PIN shown', async () => {
    const page = await newPage(375);
    await page.goto(`${suite.portal.url}/kreiraj-nalog`);
    await page.getByRole('link', { name: 'Putem broja telefona' }).click();
    const phone = page.getByLabel('Broj mobilnog telefona');
    await phone.fill('062 12');
    await page.getByRole('button', { name: 'Pošalji kod' }).click();
    await page.getByText('Broj telefona mora biti u formatu 06x xxx xxx(x).').waitFor();
    await expectAccessible(page, 'the phone step with its error');
    await phone.fill('062 111 333');
    await page.getByRole('button', { name: 'Pošalji kod' }).click();
    await page.getByRole('heading', { name: 'Potvrdi broj telefona' }).waitFor();
    const code = await codeSentTo(suite.portal.url, '062111333');
    await page.getByLabel('Kod').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByText('Unijeli ste neispravan aktivacioni kod.').waitFor();
    await expectAccessible(page, 'the code step with its error');
    await screenshot(page, 'registration-wrong-code');
    await page.getByLabel('Kod').fill(code);
    await page.getByRole('button', { name: 'Potvrdi' }).click();

    await page.getByRole('heading', { name: 'Kreiraj lozinku' }).waitFor();
    await page.getByLabel('Lozinka', { exact: true }).fill('slaba');
    await page
      .getByText('Lozinka mora sadržavati bar jedno veliko slovo, malo slovo, broj i specijalni karakter.')
      .waitFor();
    await page.getByLabel('Lozinka', { exact: true }).fill('Registracija1!');
    await page.getByLabel('Potvrdi lozinku').fill('Registracija1?');
    await page.getByText('Lozinke se ne poklapaju.').waitFor();
    await expectAccessible(page, 'the password step with its error');
    await page.getByLabel('Potvrdi lozinku').fill('Registracija1!');
    await page.getByRole('button', { name: 'Dalje' }).click();

    await page.getByRole('heading', { name: 'Lični podaci' }).waitFor();
    await page.getByRole('button', { name: 'Kreiraj nalog' }).click();
    await page.getByText('Ime je obavezno.', { exact: true }).waitFor();
    await expectAccessible(page, 'the personal data step with its errors');
    await page.getByLabel('Ime', { exact: true }).fill('Ana');
    await page.getByLabel('Prezime').fill('Kovač');
    await page.getByRole('button', { name: 'Kreiraj nalog' }).click();

    await page.getByRole('heading', { name: 'Čestitamo!' }).waitFor();
    assert.match((await page.getByLabel(/^PIN:/).textContent()) ?? '', /^\d{4}$/);
    await expectAccessible(page, 'the registration success page');
    assert.equal(await page.getByRole('link', { name: 'Izaberi paket' }).getAttribute('href'), '/paketi');
    assert.equal(await page.getByRole('link', { name: 'Promijeni PIN' }).getAttribute('href'), '/nalog/promijeni-pin');
    await page
      .getByRole('button', { name: 'Meni' })
      .click()
      .catch(() => undefined);
    await page.getByRole('link', { name: 'Ana Kovač' }).first().waitFor();
    await screenshot(page, 'registration-done');
    await page.context().close();
  });

  it('registers by e-mail, with the resend link blocked for 5 seconds after a click', async () => {
    const page = await newPage();
    await page.goto(`${suite.portal.url}/kreiraj-nalog`);
    await page.getByRole('link', { name: 'Putem e-mail adrese' }).click();
    await page.getByLabel('E-mail adresa').fill('nova.korisnica@example.ba');
    await page.getByRole('button', { name: 'Pošalji kod' }).click();
    await page.getByRole('heading', { name: 'Potvrdi e-mail adresu' }).waitFor();
    const first = await codeSentTo(suite.portal.url, 'nova.korisnica@example.ba');

    await page.getByRole('button', { name: 'Pošalji kod ponovo' }).click();
    await page.getByText('Novi kod je uspješno poslat...').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Pošalji kod ponovo' }).count(), 0, 'blocked meanwhile');
    await page.getByRole('button', { name: 'Pošalji kod ponovo' }).waitFor({ timeout: 8000 });
    const second = await codeSentTo(suite.portal.url, 'nova.korisnica@example.ba');
    assert.match(second, /^\d{6}$/);
    if (second !== first) {
      await page.getByLabel('Kod').fill(first);
      await page.getByRole('button', { name: 'Potvrdi' }).click();
      await page.getByText('Unijeli ste neispravan aktivacioni kod.').waitFor();
    }
    await page.getByLabel('Kod').fill(second);
    await page.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByLabel('Lozinka', { exact: true }).fill('Registracija1!');
    await page.getByLabel('Potvrdi lozinku').fill('Registracija1!');
    await page.getByRole('button', { name: 'Dalje' }).click();
    await page.getByLabel('Ime', { exact: true }).fill('Maja');
    await page.getByLabel('Prezime').fill('Ilić');
    await page.getByRole('button', { name: 'Kreiraj nalog' }).click();
    await page.getByRole('heading', { name: 'Čestitamo!' }).waitFor();
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Maja Ilić' }).waitFor();
    await page.context().close();
  });

  it('resets a forgotten password, then logs in with the new one', async () => {
    const page = await newPage();
    await page.goto(`${suite.portal.url}/nalog`);
    await page.getByRole('link', { name: /Zaboravljena lozinka/ }).click();
    await page.getByLabel('E-mail ili broj telefona').fill('061 000 005');
    await page.getByRole('button', { name: 'Pošalji kod' }).click();
    await page.waitForURL(/resetovanje-kod-potvrda-broj-telefona$/);
    await page.getByLabel('Kod').waitFor();
    await expectAccessible(page, 'the reset code step');
    await page.getByLabel('Kod').fill(await codeSentTo(suite.portal.url, '061000005'));
    await page.getByRole('button', { name: 'Potvrdi' }).click();
    await page.getByRole('heading', { name: 'Nova lozinka' }).waitFor();
    await expectAccessible(page, 'the new password step');
    await page.getByLabel('Lozinka', { exact: true }).fill('Zaboravljena9#');
    await page.getByLabel('Potvrdi lozinku').fill('Zaboravljena9#');
    await page.getByRole('button', { name: 'Promijeni lozinku' }).click();
    await page.getByRole('heading', { name: 'Lozinka je promijenjena' }).waitFor();
    await expectAccessible(page, 'the reset success page');
    await page.getByRole('link', { name: 'Prijavi se' }).click();
    await page.getByLabel('E-mail ili broj telefona').fill('blokirana@ontv.ba');
    await page.getByLabel('Lozinka').fill('Zaboravljena9#');
    await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
    await page.context().close();
  });

  it('sends a visitor who jumps to a later step back to the start', async () => {
    const page = await newPage();
    const cases = [
      ['/kreiraj-nalog/potvrdi-broj-telefona', '/kreiraj-nalog'],
      ['/kreiraj-nalog/kreiraj-lozinku', '/kreiraj-nalog'],
      ['/kreiraj-nalog/licni-podaci', '/kreiraj-nalog'],
      ['/kreiraj-nalog/registracija-uspjesna', '/nalog'],
      ['/zaboravljena-lozinka/resetovanje-kod-potvrda-email', '/zaboravljena-lozinka'],
      ['/zaboravljena-lozinka/resetovanje-zaboravljene-lozinke', '/zaboravljena-lozinka'],
    ];
    for (const [path, start] of cases) {
      await page.goto(suite.portal.url + path);
      await page.waitForURL((url) => url.pathname === start);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    }
    await page.context().close();
  });
});
