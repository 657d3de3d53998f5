import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { cyrillicDocument, requestedScript } from '../src/http/cyrillicDocument';
import { createServer } from '../src/server';
import { builtPortal, startApi, type StartedApi } from './harness';

const MARKER = '<template data-portal-page=""></template>';
const INDEX =
  '<!doctype html><html lang="bs"><head><meta charset="utf-8"/><title>ON TV</title></head>' +
  '<body><div id="root"></div></body></html>';
const SHELL =
  '<header><a href="/paketi" aria-label="Početna: ON TV">Početna</a></header><main>' +
  MARKER +
  '</main><footer><button lang="bs-Latn" translate="no" aria-pressed="true">Latinica</button>' +
  '<button lang="bs-Cyrl" translate="no" aria-pressed="false">Ћирилица</button></footer>';
const PAGE =
  '<h1>Paketi i cijene</h1><h2 translate="no">MaxON</h2><p>Gledaj na 4 uređaja<!-- --> <!-- -->za 24,90 KM</p>';

/** A built portal: the host's index and shells, the catalogue's `/paketi` and the host's 404 page. */
function portalWithPackages(): string {
  const notFound = '<main><h1>Stranica nije pronađena</h1></main>';
  const page = { path: '/paketi', title: 'Paketi', description: 'Opis paketa', jsonLd: [], head: [], css: [], js: [] };
  return builtPortal({
    name: 'cyrillic',
    index: INDEX,
    shells: { '/paketi': { sandbox: SHELL, live: SHELL }, 404: { sandbox: notFound, live: notFound } },
    pages: [{ ...page, html: PAGE, state: { queries: [{ queryKey: ['plans'], state: { data: 'Paketi' } }] } }],
  });
}

describe('a prerendered page in Cyrillic', () => {
  it('has every text node and read attribute transliterated, as the browser would, and says bs-Cyrl', () => {
    const html = cyrillicDocument(
      '<!doctype html><html lang="bs-Latn"><head><title>Paketi | ON TV</title>' +
        '<script type="application/json" id="portal-page">{"title":"Paketi <b>"}</script>' +
        '<style>.a::after{content:"Paketi"}</style></head><body>' +
        '<p title="Cijena &amp; uslovi" data-x="Paketi">Ljubav &amp; &quot;njuška&quot; &lt;džep&gt;&#x27;s</p>' +
        '<img alt="Logo kanala" src="/a.png"/><br/>Tekst' +
        '<span translate="no" aria-label="MaxON paket">Nje <b>Ime</b></span>' +
        '<svg aria-label="Ikona"><title>Ikona</title><path d="M0 0"/></svg>' +
        '<code>npm start</code><textarea placeholder="Vaša poruka">Unos</textarea>' +
        '<div contenteditable="true">Piše</div><div contenteditable="false">Čita</div>' +
        '<p>Znak &copy; ostaje</p><p>Mail: demo@ontv.ba, ontv.ba</p></body></html>',
    );
    assert.equal(
      html,
      '<!doctype html><html lang="bs-Cyrl"><head><title>Пакети | ON TV</title>' +
        '<script type="application/json" id="portal-page">{"title":"Paketi <b>"}</script>' +
        '<style>.a::after{content:"Paketi"}</style></head><body>' +
        '<p title="Цијена &amp; услови" data-x="Paketi">Љубав &amp; "њушка" &lt;џеп&gt;\'с</p>' +
        '<img alt="Лого канала" src="/a.png"/><br/>Текст' +
        '<span translate="no" aria-label="MaxON paket">Nje <b>Ime</b></span>' +
        '<svg aria-label="Ikona"><title>Ikona</title><path d="M0 0"/></svg>' +
        '<code>npm start</code><textarea placeholder="Ваша порука">Unos</textarea>' +
        '<div contenteditable="true">Piše</div><div contenteditable="false">Чита</div>' +
        '<p>Znak &copy; ostaje</p><p>Маил: demo@ontv.ba, ontv.ba</p></body></html>',
    );
    assert.equal(cyrillicDocument(html), html, 'a second pass changes nothing');
  });

  it("is asked for by the device's cookie, under the product's name; anything else is Latin", () => {
    assert.equal(requestedScript(undefined, 'ontv'), 'latin');
    assert.equal(requestedScript('ontv.script=cyrillic', 'ontv'), 'cyrillic');
    assert.equal(requestedScript('a=1; ontv.script=cyrillic; b=2', 'ontv'), 'cyrillic');
    assert.equal(requestedScript('ontv.script=latin', 'ontv'), 'latin');
    assert.equal(requestedScript('ontv.script=Cyrillic', 'ontv'), 'latin');
    assert.equal(requestedScript('ontv.script=cirilica', 'ontv'), 'latin');
    assert.equal(requestedScript('other.script=cyrillic', 'ontv'), 'latin');
    assert.equal(requestedScript('xontv.script=cyrillic', 'ontv'), 'latin');
  });
});

describe('the server sends a prerendered page in the script of its cookie', () => {
  let api: StartedApi;
  let portal: FastifyInstance;
  let url: string;

  before(async () => {
    api = await startApi({ engine: 'pglite', env: { SANDBOX: '1', PORTAL_ROOT: portalWithPackages() } });
    portal = await createServer(api.ctx, { portal: true });
    url = await portal.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await portal?.close();
    await api?.close();
  });

  const get = (route: string, cookie?: string, encoding = 'identity') =>
    fetch(url + route, { headers: { 'accept-encoding': encoding, ...(cookie ? { cookie } : {}) } });
  const product = () => api.ctx.config.product;

  it('in Latin without the cookie or with a value it does not know, in Cyrillic with it, at the same address', async () => {
    for (const cookie of [undefined, `${product()}.script=latin`, `${product()}.script=%D1%9B`]) {
      const response = await get('/paketi', cookie);
      const html = await response.text();
      assert.match(html, /<html lang="bs-Latn">/, String(cookie));
      assert.ok(html.includes('<h1>Paketi i cijene</h1>'));
      assert.ok(html.includes('<title>Paketi | ON TV</title>'));
    }
    const response = await get('/paketi', `a=b; ${product()}.script=cyrillic`);
    assert.equal(response.status, 200);
    assert.equal(response.url, `${url}/paketi`);
    const html = await response.text();
    assert.match(html, /<html lang="bs-Cyrl">/);
    assert.ok(html.includes('<title>Пакети | ON TV</title>'));
    assert.ok(html.includes('<a href="/paketi" aria-label="Почетна: ON TV">Почетна</a>'), 'the shell too');
    assert.ok(html.includes('<h1>Пакети и цијене</h1><h2 translate="no">MaxON</h2>'), 'the name as it is');
    assert.ok(html.includes('<p>Гледај на 4 уређаја<!-- --> <!-- -->за 24,90 КМ</p>'));
    assert.ok(
      html.includes(
        '<button lang="bs-Latn" translate="no" aria-pressed="false">Latinica</button>' +
          '<button lang="bs-Cyrl" translate="no" aria-pressed="true">Ћирилица</button>',
      ),
      'the switch names each script in its own, and the page is in Cyrillic',
    );
    assert.ok(html.includes('"data":"Paketi"'), 'the reads React hydrates with stay as they are');
  });

  it('keeps one compressed copy per script, and tells caches the answer depends on the cookie', async () => {
    const latin = await get('/paketi', undefined, 'br');
    const cyrillic = await get('/paketi', `${product()}.script=cyrillic`, 'br');
    for (const response of [latin, cyrillic]) {
      assert.equal(response.headers.get('content-encoding'), 'br');
      assert.match(response.headers.get('vary') ?? '', /accept-encoding/i);
      assert.match(response.headers.get('vary') ?? '', /cookie/i);
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      assert.equal(response.headers.get('etag'), null, 'no validator shared by the two copies');
    }
    const raw = await fetch(url + '/paketi', {
      headers: { 'accept-encoding': 'gzip', cookie: `${product()}.script=cyrillic` },
    });
    assert.equal(raw.headers.get('content-encoding'), 'gzip');
    // fetch decodes the body: the gzip copy is the Cyrillic one.
    assert.ok((await raw.text()).includes('<h1>Пакети и цијене</h1>'));
    const [latinHtml, cyrillicHtml] = [await latin.text(), await cyrillic.text()];
    assert.ok(latinHtml.includes('<h1>Paketi i cijene</h1>'));
    assert.ok(cyrillicHtml.includes('<h1>Пакети и цијене</h1>'));
  });

  it('sends the 404 page in the chosen script too', async () => {
    const response = await get('/nema-ove-stranice', `${product()}.script=cyrillic`);
    assert.equal(response.status, 404);
    const html = await response.text();
    assert.match(html, /<html lang="bs-Cyrl">/);
    assert.ok(html.includes('<h1>Страница није пронађена</h1>'));
    assert.match(response.headers.get('vary') ?? '', /cookie/i);
  });
});
