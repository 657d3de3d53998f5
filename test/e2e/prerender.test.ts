import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { portalAndBrowser, screenshot } from './harness';

/** The public pages, each with a text its prerendered HTML holds before any script runs. */
const PUBLIC_PAGES = [
  { path: '/', text: 'Televizija koja ide s tobom' },
  { path: '/paketi', text: '24,90 KM' },
  { path: '/tv-kanali', text: 'Al Jazeera Balkans' },
  { path: '/tv-kanali?paket=starton', text: 'Prikazano kanala: 124' },
  { path: '/tv-kanali?paket=maxon', text: 'Prikazano kanala: 193' },
  { path: '/videoteke', text: 'Viasat World' },
  { path: '/faq', text: 'Mogu li gledati izvan Bosne i Hercegovine?' },
  { path: '/uslovi-placanja', text: 'Automatska naplata' },
  { path: '/uslovi-koriscenja', text: 'Izmjene ponude' },
  { path: '/privacy-policy/', text: 'Tvoja prava' },
];

/** JSON-LD blocks of an HTML document, parsed. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

/**
 * Watches, from before the page's first script, whether anything replaces what the server sent inside
 * `#root` (a page drawn anew instead of hydrated), and collects console errors and warnings.
 */
async function watchHydration(
  page: Page,
): Promise<{ messages: string[]; replaced: () => Promise<boolean>; shift: () => Promise<number> }> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  await page.addInitScript(() => {
    const w = window as unknown as { replacedServerHtml: boolean; layoutShift: number };
    w.replacedServerHtml = false;
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
    new MutationObserver((records) => {
      // Hydrating keeps #root's children; drawing anew removes them.
      for (const record of records) {
        if ((record.target as Element).id === 'root' && record.removedNodes.length > 0) w.replacedServerHtml = true;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return {
    messages,
    replaced: () => page.evaluate(() => (window as unknown as { replacedServerHtml: boolean }).replacedServerHtml),
    shift: () => page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift),
  };
}

describe('public pages arrive as HTML', () => {
  const suite = portalAndBrowser({ name: 'prerender' });
  /** The portal's public address (PUBLIC_URL, by default http://localhost:PORT): canonical and sitemap links name it. */
  const origin = () => `http://localhost:${suite.portal.port}`;

  it('answers /paketi with both packages, their prices and schema.org offers in BAM, before any script', async () => {
    const response = await fetch(`${suite.portal.url}/paketi`);
    assert.equal(response.status, 200);
    const html = await response.text();
    for (const text of ['StartON', 'MaxON', '14,90 KM', '24,90 KM', 'Pogledaj listu kanala']) {
      assert.ok(html.includes(text), `/paketi's HTML lacks ${text}`);
    }
    assert.match(html, /<title>Paketi \| ON TV<\/title>/);
    assert.match(html, /<meta name="description" content="Paketi ON TV: StartON i MaxON\./);
    assert.ok(html.includes(`<link rel="canonical" href="${origin()}/paketi" />`));
    assert.match(html, /<meta property="og:image" content="[^"]+\/remotes\/catalogue\/images\/share\.png"/);
    const graph = (jsonLd(html)[0]?.['@graph'] ?? []) as Array<{
      '@type': string;
      name: string;
      offers: { price: string; priceCurrency: string };
    }>;
    assert.deepEqual(
      graph.map((product) => [product['@type'], product.name, product.offers.price, product.offers.priceCurrency]),
      [
        ['Product', 'ON TV paket StartON', '14.90', 'BAM'],
        ['Product', 'ON TV paket MaxON', '24.90', 'BAM'],
      ],
    );
    // One description and one title: the portal's defaults make way for the page's own.
    assert.equal(html.match(/<meta name="?description"?/g)?.length, 1);
    assert.equal(html.match(/<title>/g)?.length, 1);
  });

  it('answers the FAQ with a schema.org FAQPage, every public page with its own title, and says what to index', async () => {
    const faq = await (await fetch(`${suite.portal.url}/faq`)).text();
    const [page] = jsonLd(faq) as Array<{ '@type': string; mainEntity: Array<{ name: string }> }>;
    assert.equal(page?.['@type'], 'FAQPage');
    assert.ok(page!.mainEntity.some((q) => q.name === 'Mogu li gledati izvan Bosne i Hercegovine?'));

    for (const { path, text } of PUBLIC_PAGES) {
      // React separates neighbouring texts with an empty comment.
      const html = (await (await fetch(suite.portal.url + path)).text()).replace(/<!-- -->/g, '');
      assert.ok(html.includes(text), `${path}'s HTML lacks ${text}`);
      assert.match(html, /<link rel="canonical"/, path);
    }
    const robots = await (await fetch(`${suite.portal.url}/robots.txt`)).text();
    for (const closed of ['/nalog', '/kreiraj-nalog', '/zaboravljena-lozinka', '/pretplati-se'])
      assert.match(robots, new RegExp(`^Disallow: ${closed}$`, 'm'));
    assert.ok(robots.includes(`\nSitemap: ${origin()}/sitemap.xml\n`), robots);
    const sitemap = await (await fetch(`${suite.portal.url}/sitemap.xml`)).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    assert.deepEqual(
      locs,
      PUBLIC_PAGES.map(({ path }) => origin() + path),
    );
    // The customer's own pages are drawn by the browser, as before.
    const account = await (await fetch(`${suite.portal.url}/nalog`)).text();
    assert.match(account, /<div id="?root"?><\/div>/);
  });

  it('hydrates every public page on a phone: the server HTML stays, nothing moves, and no console message', async () => {
    for (const { path, text } of PUBLIC_PAGES) {
      const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
      const watch = await watchHydration(page);
      await page.goto(suite.portal.url + path, { waitUntil: 'networkidle' });
      await page.getByText(text).first().waitFor();
      // Hydrated: React owns the server's elements (an event handler works), none was drawn anew.
      assert.equal(await watch.replaced(), false, `${path} was drawn anew instead of hydrated`);
      // The visitor's status checked after hydrating (the subscribe buttons) moves nothing on the page.
      assert.equal(await watch.shift(), 0, `${path}: layout shift while hydrating`);
      assert.deepEqual(watch.messages, [], `${path}: ${watch.messages.join('\n')}`);
      await page.close();
    }
    const page = await suite.browser.newPage();
    const watch = await watchHydration(page);
    await page.goto(`${suite.portal.url}/tv-kanali`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'StartON paket' }).click();
    await page.getByText('Prikazano kanala: 124').waitFor();
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Paketi' }).click();
    await page.getByRole('heading', { name: 'StartON' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/paketi');
    assert.deepEqual(watch.messages, []);
    await page.close();
  });

  it('answers an unknown path with 404 and its page drawn: readable without JavaScript, hydrated without a message', async () => {
    const response = await fetch(`${suite.portal.url}/nema-te-stranice`);
    assert.equal(response.status, 404);
    const html = await response.text();
    assert.ok(html.includes('<h1'), 'the 404 page arrives drawn');
    assert.ok(html.includes('Stranica nije pronađena'));
    assert.match(html, /<meta name="robots" content="noindex" \/>/);
    assert.ok(!html.includes('<noscript>'), 'the page reads without JavaScript');
    // What the visitor typed is not written back into the page.
    assert.ok(!(await (await fetch(`${suite.portal.url}/%3Cb%3Eupisano`)).text()).includes('upisano'));

    const context = await suite.browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    const still = await context.newPage();
    await still.goto(`${suite.portal.url}/nema-te-stranice`);
    await still.getByRole('heading', { name: 'Stranica nije pronađena' }).waitFor();
    await screenshot(still, 'prerender-404-no-js-phone');
    await still.getByRole('link', { name: 'Nazad na početnu' }).click();
    await still.waitForURL(`${suite.portal.url}/`);
    await still.getByText('Televizija koja ide s tobom').waitFor();
    await context.close();

    const page = await suite.browser.newPage({ viewport: { width: 375, height: 800 } });
    const watch = await watchHydration(page);
    await page.goto(`${suite.portal.url}/nema-te-stranice`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Stranica nije pronađena' }).waitFor();
    assert.equal(await watch.replaced(), false, 'the 404 page was drawn anew instead of hydrated');
    assert.equal(await watch.shift(), 0);
    // Hydrated: the link home goes there in the page, without loading a document.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Nazad na početnu' }).click();
    await page.getByText('Televizija koja ide s tobom').waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), true);
    // The browser reports the document's own 404; nothing else is said.
    const said = watch.messages.filter((message) => !/status of 404/.test(message));
    assert.deepEqual(said, [], said.join('\n'));
    await page.close();
  });

  it('shows a price changed since the build once the page has hydrated', async () => {
    const page = await suite.browser.newPage();
    const watch = await watchHydration(page);
    // The API answers what the operator has set since the catalogue was built.
    await page.route('**/api/ontv/plans', async (route) => {
      const plans = (await (await route.fetch()).json()) as Array<{ code: string; price: number }>;
      await route.fulfill({ json: plans.map((plan) => (plan.code === 'maxon' ? { ...plan, price: 29.9 } : plan)) });
    });
    await page.goto(`${suite.portal.url}/paketi`);
    await page.getByText('29,90 KM').waitFor();
    assert.equal(await page.getByText('24,90 KM').count(), 0);
    assert.equal(await watch.replaced(), false);
    assert.deepEqual(watch.messages, []);
    await page.close();
  });

  it('reads with JavaScript off: the content is there and its links work', async () => {
    const context = await suite.browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    await page.goto(`${suite.portal.url}/paketi`);
    await page.getByRole('heading', { name: 'MaxON' }).waitFor();
    await page.getByText('24,90 KM').waitFor();
    await screenshot(page, 'prerender-paketi-no-js');
    await page.getByRole('link', { name: /Pogledaj listu kanala.*MaxON/ }).click();
    await page.waitForURL(`${suite.portal.url}/tv-kanali?paket=maxon`);
    await page.getByText('Prikazano kanala: 193').waitFor();
    // The filters are buttons of a GET form: without JavaScript they load the filtered list.
    await page.getByRole('button', { name: 'StartON paket' }).click();
    await page.waitForURL(`${suite.portal.url}/tv-kanali?paket=starton`);
    await page.getByText('Prikazano kanala: 124').waitFor();
    assert.equal(await page.getByRole('button', { name: 'StartON paket', pressed: true }).count(), 1);
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Videoteke' }).click();
    await page.getByRole('heading', { name: 'Videoteke' }).waitFor();
    // The footer's links, which a phone without JavaScript has (its menu button needs JavaScript).
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Česta pitanja' }).click();
    await page.getByText('Mogu li gledati izvan Bosne i Hercegovine?').waitFor();
    await screenshot(page, 'prerender-faq-no-js-phone');
    await context.close();
  });
});
