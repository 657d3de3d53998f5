import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { encodedDocument, notFoundDocument, prerenderedDocument, robotsTxt, sitemapXml } from '../src/http/pages';
import { builtPortal, preloadLinks } from './harness';

const MARKER = '<template data-portal-page=""></template>';
const INDEX =
  '<!doctype html><html lang=bs><head><meta charset=utf-8><meta name=description content="Opšti opis"><title>ON TV</title></head>' +
  '<body><div id=root></div><noscript>Za korištenje portala potrebno je uključiti JavaScript.</noscript></body></html>';

const page = (pagePath: string, extra: Record<string, unknown> = {}) => ({
  path: pagePath,
  title: 'Paketi',
  description: 'Opis paketa',
  jsonLd: [],
  chunk: 'plans',
  head: [],
  html: `<h1>Stranica ${pagePath}</h1>`,
  state: { queries: [] },
  css: ['routes.1.css', 'packages.1.css'],
  js: ['packages.1.js'],
  ...extra,
});

/** A portal root with the host's index, configuration and shells, and the catalogue's pages as given. */
function portalRoot(pages: unknown[], catalogue?: string): string {
  const shell = {
    sandbox: `<header>probno</header><main>${MARKER}</main>`,
    live: `<header>stvarno</header><main>${MARKER}</main>`,
  };
  const shells = { '/paketi': shell, '/tv-kanali': shell, '/privacy-policy': shell };
  return builtPortal({ name: 'pages', index: INDEX, shells, pages, catalogue });
}

const ORIGIN = 'https://portal.example.ba';
const documentOf = (root: string, pathname: string, search = '', sandbox = false) =>
  prerenderedDocument({ root, pathname, search, origin: ORIGIN, sandbox });

describe('prerendered pages stitched into the host shell', () => {
  it("puts the page where the shell's marker is, its head into the head, and its reads beside the root", () => {
    const root = portalRoot([page('/paketi', { jsonLd: [{ url: '{origin}/paketi' }] })]);
    const html = documentOf(root, '/paketi')!;
    assert.ok(html.includes('<div id="root"><header>stvarno</header><main><h1>Stranica /paketi</h1></main></div>'));
    assert.ok(html.includes('<title>Paketi | ON TV</title>'));
    assert.equal(html.match(/<title>/g)?.length, 1);
    assert.equal(html.match(/name="?description"?/g)?.length, 1, 'one description, the page’s own');
    assert.ok(html.includes(`<link rel="canonical" href="${ORIGIN}/paketi" />`));
    assert.ok(html.includes('<link rel="stylesheet" href="/remotes/catalogue/packages.1.css" />'));
    assert.ok(html.includes(`<script type="application/ld+json">{"url":"${ORIGIN}/paketi"}</script>`));
    assert.ok(html.includes('<script type="application/json" id="portal-page">'));
    assert.ok(!html.includes('<noscript>'), 'the page reads without JavaScript');
    assert.ok(documentOf(root, '/paketi', '', true)!.includes('<header>probno</header>'), 'the sandbox shell');
  });

  it('takes the variant named by the query, the plain page for any other, and one path with or without its slash', () => {
    const root = portalRoot([
      page('/tv-kanali'),
      page('/tv-kanali?paket=maxon', { html: '<h1>MaxON</h1>' }),
      page('/privacy-policy/'),
    ]);
    assert.ok(documentOf(root, '/tv-kanali', 'paket=maxon&utm_source=x')!.includes('<h1>MaxON</h1>'));
    assert.ok(documentOf(root, '/tv-kanali', 'paket=nepoznat')!.includes('<h1>Stranica /tv-kanali</h1>'));
    assert.ok(documentOf(root, '/privacy-policy')!.includes('Stranica /privacy-policy/'));
    assert.ok(documentOf(root, '/privacy-policy/')!.includes('Stranica /privacy-policy/'));
    assert.equal(documentOf(root, '/videoteke'), null, 'a page without its HTML is drawn by the browser');
    assert.equal(documentOf(root, '/nalog'), null);
  });

  it('draws the host’s 404 page whole, never indexed, in the portal’s mode; without it the browser draws it', () => {
    const root = portalRoot([page('/paketi')]);
    assert.equal(notFoundDocument({ root, sandbox: false }), null, 'a host built without its 404 page');
    const shellsFile = path.join(root, 'host', 'dist', 'shells.json');
    const shells = JSON.parse(fs.readFileSync(shellsFile, 'utf8')) as Record<string, unknown>;
    const notFound = (name: string) =>
      `<div><header>${name}</header><main><h1>Stranica nije pronađena</h1></main></div>`;
    shells['404'] = { sandbox: notFound('probno'), live: notFound('stvarno') };
    fs.writeFileSync(shellsFile, JSON.stringify(shells));
    const html = notFoundDocument({ root, sandbox: false })!;
    assert.ok(html.includes(`<div id="root">${notFound('stvarno')}</div>`));
    assert.ok(html.includes('<title>Stranica nije pronađena | ON TV</title>'));
    assert.equal(html.match(/<title>/g)?.length, 1);
    assert.ok(html.includes('<meta name="robots" content="noindex" />'));
    assert.ok(html.includes('<script type="application/json" id="portal-page">{"notFound":true}</script>'));
    assert.ok(!html.includes('<noscript>'), 'the page reads without JavaScript');
    assert.ok(notFoundDocument({ root, sandbox: true })!.includes('<header>probno</header>'), 'the sandbox shell');
  });

  it('leaves a remote deployed elsewhere, or files it cannot read, to the browser', () => {
    assert.equal(
      documentOf(portalRoot([page('/paketi')], 'https://cdn.example.ba/catalogue/mf-manifest.json'), '/paketi'),
      null,
    );
    const root = portalRoot([page('/paketi')]);
    fs.writeFileSync(path.join(root, 'remotes', 'catalogue', 'dist', 'pages.json'), '{ not json');
    assert.equal(documentOf(root, '/paketi'), null);
  });

  it('stitches no page of another build of the remote than the one deployed (its HTML would not hydrate)', () => {
    const root = portalRoot([page('/paketi')]);
    assert.ok(documentOf(root, '/paketi'));
    // The remote deployed anew, its pages not (yet): the browser draws the page.
    fs.writeFileSync(
      path.join(root, 'remotes', 'catalogue', 'dist', 'mf-manifest.json'),
      JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'v2' } }, exposes: [] }),
    );
    assert.equal(documentOf(root, '/paketi'), null);
    assert.ok(!sitemapXml(root, ORIGIN).includes('<loc>'));
  });

  it('keeps what a page says inside its elements: no text closes a script or an attribute', () => {
    const root = portalRoot([
      page('/paketi', {
        title: 'A "naslov" </title><script>alert(1)</script>',
        description: '"><script>alert(2)</script>',
        jsonLd: [{ name: '</script><script>alert(3)</script>' }],
        state: { queries: [{ data: '</script><script>alert(4)</script><!--' }] },
        head: ['<link rel="preload" as="image" href="/a.svg"/>', '<script src="https://evil.example/x.js"></script>'],
      }),
    ]);
    const html = documentOf(root, '/paketi')!;
    assert.equal(html.match(/<script>alert/g), null);
    assert.ok(!html.includes('evil.example'), 'only image preloads pass from a page’s head');
    assert.ok(html.includes('<link rel="preload" as="image" href="/a.svg"/>'));
  });

  it('starts the host’s scripts from its boot script once the page has painted, and has it ask for the page’s files then', () => {
    const root = portalRoot([page('/paketi')]);
    const index = INDEX.replace('</head>', '<script defer src=/main.js></script></head>');
    fs.writeFileSync(path.join(root, 'host', 'dist', 'index.html'), index);
    assert.ok(documentOf(root, '/paketi')!.includes('<script defer src=/main.js>'), 'no boot script built: as it was');
    fs.writeFileSync(path.join(root, 'host', 'dist', 'boot.js'), '');
    const html = documentOf(root, '/paketi')!;
    assert.ok(!html.includes('src=/main.js'));
    // Nothing is preloaded before the first paint: the boot script asks for the page's files after it.
    assert.ok(!html.includes('rel="preload" as="script"'));
    assert.ok(html.includes('<script defer src="/boot.js" data-main="/main.js"></script>'));
    const hinted = prerenderedDocument({
      root,
      pathname: '/paketi',
      search: '',
      origin: 'https://ontv.example',
      sandbox: false,
      preload: [{ href: '/portal.config.json', as: 'fetch', crossorigin: true }],
    })!;
    assert.ok(
      hinted.includes(
        '<script defer src="/boot.js" data-main="/main.js" data-preload="[{&quot;href&quot;:&quot;/portal.config.json&quot;,&quot;as&quot;:&quot;fetch&quot;,&quot;crossorigin&quot;:true}]"></script>',
      ),
    );
  });

  it('sends a page compressed as the browser accepts it (brotli, else gzip), the same page once read', () => {
    const html = documentOf(portalRoot([page('/paketi', { html: '<p>Kanal</p>'.repeat(2000) })]), '/paketi')!;
    const br = encodedDocument(html, 'gzip, deflate, br');
    assert.equal(br.encoding, 'br');
    assert.equal(zlib.brotliDecompressSync(br.body).toString('utf8'), html);
    assert.ok(br.body.length < html.length / 10);
    const gzip = encodedDocument(html, 'gzip;q=1, br;q=0');
    assert.equal(gzip.encoding, 'gzip');
    assert.equal(zlib.gunzipSync(gzip.body).toString('utf8'), html);
    assert.deepEqual(encodedDocument(html, undefined), { body: html, encoding: null });
  });

  it('preloads the page’s own chunk with the routes', () => {
    const root = portalRoot([page('/paketi')]);
    const links = preloadLinks(root, '/paketi', 'ontv');
    assert.ok(links.includes('</remotes/catalogue/packages.1.js>; rel=preload; as=script'), links);
    assert.ok(!preloadLinks(root, '/videoteke', 'ontv').includes('packages.1.js'));
  });

  it('says what search engines may read, and lists every prerendered page at the portal’s address', () => {
    const robots = robotsTxt(ORIGIN);
    for (const closed of ['/nalog', '/kreiraj-nalog', '/zaboravljena-lozinka', '/pretplati-se', '/api/'])
      assert.ok(robots.includes(`\nDisallow: ${closed}\n`), closed);
    assert.ok(!robots.includes('Disallow: /paketi'));
    assert.ok(robots.endsWith(`Sitemap: ${ORIGIN}/sitemap.xml\n`));
    const root = portalRoot([page('/paketi'), page('/tv-kanali?paket=maxon&x=<y>')]);
    const sitemap = sitemapXml(root, ORIGIN);
    assert.ok(sitemap.includes(`<loc>${ORIGIN}/paketi</loc>`));
    assert.ok(sitemap.includes(`<loc>${ORIGIN}/tv-kanali?paket=maxon&amp;x=&lt;y&gt;</loc>`));
  });
});
