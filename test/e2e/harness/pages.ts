import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Locator, Page } from 'playwright-core';
import { ARTIFACTS } from './portal';

/** Saves a full-page screenshot under test/artifacts/screenshots for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.join(ARTIFACTS, 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

export const DEMO = { email: 'demo@ontv.ba', password: 'Demo1234!', name: 'Amra Hodžić', customerNumber: '1000001' };

/** Logs in through the form on `/nalog` (the demo customer unless told otherwise) and waits for the account page. */
export async function logIn(
  page: Page,
  baseUrl: string,
  username: string = DEMO.email,
  password: string = DEMO.password,
): Promise<void> {
  await page.goto(`${baseUrl}/nalog`);
  await page.getByLabel('E-mail ili broj telefona').fill(username);
  await page.getByLabel('Lozinka').fill(password);
  await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
  await page.getByRole('heading', { name: 'Moj nalog' }).waitFor();
}

/** A new browser context at `width`, logged in as `username` on the account page. */
export async function loggedInPage(
  browser: Browser,
  baseUrl: string,
  username: string,
  options: { password?: string; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1280, height: 900 },
    locale: 'bs-BA',
  });
  const page = await context.newPage();
  await logIn(page, baseUrl, username, options.password);
  return page;
}

/** The card dialog from its first step: card-holder data, then the sandbox's card fields. */
export async function addCard(page: Page, number: string, opener = 'Dodaj karticu') {
  await page.getByRole('button', { name: opener }).click();
  const dialog = page.getByRole('dialog', { name: 'Dodaj karticu' });
  await dialog.getByText('Korak 1 od 4').waitFor();
  await dialog.getByLabel('Ulica i broj').fill('Titova 1');
  await dialog.getByLabel('Grad').fill('Sarajevo');
  await dialog.getByLabel('Poštanski broj').fill('71000');
  assert.equal(await dialog.getByLabel('Država').inputValue(), 'BA');
  await dialog.getByRole('button', { name: 'Nastavi' }).click();
  await dialog.getByText('Korak 2 od 4').waitFor();
  await dialog.getByText('rezervisaćemo 0,10 KM').waitFor();
  const save = dialog.getByRole('button', { name: 'Sačuvaj karticu' });
  assert.equal(await save.isDisabled(), true);
  await dialog.getByLabel('Broj kartice').fill(number);
  await dialog.getByLabel('Datum isteka (MM/GG)').fill('12/30');
  await dialog.getByLabel('CVC', { exact: true }).fill('123');
  await save.click();
  return dialog;
}

/** Presses Tab until `target` has focus (failing after `max` presses), and checks that focus shows. */
export async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await target.waitFor();
  for (let i = 0; i <= max; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      const ring = await target.evaluate((element) => {
        const style = getComputedStyle(element);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      });
      assert.ok(ring, `${target} shows that it has focus`);
      return;
    }
    await page.keyboard.press('Tab');
  }
  assert.fail(`${max} presses of Tab never reached ${target}`);
}

/** axe-core over what the page shows now (WCAG 2.1 A and AA and best practices): no violation allowed. */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .setLegacyMode(true)
    .analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  assert.deepEqual(found, [], `accessibility of ${where}`);
}
