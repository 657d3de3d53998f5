import { tempDir } from '../../test/lib/tempDir';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { preloadLinks } from './harness';

/** A portal root with the host's configuration and the catalogue's manifest as given. */
function portalRoot(remotes: Record<string, string>, manifest?: unknown, apiBaseUrl = '/api'): string {
  const root = tempDir('ontv-preload-');
  fs.mkdirSync(path.join(root, 'host', 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, 'host', 'dist', 'portal.config.json'), JSON.stringify({ apiBaseUrl, remotes }));
  if (manifest !== undefined) {
    fs.mkdirSync(path.join(root, 'remotes', 'catalogue', 'dist'), { recursive: true });
    fs.writeFileSync(
      path.join(root, 'remotes', 'catalogue', 'dist', 'mf-manifest.json'),
      typeof manifest === 'string' ? manifest : JSON.stringify(manifest),
    );
  }
  return root;
}

const HERE = {
  catalogue: '/remotes/catalogue/mf-manifest.json',
  account: '/remotes/account/mf-manifest.json',
  onboarding: '/remotes/onboarding/mf-manifest.json',
};
const manifest = (js: string[], css: string[] = []) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    { path: './widget', assets: { js: { sync: ['widget.1.js'] }, css: { sync: [] } } },
    { path: './routes', assets: { js: { sync: js, async: ['page.2.js'] }, css: { sync: css, async: [] } } },
  ],
});
const CONFIG = '</portal.config.json>; rel=preload; as=fetch; crossorigin=anonymous';
const PLANS = '</api/ontv/plans>; rel=preload; as=fetch; crossorigin=anonymous';

describe('the Link header of the portal page', () => {
  it('names the configuration, and the manifest, entry and route files of the remote that owns the path', () => {
    const root = portalRoot(HERE, manifest(['routes.1.js'], ['routes.1.css']));
    const remote = [
      '</remotes/catalogue/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous',
      '</remotes/catalogue/routes.1.css>; rel=preload; as=style',
      '</remotes/catalogue/remoteEntry.js>; rel=preload; as=script',
      '</remotes/catalogue/routes.1.js>; rel=preload; as=script',
    ];
    assert.equal(preloadLinks(root, '/', 'ontv'), [CONFIG, ...remote].join(', '));
    // The packages page also asks for the plans at once.
    assert.equal(preloadLinks(root, '/paketi', 'ontv'), [CONFIG, PLANS, ...remote].join(', '));
  });

  it('preloads a first call only from an API on its own origin', () => {
    const links = (apiBaseUrl: string) => preloadLinks(portalRoot(HERE, undefined, apiBaseUrl), '/paketi', 'ontv');
    assert.equal(links('/api/'), [CONFIG, PLANS].join(', '));
    assert.equal(links('https://api.example.ba'), CONFIG);
    assert.equal(links('//api.example.ba'), CONFIG);
  });

  it("names the API client's chunk for /nalog, whose every visitor calls soon, and not for a page that does not", () => {
    const root = portalRoot(HERE);
    fs.writeFileSync(path.join(root, 'host', 'dist', 'api-client.0123456789.js'), '');
    const client = '</api-client.0123456789.js>; rel=preload; as=script';
    assert.equal(preloadLinks(root, '/nalog', 'ontv'), [CONFIG, client].join(', '));
    assert.equal(preloadLinks(root, '/paketi', 'ontv'), [CONFIG, PLANS, client].join(', '));
    assert.equal(preloadLinks(root, '/nalog/promijeni-pin', 'ontv'), CONFIG);
  });

  it('names no remote file for a path no remote owns, a remote deployed elsewhere, or a manifest it cannot read', () => {
    const onlyFirst = [CONFIG, PLANS].join(', ');
    assert.equal(preloadLinks(portalRoot(HERE, manifest(['routes.1.js'])), '/nepoznato', 'ontv'), CONFIG);
    assert.equal(
      preloadLinks(
        portalRoot(
          { ...HERE, catalogue: 'https://cdn.example.ba/catalogue/mf-manifest.json' },
          manifest(['routes.1.js']),
        ),
        '/paketi',
        'ontv',
      ),
      onlyFirst,
    );
    assert.equal(preloadLinks(portalRoot(HERE), '/paketi', 'ontv'), onlyFirst);
    assert.equal(preloadLinks(portalRoot(HERE, '{ broken'), '/paketi', 'ontv'), onlyFirst);
    const noHost = tempDir('ontv-preload-');
    assert.equal(preloadLinks(noHost, '/paketi', 'ontv'), CONFIG);
  });

  it('leaves out file names that would leave the remote folder or break the header', () => {
    const root = portalRoot(HERE, manifest(['../../host/dist/main.js', 'a b.js', 'x.js>; rel=stylesheet', 'ok.1.js']));
    const links = preloadLinks(root, '/paketi', 'ontv');
    assert.ok(links.includes('</remotes/catalogue/ok.1.js>; rel=preload; as=script'));
    for (const bad of ['..', 'a b', 'rel=stylesheet']) assert.ok(!links.includes(bad), `${bad} left out`);
  });
});
