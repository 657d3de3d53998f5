import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { portalAndBrowser, screenshot } from './harness';

/**
 * A visitor on a phone reads a public page before its scripts have run (it arrives drawn,
 * docs/decisions/031-prerendered-public-pages.md): what they do meanwhile (scroll, tab, open a question,
 * choose a filter) is still so once the page has hydrated.
 */

/** The long public pages, each with a text its HTML holds before any script runs. */
const LONG_PAGES = [
  { path: '/tv-kanali', text: 'Al Jazeera Balkans' },
  { path: '/faq', text: 'Mogu li gledati izvan Bosne i Hercegovine?' },
  { path: '/paketi', text: '24,90 KM' },
  { path: '/', text: 'Televizija koja ide s tobom' },
];
const PHONE = { width: 375, height: 667 };
/** A phone's CPU: Chrome runs the page's scripts six times slower. */
const CPU_SLOWDOWN = 6;
const MENU = '[aria-controls="glavni-meni"]';

/**
 * A phone-sized page whose CPU is slowed and whose scripts wait: the boot script, the page's only one
 * (host/src/boot.ts starts the rest), is answered when `start()` is called. Until then the page is its
 * HTML alone, as on a phone in the first seconds.
 */
async function heldPage(browser: ReturnType<typeof portalAndBrowser>['browser']) {
  const page = await browser.newPage({ viewport: PHONE });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let start!: () => void;
  const started = new Promise<void>((resolve) => (start = resolve));
  await page.route('**/boot.js', async (route) => {
    await started;
    await route.continue();
  });
  return { page, errors, start };
}

/**
 * Waits until React owns the page: the header's menu button answers a click (one nobody sees, so focus
 * stays where it is), then closes the menu again. React commits the hydration, and runs its effects,
 * before it renders the click's update, so whatever the first render's effects do is done by then.
 */
async function untilHydrated(page: Page): Promise<void> {
  const expanded = () => page.locator(MENU).getAttribute('aria-expanded');
  for (let tries = 0; tries < 300; tries += 1) {
    await page.evaluate((menu) => document.querySelector<HTMLElement>(menu)!.click(), MENU);
    await page.waitForTimeout(100);
    if ((await expanded()) === 'true') {
      await page.evaluate((menu) => document.querySelector<HTMLElement>(menu)!.click(), MENU);
      await page.waitForFunction(
        (menu) => document.querySelector(menu)?.getAttribute('aria-expanded') === 'false',
        MENU,
      );
      return;
    }
  }
  assert.fail('the page never hydrated (its menu button never answered)');
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls as a visitor does, with the wheel, and waits until the page is there. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.mouse.move(PHONE.width / 2, PHONE.height / 2);
  await page.mouse.wheel(0, y - (await scrollY(page)));
  await page.waitForFunction((target) => Math.abs(window.scrollY - target) <= 1, y);
}

describe('a visitor who acts before the scripts have run (phone, slowed CPU)', () => {
  const suite = portalAndBrowser({ name: 'early-visitor' });

  it('keeps their place on each long public page, and the scroll-to-top button and the menu work there', async () => {
    for (const { path, text } of LONG_PAGES) {
      const { page, errors, start } = await heldPage(suite.browser);
      await page.goto(suite.portal.url + path, { waitUntil: 'commit' });
      await page.getByText(text).first().waitFor();
      // 1,200 px down, or near the end of a shorter page (the FAQ's questions closed).
      const end = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      await scrollTo(page, Math.min(1200, end - 100));
      start();
      // And once more while the scripts load and run.
      const place = Math.min(1300, end);
      await scrollTo(page, place);
      await untilHydrated(page);
      assert.equal(await scrollY(page), place, `${path}: the visitor was moved once the scripts had run`);
      // The scroll-to-top button shows where the visitor is, without another scroll.
      const toTop = page.getByRole('button', { name: 'Nazad na vrh stranice' });
      await toTop.waitFor();
      // The menu opens there and leaves the page where it is.
      await page.locator(MENU).click();
      await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Paketi' }).waitFor();
      assert.equal(await scrollY(page), place, `${path}: opening the menu moved the page`);
      await page.locator(MENU).click();
      await toTop.click();
      await page.waitForFunction(() => window.scrollY === 0);
      assert.deepEqual(errors, [], `${path}: ${errors.join('\n')}`);
      await page.close();
    }
  });

  it('keeps the focus of a link tabbed to and a question opened before the scripts ran', async () => {
    const { page, errors, start } = await heldPage(suite.browser);
    await page.goto(`${suite.portal.url}/faq`, { waitUntil: 'commit' });
    const question = page.getByText('Mogu li gledati izvan Bosne i Hercegovine?');
    await question.waitFor();
    await question.click();
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return active && active !== document.body ? `${active.tagName} ${active.textContent?.trim()}` : null;
      });
    // Tab through the skip link and the logo to the menu button.
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('Tab');
    const before = await focused();
    assert.ok(before, 'Tab reached an element before the scripts ran');
    start();
    await untilHydrated(page);
    assert.equal(await focused(), before, 'the focus moved once the scripts had run');
    assert.equal(
      await page.locator('details', { hasText: 'Mogu li gledati izvan Bosne i Hercegovine?' }).getAttribute('open'),
      '',
      'the question opened before the scripts ran closed again',
    );
    assert.deepEqual(errors, [], errors.join('\n'));
    await page.close();
  });

  it('keeps a channel filter chosen before the scripts ran, or while they run', async () => {
    for (const when of ['before', 'while'] as const) {
      const { page, errors, start } = await heldPage(suite.browser);
      await page.goto(`${suite.portal.url}/tv-kanali`, { waitUntil: 'commit' });
      const startOn = page.getByRole('button', { name: 'StartON paket' });
      await startOn.waitFor();
      await startOn.scrollIntoViewIfNeeded();
      if (when === 'while') start();
      await startOn.click();
      if (when === 'before') start();
      await page.getByText('Prikazano kanala: 124').waitFor();
      await untilHydrated(page);
      assert.equal(new URL(page.url()).search, '?paket=starton', when);
      assert.equal(await page.getByRole('button', { name: 'StartON paket', pressed: true }).count(), 1, when);
      await page.getByRole('status').filter({ hasText: 'Prikazano kanala: 124' }).waitFor();
      // Hydrated, the filters work in place.
      await page.getByRole('button', { name: 'MaxON paket' }).click();
      await page.getByText('Prikazano kanala: 193').waitFor();
      if (when === 'before') await screenshot(page, 'early-visitor-filter-phone');
      assert.deepEqual(errors, [], `${when}: ${errors.join('\n')}`);
      await page.close();
    }
  });
});
