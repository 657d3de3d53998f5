import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { codeSentTo, screenshot, tabTo, portalAndBrowser } from './harness';

/**
 * The longer flows walked with the keyboard alone: no click, no fill. Each control is reached with Tab
 * from wherever focus is, shows where focus is, and is worked with Enter, Space or typing.
 */
describe('keyboard alone', () => {
  const suite = portalAndBrowser({ name: 'keyboard' });

  async function newPage(width: number): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'bs-BA' });
    return context.newPage();
  }

  /** Tabs to a text field and types into it. */
  async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
    await tabTo(page, field);
    await page.keyboard.type(text);
  }

  /** The card dialog from its first field to its end, by keyboard: card-holder data, then the card. */
  async function addCardByKeyboard(page: Page, number: string, phone?: string): Promise<Locator> {
    const dialog = page.getByRole('dialog', { name: 'Dodaj karticu' });
    await dialog.getByText('Korak 1 od 4').waitFor();
    // Name, e-mail and phone come from the customer's data; one registered by e-mail has no phone yet.
    if (phone) await typeInto(page, dialog.getByLabel('Broj telefona'), phone);
    await typeInto(page, dialog.getByLabel('Ulica i broj'), 'Titova 1');
    await typeInto(page, dialog.getByLabel('Grad'), 'Sarajevo');
    await typeInto(page, dialog.getByLabel('Poštanski broj'), '71000');
    await tabTo(page, dialog.getByRole('button', { name: 'Nastavi' }));
    await page.keyboard.press('Enter');
    await dialog.getByText('Korak 2 od 4').waitFor();
    await typeInto(page, dialog.getByLabel('Broj kartice'), number);
    await typeInto(page, dialog.getByLabel('Datum isteka (MM/GG)'), '1230');
    await typeInto(page, dialog.getByLabel('CVC', { exact: true }), '123');
    await tabTo(page, dialog.getByRole('button', { name: 'Sačuvaj karticu' }));
    await page.keyboard.press('Enter');
    return dialog;
  }

  it('registers by e-mail, then subscribes with a new card, on a phone', async () => {
    const page = await newPage(375);
    const email = 'tastatura@example.ba';
    await page.goto(`${suite.portal.url}/kreiraj-nalog`);
    await tabTo(page, page.getByRole('link', { name: 'Putem e-mail adrese' }));
    await page.keyboard.press('Enter');
    await typeInto(page, page.getByLabel('E-mail adresa'), email);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Potvrdi e-mail adresu' }).waitFor();
    await typeInto(page, page.getByLabel('Kod'), await codeSentTo(suite.portal.url, email));
    await page.keyboard.press('Enter');
    await typeInto(page, page.getByLabel('Lozinka', { exact: true }), 'Tastatura1!');
    await typeInto(page, page.getByLabel('Potvrdi lozinku'), 'Tastatura1!');
    await page.keyboard.press('Enter');
    await typeInto(page, page.getByLabel('Ime', { exact: true }), 'Tarik');
    await typeInto(page, page.getByLabel('Prezime'), 'Tasić');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Čestitamo!' }).waitFor();

    // To the packages through the header's menu (a button on a phone).
    await tabTo(page, page.getByRole('button', { name: 'Otvori meni' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Paketi' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('link', { name: 'PRETPLATI SE: StartON' }));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'StartON' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Unesi karticu' }));
    await page.keyboard.press('Enter');
    const dialog = await addCardByKeyboard(page, '4242424242424242', '061234567');
    await dialog.getByRole('heading', { name: 'Čestitamo' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Plaćanje karticom **** **** **** 4242').waitFor();

    // The terms: read in their dialog (Escape gives focus back), then accepted with Space.
    const readTerms = page.getByRole('button', { name: 'uslove korištenja' });
    await tabTo(page, readTerms);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Uslovi korištenja' }).getByRole('heading').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    assert.ok(
      await readTerms.evaluate((element) => element === document.activeElement),
      'focus is back on the button that opened the terms',
    );
    const subscribe = page.getByRole('button', { name: 'Pretplati se' });
    for (const name of ['Prihvatam uslove korištenja', 'Prihvatam uslove plaćanja i politiku privatnosti']) {
      await tabTo(page, page.getByRole('checkbox', { name }));
      await page.keyboard.press('Space');
    }
    assert.equal(await subscribe.isDisabled(), false);
    await tabTo(page, subscribe);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pretplata-uspjesna');
    await screenshot(page, 'keyboard-subscribed');
    await page.context().close();
  });

  it('logs in, saves a 3-D Secure card and pays with the security code, on a desktop', async () => {
    const page = await newPage(1280);
    await page.goto(`${suite.portal.url}/nalog`);
    await typeInto(page, page.getByLabel('E-mail ili broj telefona'), 'istekla@ontv.ba');
    await typeInto(page, page.getByLabel('Lozinka'), 'Demo1234!');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();

    await tabTo(page, page.getByRole('link', { name: 'Dodaj karticu' }));
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('button', { name: 'Dodaj karticu' }));
    await page.keyboard.press('Enter');
    const dialog = await addCardByKeyboard(page, '4000000000003220');
    await dialog.getByRole('heading', { name: '3-D Secure provjera' }).waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Odobri' }));
    await page.keyboard.press('Enter');
    await dialog.getByRole('heading', { name: 'Čestitamo' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('listitem').filter({ hasText: '**** **** **** 3220' }).waitFor();

    // MaxON runs a promo, so its paid confirmation is opened by its address (as in the payments test).
    await page.goto(`${suite.portal.url}/potvrdi-pretplatu?plan=maxon`);
    await page.getByText('**** **** **** 3220').waitFor();
    await tabTo(page, page.getByRole('checkbox', { name: /automatski naplaćuje/ }));
    await page.keyboard.press('Space');
    await tabTo(page, page.getByRole('button', { name: 'Plati i potvrdi pretplatu' }));
    await page.keyboard.press('Enter');
    const code = page.getByRole('dialog', { name: 'Sigurnosni kod kartice' });
    await typeInto(page, code.getByLabel('Sigurnosni kod (CVC)'), '123');
    await page.keyboard.press('Enter');
    // The issuer of this card asks for 3-D Secure on payments too.
    const challenge = code.getByRole('button', { name: 'Odobri' });
    const done = page.getByText('Tvoja pretplata je aktivirana.');
    await done.or(challenge).waitFor();
    if (await challenge.isVisible()) {
      await tabTo(page, challenge);
      await page.keyboard.press('Enter');
    }
    await done.waitFor();
    assert.ok(page.url().endsWith('/pretplata-uspjesna'));
    await page.context().close();
  });
});
