import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO, loggedInPage, portalAndBrowser, screenshot } from './harness';

/** A full-page screenshot from the top, where the page's fixed header belongs. */
async function screenshotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page
    .getByRole('button', { name: /^(Nazad na vrh stranice|Назад на врх странице)$/ })
    .waitFor({ state: 'detached' });
  await screenshot(page, name);
}

/** Console errors and warnings of `page` from now on, and the errors its scripts throw. */
function consoleMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

describe('Latin and Cyrillic (docs/decisions/050-latin-and-cyrillic-pages.md)', () => {
  const suite = portalAndBrowser({ name: 'script' });

  it('switches /paketi to Cyrillic and back on a phone and a desktop, names and prices kept, the choice remembered', async () => {
    for (const width of [390, 1280]) {
      const context = await suite.browser.newContext({ viewport: { width, height: 800 }, locale: 'bs-BA' });
      const page = await context.newPage();
      const messages = consoleMessages(page);
      await page.goto(`${suite.portal.url}/paketi`);
      await page.getByRole('heading', { name: 'Paketi', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('button', { name: 'Ћирилица' }).click();

      await page.getByRole('heading', { name: 'Пакети', exact: true }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'bs-Cyrl');
      assert.equal(await page.title(), 'Пакети | ON TV');
      for (const name of ['StartON', 'MaxON']) await page.getByRole('heading', { name, exact: true }).waitFor();
      await page.getByText('14,90 КМ').waitFor();
      await page.getByText('мјесечно, ПДВ укључен').first().waitFor();
      await footer.getByText('Корисничка подршка:').waitFor();
      assert.equal(await footer.getByRole('button', { name: 'Ћирилица' }).getAttribute('aria-pressed'), 'true');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `/paketi in Cyrillic at ${width}px scrolls sideways by ${overflow}px`);
      await screenshotFromTop(page, 'script-paketi-cyrillic');

      // The next visit arrives in Cyrillic (the cookie, decision 056) and is hydrated as it arrived, without
      // breaking its hydration: React would draw the page anew, and say so in the console.
      await page.addInitScript(() => {
        new MutationObserver((records) => {
          for (const record of records)
            if ((record.target as Element).id === 'root' && record.removedNodes.length > 0)
              (window as unknown as { drawnAnew: boolean }).drawnAnew = true;
        }).observe(document, { childList: true, subtree: true });
      });
      await page.reload();
      await page.getByRole('heading', { name: 'Пакети', exact: true }).waitFor();
      await page.getByText('14,90 КМ').waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { drawnAnew?: boolean }).drawnAnew), undefined);
      // A page another remote draws, in Cyrillic as it arrives; the channels' names as they are.
      await page.getByRole('navigation', { name: 'Подножје' }).getByRole('link', { name: 'ТВ канали' }).click();
      await page.getByRole('heading', { name: 'ТВ канали', exact: true }).waitFor();
      await page.getByText('Al Jazeera Balkans').first().waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: 'Пакети', exact: true }).waitFor();

      await footer.getByRole('button', { name: 'Latinica' }).click();
      await page.getByRole('heading', { name: 'Paketi', exact: true }).waitFor();
      await page.getByText('14,90 KM').waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), 'bs-Latn');
      await screenshotFromTop(page, 'script-paketi-latin');
      assert.deepEqual(messages, []);
      await context.close();
    }
  });

  it("remembers a signed-in customer's choice on the account: another device shows it once signed in", async () => {
    for (const width of [390, 1280]) {
      const first = await loggedInPage(suite.browser, suite.portal.url, DEMO.email, { width });
      const footer = first.getByRole('contentinfo');
      const saved = first.waitForResponse((r) => r.url().endsWith('/api/customer/script') && r.status() === 200);
      await footer.getByRole('button', { name: 'Ћирилица' }).click();
      await saved;
      await first.getByRole('heading', { name: 'Мој налог' }).waitFor();
      await first.context().close();

      // A device that never chose: Latin until the account page reads the account's choice.
      const device = await suite.browser.newContext({ viewport: { width, height: 900 }, locale: 'bs-BA' });
      const other = await device.newPage();
      await other.goto(`${suite.portal.url}/nalog`);
      await other.getByLabel('E-mail ili broj telefona').fill(DEMO.email);
      await other.getByLabel('Lozinka').fill(DEMO.password);
      await other.getByRole('button', { name: 'Prijavi se', exact: true }).click();
      await other.getByRole('heading', { name: 'Мој налог' }).waitFor();
      assert.equal(await other.evaluate(() => document.documentElement.lang), 'bs-Cyrl');
      await screenshotFromTop(other, 'script-account-cyrillic');
      const back = other.waitForResponse((r) => r.url().endsWith('/api/customer/script') && r.status() === 200);
      await other.getByRole('contentinfo').getByRole('button', { name: 'Latinica' }).click();
      await back;
      await other.getByRole('heading', { name: 'Moj nalog' }).waitFor();
      await other.context().close();
    }
  });
});
