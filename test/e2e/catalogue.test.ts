import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { ROOT } from '../../api/src/cli/freshness';
import { expectAccessible, logIn, screenshot, portalAndBrowser } from './harness';

const SCREENS = [
  { path: '/', heading: 'Televizija koja ide s tobom', text: 'Više od 150 TV kanala', name: 'home' },
  { path: '/paketi', heading: 'Paketi', text: '14,90 KM', name: 'paketi' },
  { path: '/tv-kanali', heading: 'TV kanali', text: 'Al Jazeera Balkans', name: 'tv-kanali' },
  { path: '/videoteke', heading: 'Videoteke', text: 'Viasat World', name: 'videoteke' },
  { path: '/faq', heading: 'Česta pitanja', text: 'Mogu li gledati izvan Bosne i Hercegovine?', name: 'faq' },
  { path: '/uslovi-placanja', heading: 'Uslovi plaćanja', text: 'Automatska naplata', name: 'uslovi-placanja' },
  { path: '/uslovi-koriscenja', heading: 'Uslovi korištenja', text: 'Izmjene ponude', name: 'uslovi-koriscenja' },
  { path: '/privacy-policy/', heading: 'Politika privatnosti', text: 'Tvoja prava', name: 'privacy-policy' },
];

describe('catalogue in a browser', () => {
  const suite = portalAndBrowser({ name: 'catalogue' });

  async function newPage(width = 1280, options: { reducedMotion?: 'reduce' } = {}): Promise<Page> {
    const context = await suite.browser.newContext({ viewport: { width, height: 800 }, locale: 'bs-BA', ...options });
    return context.newPage();
  }

  it('renders every catalogue screen on a phone and a desktop', async () => {
    for (const width of [375, 1280]) {
      const page = await newPage(width);
      for (const screen of SCREENS) {
        await page.goto(suite.portal.url + screen.path);
        await page.getByRole('heading', { name: screen.heading }).first().waitFor();
        await page.getByText(screen.text).first().waitFor();
        await page.waitForLoadState('networkidle');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${screen.path} at ${width}px scrolls sideways by ${overflow}px`);
        await screenshot(page, `catalogue-${screen.name}`);
      }
      await page.context().close();
    }
  });

  it('fits every channel’s name inside its tile, in the fonts this machine has', async () => {
    const page = await newPage();
    await page.goto(suite.portal.url + '/tv-kanali');
    await page.getByText('Al Jazeera Balkans').first().waitFor();
    // Each tile as served, drawn inline, so the name's width can be measured in the browser's own fonts.
    const tooWide = await page.evaluate(async () => {
      const sources = new Set([...document.querySelectorAll<HTMLImageElement>('main li img')].map((img) => img.src));
      const found: string[] = [];
      for (const source of sources) {
        const holder = document.createElement('div');
        holder.innerHTML = await (await fetch(source)).text();
        document.body.append(holder);
        const svg = holder.querySelector('svg')!;
        const width = svg.querySelector('text')!.getBBox().width;
        if (width > svg.viewBox.baseVal.width) found.push(`${source.split('/').pop()}: ${Math.round(width)}`);
        holder.remove();
      }
      return { count: sources.size, found };
    });
    assert.ok(tooWide.count > 150, `only ${tooWide.count} tiles on the page`);
    assert.deepEqual(tooWide.found, [], 'names wider than their tile');
    await page.context().close();
  });

  it('filters channels by clicking, keeps the filter in the address and preselects from it', async () => {
    const page = await newPage();
    await page.goto(`${suite.portal.url}/tv-kanali`);
    const count = page.getByRole('status').filter({ hasText: 'Prikazano kanala' });
    await count.filter({ hasText: '193' }).waitFor();
    // At once, hydrated or not: before hydration the button submits its GET form (the filtered page).
    await page.getByRole('button', { name: 'StartON paket' }).click();
    await count.filter({ hasText: '124' }).waitFor();
    assert.equal(new URL(page.url()).search, '?paket=starton');
    assert.equal(await page.getByRole('button', { name: 'StartON paket' }).getAttribute('aria-pressed'), 'true');
    assert.equal(await page.getByRole('list', { name: 'Kanali' }).getByText('HBO', { exact: true }).count(), 0);

    await page.reload();
    await count.filter({ hasText: '124' }).waitFor();
    await page.getByRole('button', { name: 'MaxON paket' }).click();
    await page.getByRole('list', { name: 'Kanali' }).getByText('HBO', { exact: true }).waitFor();
    assert.equal(new URL(page.url()).search, '?paket=maxon');
    const image = page.getByRole('listitem').filter({ hasText: 'HBO' }).first().locator('img');
    await image.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      await image.elementHandle(),
    );
    await page.context().close();
  });

  it('links each package to its channels and to subscribing, for visitors and a customer without a package', async () => {
    const page = await newPage();
    await page.goto(`${suite.portal.url}/paketi`);
    const maxon = page.getByRole('article', { name: 'MaxON' });
    await maxon.getByText('24,90 KM').waitFor();
    await maxon.getByText(/^Besplatan promo period do \d+\.\d+\.\d{4}\.$/).waitFor();
    await page.getByRole('article', { name: 'StartON' }).getByText('Besplatan promo period 14 dana!').waitFor();
    assert.equal(
      await maxon.getByRole('link', { name: 'PRETPLATI SE: MaxON' }).getAttribute('href'),
      '/pretplati-se?paket=maxon',
    );
    await maxon.getByRole('link', { name: /Pogledaj listu kanala/ }).click();
    await page.waitForURL(/\/tv-kanali\?paket=maxon$/);
    assert.equal(await page.getByRole('button', { name: 'MaxON paket' }).getAttribute('aria-pressed'), 'true');

    await logIn(page, suite.portal.url);
    await page.goto(`${suite.portal.url}/paketi`);
    await page.getByRole('link', { name: 'PRETPLATI SE: StartON' }).waitFor();
    assert.equal(await page.getByText('PAKET AKTIVIRAN').count(), 0);
    await page.context().close();
  });

  it('marks the package an active customer has and offers no subscribing', async () => {
    const page = await newPage();
    await logIn(page, suite.portal.url, 'aktivna@ontv.ba');
    await page.getByRole('navigation', { name: 'Glavni meni' }).getByRole('link', { name: 'Paketi' }).click();
    await page.getByRole('article', { name: 'MaxON' }).getByText('PAKET AKTIVIRAN').waitFor();
    assert.equal(await page.getByRole('link', { name: /PRETPLATI SE/ }).count(), 0);
    await screenshot(page, 'catalogue-paketi-active');
    await page.context().close();
  });

  it('opens FAQ answers by keyboard and runs the slideshow by keyboard, still under reduced motion', async () => {
    const page = await newPage(1280, { reducedMotion: 'reduce' });
    await page.goto(`${suite.portal.url}/faq`);
    const question = page.getByText('Na koliko uređaja mogu gledati istovremeno?');
    await question.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Uz StartON na 2 uređaja').waitFor({ state: 'visible' });

    await page.goto(`${suite.portal.url}/`);
    await page.getByRole('button', { name: 'Pokreni prikaz' }).waitFor();
    await page.getByRole('button', { name: 'Sljedeći slajd' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('group', { name: '2 od 3' }).getByRole('link', { name: 'Upoznaj videoteke' }).waitFor();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('group', { name: '3 od 3' }).getByRole('link', { name: 'Izaberi paket' }).waitFor();
    await page.context().close();
  });

  it('shows the widget on the demo page under hostile CSS, without leaking its own', async () => {
    for (const width of [375, 1280]) {
      const page = await newPage(width);
      await page.addInitScript(() => {
        const shifts = ((window as unknown as { shifts: number[] }).shifts = [] as number[]);
        new PerformanceObserver((list) =>
          list.getEntries().forEach((entry) => shifts.push((entry as unknown as { value: number }).value)),
        ).observe({ type: 'layout-shift', buffered: true });
      });
      // The prices come a second late, as on a slow phone: the held cards are painted before them.
      await page.route('**/api/ontv/plans', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.goto(`${suite.portal.url}/remotes/catalogue/embed/demo.html`);
      const widget = page.locator('tv-paketi').first();
      await widget.getByRole('heading', { name: 'MaxON' }).waitFor();
      await widget.getByText('24,90 KM').waitFor();
      // The page holds the widgets' place until their script runs (tv-paketi:not(:defined) in its CSS),
      // and the widget holds its own height while the prices load: nothing on the page moves.
      const shift = await page.evaluate(() =>
        (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
      );
      assert.ok(shift < 0.02, `layout shift on the demo page at ${width} px: ${shift}`);
      // Only now: a full-page screenshot resizes the page's viewport, which the browser counts as shifts.
      await screenshot(page, 'widget-demo');

      const inside = await widget.getByRole('heading', { name: 'StartON' }).evaluate((heading) => {
        const style = getComputedStyle(heading);
        const card = heading.closest('article')!;
        const button = card.querySelector('a.button')!;
        return {
          font: style.fontFamily,
          color: style.color,
          size: style.fontSize,
          letterSpacing: style.letterSpacing,
          textTransform: getComputedStyle(card).textTransform,
          cardDisplay: getComputedStyle(card).display,
          buttonColor: getComputedStyle(button).color,
          buttonDecoration: getComputedStyle(button).textDecorationLine,
          buttonBackground: getComputedStyle(button).backgroundColor,
        };
      });
      assert.doesNotMatch(inside.font, /Comic|Courier/);
      assert.equal(inside.color, 'rgb(20, 22, 41)');
      assert.equal(inside.size, '28.8px');
      assert.equal(inside.letterSpacing, 'normal');
      assert.equal(inside.textTransform, 'none');
      assert.equal(inside.cardDisplay, 'flex');
      assert.equal(inside.buttonColor, 'rgb(255, 255, 255)');
      assert.equal(inside.buttonDecoration, 'none');
      assert.equal(inside.buttonBackground, 'rgb(194, 24, 91)');

      const outside = await page.locator('#page-heading').evaluate((heading) => ({
        font: getComputedStyle(heading).fontFamily,
        background: getComputedStyle(heading).backgroundColor,
        pageCard: getComputedStyle(document.getElementById('page-card')!).display,
      }));
      assert.match(outside.font, /Comic Sans/);
      assert.equal(outside.background, 'rgb(255, 255, 0)');
      assert.equal(outside.pageCard, 'none', 'the page keeps its own .card rule');

      const subscribe = widget.getByRole('link', { name: 'PRETPLATI SE: MaxON' });
      assert.equal(
        await subscribe.evaluate((a) => (a as HTMLAnchorElement).href),
        `${suite.portal.url}/pretplati-se?paket=maxon&ref=demo-stranica`,
      );
      await page.context().close();
    }
  });

  it('works on another site’s page with the two pasted lines, and links to the portal it came from', async () => {
    const page = await newPage();
    // The operator's site: another origin (its own little server), plain HTML with hostile CSS.
    const html = `<!doctype html><html lang="bs"><head><meta charset="utf-8"><title>Operater</title>
      <style>* { color: red !important; font-size: 40px !important; }</style></head>
      <body><h1>Operater</h1>
      <script src="${suite.portal.url}/remotes/catalogue/embed/tv-paketi.js" defer></script>
      <tv-paketi paket="starton"></tv-paketi></body></html>`;
    const site = http.createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const operator = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    await page.goto(`${operator}/paketi.html`);
    const widget = page.locator('tv-paketi');
    await widget.getByText('14,90 KM').waitFor();
    assert.equal(await widget.getByRole('heading').count(), 1);
    assert.equal(
      await widget.getByRole('link', { name: 'Pogledaj listu kanala' }).evaluate((a) => (a as HTMLAnchorElement).href),
      `${suite.portal.url}/tv-kanali?paket=starton`,
    );
    assert.equal(await widget.getByText('14,90 KM').evaluate((el) => getComputedStyle(el).color), 'rgb(20, 22, 41)');
    await page.context().close();
    site.close();
  });

  it('keeps its v1 contract on another site: the SRI-pinned file loads, events fire once each, a cancelled select stays, parts style it, its height is held', async () => {
    const pinned = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'remotes/catalogue/dist/embed/integrity.json'), 'utf8'),
    ) as { file: string; integrity: string };
    const html = `<!doctype html><html lang="bs"><head><meta charset="utf-8"><title>Operater</title>
      <style>tv-paketi { --tvp-accent: rgb(11, 92, 173); } tv-paketi::part(button) { border-radius: 3px; } main { max-width: 60rem; }</style>
      <script>
        window.seen = [];
        for (const type of ['tv-paketi-load', 'tv-paketi-error', 'tv-paketi-select']) {
          document.addEventListener(type, (event) => {
            window.seen.push([type, event.target.id, event.detail]);
            if (type === 'tv-paketi-select') event.preventDefault();
          });
        }
        // The widget's height as soon as it is defined, before the prices arrive.
        customElements.whenDefined('tv-paketi').then(() => requestAnimationFrame(() => {
          window.heightBefore = document.getElementById('ok').getBoundingClientRect().height;
        }));
      </script></head>
      <body><main><h1>Operater</h1><h2>Naši paketi</h2>
      <script src="${suite.portal.url}/remotes/catalogue/embed/${pinned.file}" integrity="${pinned.integrity}" crossorigin="anonymous" defer></script>
      <tv-paketi id="ok" paket="maxon" ref="e2e-baner"></tv-paketi>
      <p id="below">Ispod widgeta.</p>
      <tv-paketi id="down" paket="starton" api-url="http://127.0.0.1:9/api"></tv-paketi></main></body></html>`;
    const site = http.createServer((_request, response) =>
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const page = await newPage(375);
    try {
      // The prices come late, as on a slow line: the cards must not move what is below them.
      await page.route('**/api/ontv/plans', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
      await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/paketi.html`);
      const widget = page.locator('#ok');
      await widget.getByText('24,90 KM').waitFor();
      await page.locator('#down').getByRole('button', { name: 'Pokušaj ponovo' }).waitFor();
      await screenshot(page, 'widget-v1-operator');
      const seen = async () =>
        (await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)) as Array<
          [string, string, unknown]
        >;
      // Once each, whichever widget answered first.
      const byWidget = (events: Array<[string, string, unknown]>) =>
        [...events].sort((a, b) => a[1].localeCompare(b[1]));
      assert.deepEqual(
        byWidget(await seen()),
        byWidget([
          [
            'tv-paketi-error',
            'down',
            {
              message:
                'Cijene i promocije trenutno nisu dostupne. Prikazujemo opis paketa; pokušaj ponovo za koji trenutak.',
            },
          ],
          ['tv-paketi-load', 'ok', { packages: [{ code: 'maxon', name: 'MaxON', priceKM: 24.9 }] }],
        ]),
      );
      // It held its height while the prices loaded: what is below it did not move.
      const heights = await page.evaluate(() => [
        (window as unknown as { heightBefore: number }).heightBefore,
        document.getElementById('ok')!.getBoundingClientRect().height,
      ]);
      assert.ok(heights[0]! > 200 && heights[0] === heights[1], `height before and after the prices: ${heights}`);

      const button = widget.getByRole('link', { name: 'PRETPLATI SE: MaxON' });
      assert.equal(
        await button.evaluate((a) => (a as HTMLAnchorElement).href),
        `${suite.portal.url}/pretplati-se?paket=maxon&ref=e2e-baner`,
      );
      const look = await button.evaluate((a) => ({
        radius: getComputedStyle(a).borderTopLeftRadius,
        background: getComputedStyle(a).backgroundColor,
      }));
      assert.deepEqual(look, { radius: '3px', background: 'rgb(11, 92, 173)' });
      const before = page.url();
      await button.click();
      assert.deepEqual(
        (await seen()).filter(([type]) => type === 'tv-paketi-select'),
        [['tv-paketi-select', 'ok', { code: 'maxon', name: 'MaxON', priceKM: 24.9 }]],
      );
      assert.equal(page.url(), before, 'the operator cancelled the select: the page stays');
      await expectAccessible(page, 'two widgets on the operator page');
      // The version that follows compatible releases, and the contract's files, beside it.
      for (const file of ['v1/tv-paketi.js', 'custom-elements.json', 'tv-paketi.d.ts', 'tv-paketi-react.d.ts']) {
        assert.equal((await fetch(`${suite.portal.url}/remotes/catalogue/embed/${file}`)).status, 200, file);
      }
    } finally {
      await page.context().close();
      site.closeAllConnections();
      site.close();
    }
  });

  it('is also a federated module a Module Federation host can load', async () => {
    const page = await newPage();
    await page.goto(`${suite.portal.url}/videoteke`);
    await page.getByRole('heading', { name: 'Videoteke' }).waitFor();
    // The page arrives drawn before the host starts: wait until it has registered its remotes.
    await page.waitForFunction(() => {
      type Instances = { __INSTANCES__?: Array<{ name: string; options?: { remotes?: Array<{ name: string }> } }> };
      const federation = (window as unknown as { __FEDERATION__?: Instances }).__FEDERATION__;
      const host = federation?.__INSTANCES__?.find((instance) => instance.name === 'host');
      return host?.options?.remotes?.some((remote) => remote.name === 'catalogue') ?? false;
    });
    await page.evaluate(async () => {
      type Federation = { __INSTANCES__: Array<{ name: string; loadRemote: <T>(id: string) => Promise<T> }> };
      const federation = (window as unknown as { __FEDERATION__: Federation }).__FEDERATION__;
      const host = federation.__INSTANCES__.find((instance) => instance.name === 'host')!;
      const widget = await host.loadRemote<{ defineTvPaketi: () => void; WIDGET_TAG: string }>('catalogue/widget');
      widget.defineTvPaketi();
      const element = document.createElement(widget.WIDGET_TAG);
      element.setAttribute('paket', 'maxon');
      // Outside React's root: the page may still be hydrating, and hydration owns what is inside it.
      document.body.append(element);
    });
    await page.locator('tv-paketi').getByText('24,90 KM').waitFor();
    await page.context().close();
  });
});
