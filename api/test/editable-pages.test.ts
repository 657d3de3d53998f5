import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { tempDir } from '../../test/lib/tempDir';
import { createServer } from '../src/server';
import { createLogger } from '../src/log';
import { startApi, type StartedApi } from './harness';

const MARKER = '<template data-portal-page=""></template>';
const digest = (text: string) => createHash('sha256').update(text).digest('hex');

const FAQ = [{ q: 'Koliko uređaja mogu koristiti?', a: 'Dva ili četiri, zavisno od paketa.' }];
const TERMS = '<h1>Uslovi plaćanja</h1><p>Pretplata se plaća mjesečno.</p>';

/** One question as the catalogue's FAQ page draws it. */
const question = (q: string, a: string) =>
  `<details class="it"><summary class="qu">${q}</summary><p class="an">${a}</p></details>`;

/**
 * A built portal as the catalogue's build leaves it: `/faq` and `/uslovi-placanja` prerendered with the
 * files of `dist/resources/`, each page naming the file it shows and the HTML around it
 * (remotes/catalogue/src/prerender/render.tsx).
 */
function builtPortal(): string {
  const root = tempDir('ontv-editable-');
  const host = path.join(root, 'host', 'dist');
  const remote = path.join(root, 'remotes', 'catalogue', 'dist');
  fs.mkdirSync(host, { recursive: true });
  fs.mkdirSync(path.join(remote, 'resources'), { recursive: true });
  fs.writeFileSync(
    path.join(host, 'index.html'),
    '<!doctype html><html><head><title>ON TV</title></head><body><div id=root></div></body></html>',
  );
  fs.writeFileSync(
    path.join(host, 'portal.config.json'),
    JSON.stringify({ apiBaseUrl: '/api', remotes: { catalogue: '/remotes/catalogue/mf-manifest.json' } }),
  );
  const shell = { sandbox: `<main>${MARKER}</main>`, live: `<main>${MARKER}</main>` };
  fs.writeFileSync(path.join(host, 'shells.json'), JSON.stringify({ '/faq': shell, '/uslovi-placanja': shell }));
  const manifest = JSON.stringify({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } }, exposes: [] });
  fs.writeFileSync(path.join(remote, 'mf-manifest.json'), manifest);
  fs.writeFileSync(path.join(remote, 'resources', 'faq.json'), JSON.stringify(FAQ));
  fs.writeFileSync(path.join(remote, 'resources', 'terms.html'), TERMS);
  const faqAround = ['<h1>Česta pitanja</h1><div class="list">', '</div>'];
  const termsAround = ['<h1>Uslovi plaćanja</h1><div class="text">', '</div>'];
  const pages = [
    {
      path: '/faq',
      title: 'Česta pitanja',
      description: 'Odgovori',
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'FAQPage', mainEntity: [] }],
      chunk: 'faq',
      head: [],
      html: faqAround[0] + question(FAQ[0]!.q, FAQ[0]!.a) + faqAround[1],
      state: { queries: [{ queryKey: ['resource', 'faq.json'], state: { data: FAQ } }] },
      css: [],
      js: [],
      editable: {
        file: 'faq.json',
        digest: digest(JSON.stringify(FAQ)),
        around: faqAround,
        entry: {
          parts: ['<details class="it"><summary class="qu">', '</summary><p class="an">', '</p></details>'],
          fields: ['q', 'a'],
        },
      },
    },
    {
      path: '/uslovi-placanja',
      title: 'Uslovi plaćanja',
      description: 'Uslovi',
      jsonLd: [],
      chunk: 'legal',
      head: [],
      html: `${termsAround[0]}<p>Pretplata se plaća mjesečno.</p>${termsAround[1]}`,
      state: {
        queries: [{ queryKey: ['resource', 'terms.html'], state: { data: '<p>Pretplata se plaća mjesečno.</p>' } }],
      },
      css: [],
      js: [],
      editable: { file: 'terms.html', digest: digest(TERMS), around: termsAround },
    },
  ];
  fs.writeFileSync(
    path.join(remote, 'pages.json'),
    JSON.stringify({ build: createHash('sha256').update(manifest).digest('hex'), pages }),
  );
  return root;
}

/** The page's reads beside the root, as the browser hydrates with them. */
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="portal-page">(.*?)<\/script>/.exec(html)![1]!) as {
    state: { queries: Array<{ queryKey: unknown[]; state: { data: unknown } }> };
  };

describe('the FAQ and the legal texts served as their files are now, without a build or a restart', () => {
  let api: StartedApi;
  let portal: FastifyInstance;
  let url: string;
  let resources: string;
  const warnings: string[] = [];

  before(async () => {
    const root = builtPortal();
    resources = path.join(root, 'remotes', 'catalogue', 'dist', 'resources');
    api = await startApi({ engine: 'pglite', env: { SANDBOX: '1', PORTAL_ROOT: root } });
    const logger = createLogger('info', {
      write(line: string) {
        const parsed = JSON.parse(line) as { level: number; msg: string };
        if (parsed.level === 40) warnings.push(parsed.msg);
      },
    });
    portal = await createServer(api.ctx, { portal: true, logger });
    url = await portal.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await portal?.close();
    await api?.close();
  });

  const get = async (route: string) => {
    const response = await fetch(url + route);
    assert.equal(response.status, 200, route);
    return response.text();
  };
  /** An editor's save: the file's content and a later modification time (as two saves a second apart have). */
  const edit = (file: string, content: string | Buffer) => {
    const target = path.join(resources, file);
    fs.writeFileSync(target, content);
    const later = new Date(fs.statSync(target).mtimeMs + 2_000);
    fs.utimesSync(target, later, later);
  };

  it('shows an edited question on the next request of /faq, in its HTML, its reads and its JSON-LD', async () => {
    assert.ok((await get('/faq')).includes('Koliko uređaja mogu koristiti?'), 'as built');
    const edited = [
      { q: 'Mogu li gledati u inostranstvu?', a: 'Ne: samo u Bosni i Hercegovini ("BiH") <i>uživo</i>.' },
      { q: 'Koliko uređaja mogu koristiti?', a: 'Do četiri & više uz MaxON.' },
    ];
    edit('faq.json', JSON.stringify(edited));
    const html = await get('/faq');
    assert.ok(
      html.includes(
        question(
          'Mogu li gledati u inostranstvu?',
          'Ne: samo u Bosni i Hercegovini (&quot;BiH&quot;) &lt;i&gt;uživo&lt;/i&gt;.',
        ),
      ),
      'the new question, its text escaped as React escapes it',
    );
    assert.ok(html.includes(question('Koliko uređaja mogu koristiti?', 'Do četiri &amp; više uz MaxON.')));
    assert.ok(!html.includes('Dva ili četiri'), 'the old answer is gone');
    const faq = stateOf(html).state.queries.find((q) => q.queryKey[1] === 'faq.json')!;
    assert.deepEqual(faq.state.data, edited, 'the browser hydrates with what the HTML shows');
    assert.ok(html.includes('"name":"Mogu li gledati u inostranstvu?"'), 'the FAQPage JSON-LD');
    assert.deepEqual(
      JSON.parse(await get('/remotes/catalogue/resources/faq.json')),
      edited,
      'the file the page asks for',
    );
  });

  it('keeps the last good FAQ when an edit is not valid JSON, with one warning, never a 500', async () => {
    edit('faq.json', '[{ "q": "Pola pitanja", ');
    for (let i = 0; i < 2; i += 1) {
      const html = await get('/faq');
      assert.ok(html.includes('Mogu li gledati u inostranstvu?'), 'the last good copy');
      assert.ok(!html.includes('Pola pitanja'));
    }
    const served = JSON.parse(await get('/remotes/catalogue/resources/faq.json')) as Array<{ q: string }>;
    assert.equal(served[0]!.q, 'Mogu li gledati u inostranstvu?', 'the browser reads the last good copy too');
    assert.equal(warnings.filter((w) => w.includes('faq.json')).length, 1, warnings.join('\n'));
    edit('faq.json', JSON.stringify([{ q: 'Ima li ugovorne obaveze?', a: 'Nema.' }]));
    assert.ok((await get('/faq')).includes(question('Ima li ugovorne obaveze?', 'Nema.')), 'mended');
  });

  it('shows an edited legal text on the next request, sanitised, and keeps the last good one when it is broken', async () => {
    assert.ok((await get('/uslovi-placanja')).includes('<p>Pretplata se plaća mjesečno.</p>'), 'as built');
    edit(
      'terms.html',
      '<h1>Uslovi plaćanja</h1><p onclick="alert(1)">Od 1.1.2027. pretplata se plaća <strong>unaprijed</strong>.</p>' +
        '<script>alert(2)</script><a href="javascript:alert(3)">ovdje</a> <a href="/faq">pitanja</a>',
    );
    const html = await get('/uslovi-placanja');
    assert.ok(html.includes('<p>Od 1.1.2027. pretplata se plaća <strong>unaprijed</strong>.</p>'), html);
    assert.ok(html.includes('<a href="/faq">pitanja</a>'));
    assert.ok(!/alert\(|javascript:|onclick|Pretplata se plaća mjesečno/.test(html), html);
    const terms = stateOf(html).state.queries.find((q) => q.queryKey[1] === 'terms.html')!;
    assert.ok(String(terms.state.data).includes('<strong>unaprijed</strong>'));

    edit('terms.html', Buffer.from([0x3c, 0x70, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x70, 0x3e]));
    const kept = await get('/uslovi-placanja');
    assert.ok(kept.includes('<strong>unaprijed</strong>'), 'a file that is no UTF-8 text keeps the last good copy');
    assert.equal(warnings.filter((w) => w.includes('terms.html')).length, 1, warnings.join('\n'));
  });
});
