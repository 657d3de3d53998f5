import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DEMO, loggedInPage, portalAndBrowser, screenshot } from './harness';

/** Latin of the pages' own texts that a page sent in Cyrillic must never show, not even for a frame. */
const LATIN = ['Paketi', 'Početna', 'Izaberi paket', 'mjesečno', 'Korisnička podrška', 'Televizija koja ide s tobom'];

/** Console errors and warnings of `page` from now on, and the errors its scripts throw. */
function consoleMessages(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

/**
 * Watches the page from its first byte: every Latin text of LATIN it paints (what a node that changed holds
 * at the next frame, just before the browser paints it), `<html lang>` each time it changes, and whether
 * React threw the server's HTML away (drawing the page anew).
 */
async function watchFromFirstByte(context: BrowserContext): Promise<void> {
  // A string, not a function: nothing of the test's compiler (its helpers) may be in it.
  await context.addInitScript(`(() => {
    const latin = ${JSON.stringify(LATIN)};
    const seen = { latin: [], langs: [], drawnAnew: false };
    window.seen = seen;
    let changed = new Set();
    const painted = () => {
      for (const node of changed) {
        const parent = node.nodeType === 1 ? node : node.parentElement;
        if (!node.isConnected || !parent || !parent.closest('body, title') || parent.closest('script, style')) continue;
        const text = node.textContent || '';
        for (const word of latin) if (text.includes(word)) seen.latin.push(text.trim().slice(0, 80));
      }
      changed = new Set();
      requestAnimationFrame(painted);
    };
    requestAnimationFrame(painted);
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'attributes') seen.langs.push(document.documentElement.lang);
        else if (record.type === 'characterData') changed.add(record.target);
        else {
          if (record.target.id === 'root' && record.removedNodes.length > 0) seen.drawnAnew = true;
          for (const node of record.addedNodes) changed.add(node);
        }
      }
    }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['lang'] });
  })();`);
}

type Seen = { latin: string[]; langs: string[]; drawnAnew: boolean };
const seenOn = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

/** A device that used the switch once: its cookie, as the footer wrote it. */
async function deviceThatChoseCyrillic(browser: Browser, url: string, width: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'bs-BA' });
  const page = await context.newPage();
  await page.goto(`${url}/paketi`);
  await page.getByRole('heading', { name: 'Paketi', exact: true }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Ћирилица' }).click();
  await page.getByRole('heading', { name: 'Пакети', exact: true }).waitFor();
  await page.close();
  return context;
}

describe('prerendered pages in the chosen script (docs/decisions/056-prerendered-pages-in-the-chosen-script.md)', () => {
  const suite = portalAndBrowser({ name: 'script-prerendered' });

  it('sends /paketi and / in Cyrillic from the first byte once the switch was used, at the same address', async () => {
    for (const width of [375, 1280]) {
      const context = await deviceThatChoseCyrillic(suite.browser, suite.portal.url, width);
      const cookies = await context.cookies();
      await watchFromFirstByte(context);
      assert.deepEqual(
        cookies
          .filter((cookie) => cookie.name === 'ontv.script')
          .map(({ value, path, sameSite }) => ({ value, path, sameSite })),
        [{ value: 'cyrillic', path: '/', sameSite: 'Lax' }],
      );
      for (const [route, heading] of [
        ['/paketi', 'Пакети'],
        ['/', 'ON TV: онлајн телевизија за Босну и Херцеговину'],
      ] as const) {
        // The HTML as it arrives.
        const response = await context.request.get(`${suite.portal.url}${route}`);
        const html = await response.text();
        assert.match(html, /<html lang="bs-Cyrl">/, route);
        assert.ok(html.includes(heading), `${route} sent with ${heading}`);
        assert.match(response.headers().vary ?? '', /cookie/i);
        for (const word of ['Korisnička podrška', 'Izaberi paket'])
          assert.ok(!html.includes(`>${word}`), `${route}: ${word}`);

        // Before any script runs: the page as the server sent it.
        const still = await suite.browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
        await still.addCookies(cookies);
        const before = await still.newPage();
        await before.goto(`${suite.portal.url}${route}`);
        await before.getByRole('heading', { name: heading, exact: true }).waitFor();
        assert.equal(await before.evaluate(() => document.documentElement.lang), 'bs-Cyrl');
        assert.equal(new URL(before.url()).pathname, route);
        await before.getByRole('contentinfo').getByText('Корисничка подршка:').waitFor();
        await before.getByRole('button', { name: 'Ћирилица', pressed: true }).waitFor();
        await screenshot(before, `script-prerendered-${route === '/' ? 'home' : 'paketi'}-no-js`);
        await still.close();

        // With its scripts: hydrated as it arrived, never a Latin text or language, no message.
        const page = await context.newPage();
        const messages = consoleMessages(page);
        await page.goto(`${suite.portal.url}${route}`);
        await page.waitForLoadState('networkidle');
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.waitForFunction(() => document.querySelector('#root [aria-pressed="true"][lang="bs-Cyrl"]'));
        const seen = await seenOn(page);
        assert.deepEqual(seen.latin, [], `${route}: Latin shown`);
        assert.ok(!seen.langs.includes('bs-Latn'), `${route}: lang ${seen.langs.join(', ')}`);
        assert.equal(seen.drawnAnew, false, `${route}: drawn anew instead of hydrated`);
        assert.equal(await page.title(), route === '/' ? 'Почетна | ON TV' : 'Пакети | ON TV');
        assert.deepEqual(messages, []);
        await page.close();
      }
      await context.close();
    }
  });

  it('sends Latin without the cookie or with one it does not know, and after switching back', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 800 } });
    const latin = async (cookie?: string) => {
      const html = await (
        await context.request.get(`${suite.portal.url}/paketi`, cookie ? { headers: { cookie } } : {})
      ).text();
      assert.match(html, /<html lang="bs-Latn">/, String(cookie));
      assert.ok(html.includes('mjesečno, PDV uključen'), String(cookie));
    };
    await latin();
    await latin('ontv.script=%D1%9B%D0%B8%D1%80%D0%B8%D0%BB%D0%B8%D1%86%D0%B0');
    await latin('ontv.script=CYRILLIC');
    await context.close();

    const device = await deviceThatChoseCyrillic(suite.browser, suite.portal.url, 375);
    const page = await device.newPage();
    await page.goto(`${suite.portal.url}/paketi`);
    await page.getByRole('heading', { name: 'Пакети', exact: true }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Latinica' }).click();
    await page.getByRole('heading', { name: 'Paketi', exact: true }).waitFor();
    await page.getByText('mjesečno, PDV uključen').first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'bs-Latn');
    await page.reload();
    await page.getByRole('heading', { name: 'Paketi', exact: true }).waitFor();
    assert.match(await (await device.request.get(`${suite.portal.url}/paketi`)).text(), /<html lang="bs-Latn">/);
    await device.close();
  });

  it("follows a signed-in customer's account once it is read, over the device's cookie", async () => {
    // The account chose Cyrillic on another device.
    const signedIn = await loggedInPage(suite.browser, suite.portal.url, DEMO.email, { width: 1280 });
    const saved = signedIn.waitForResponse((r) => r.url().endsWith('/api/customer/script') && r.status() === 200);
    await signedIn.getByRole('contentinfo').getByRole('button', { name: 'Ћирилица' }).click();
    await saved;
    await signedIn.context().close();

    // This device chose Latin: Latin pages until the account is read, then the account's script.
    const device = await suite.browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'bs-BA' });
    await device.addCookies([{ name: 'ontv.script', value: 'latin', url: suite.portal.url }]);
    const page = await device.newPage();
    await page.goto(`${suite.portal.url}/paketi`);
    await page.getByRole('heading', { name: 'Paketi', exact: true }).waitFor();
    await page.goto(`${suite.portal.url}/nalog`);
    await page.getByLabel('E-mail ili broj telefona').fill(DEMO.email);
    await page.getByLabel('Lozinka').fill(DEMO.password);
    await page.getByRole('button', { name: 'Prijavi se', exact: true }).click();
    await page.getByRole('heading', { name: 'Мој налог' }).waitFor();
    assert.ok((await device.cookies()).some((cookie) => cookie.name === 'ontv.script' && cookie.value === 'cyrillic'));
    assert.match(await (await device.request.get(`${suite.portal.url}/paketi`)).text(), /<html lang="bs-Cyrl">/);
    await device.close();
  });
});
