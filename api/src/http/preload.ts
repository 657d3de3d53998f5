import fs from 'node:fs';
import path from 'node:path';
import { remoteFor } from '@portal/shared/contract';
import { cachedJson, prerenderedScripts, readPortalConfig, type PreloadHint } from './pages';

interface Manifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

const readManifest = cachedJson<Manifest>();

/** Whether a name (from a manifest or the configuration) is usable as it is in a URL path and a header value. */
const safe = (name: unknown): name is string =>
  typeof name === 'string' && /^[\w./-]+$/.test(name) && !name.includes('..');

/**
 * Calls a page makes at once, needing no login, before its main content can paint (the packages'
 * prices): preloaded with the page when the API is on this origin. Paths are under `/{product}/`.
 */
const FIRST_CALLS: Record<string, string[]> = { '/paketi': ['plans'] };

/**
 * Pages whose every visitor calls the API soon, though with nothing the server can preload: `/nalog`'s
 * login form sends the login, a signed-in customer's account page its reads (with the token, which only
 * the browser holds). The API client's chunk is preloaded with them (docs/decisions/046).
 */
const CALLING_PAGES = new Set(['/nalog']);

/** The host's chunk of the API client (axios; shared/src/api/http.ts), fetched with a page's first call. */
function apiClientChunk(portalRoot: string): string | undefined {
  try {
    return fs
      .readdirSync(path.join(portalRoot, 'host', 'dist'))
      .find((file) => /^api-client\.[0-9a-f]+\.js$/.test(file));
  } catch {
    return undefined;
  }
}

/**
 * What the portal's page at `pathname` will fetch one round trip after another (its script, then
 * `portal.config.json`, then the remote's manifest, then the remote's entry and routes, then the page's
 * first call), to be preloaded at once: the configuration, the page's first calls with the API client's
 * chunk that sends them, and, when this server serves the remote that owns the path, its manifest,
 * `remoteEntry.js` and the files of its `./routes`. A file that cannot be read only leaves its hints out.
 */
export function preloadHints(portalRoot: string, pathname: string, product: string, search = ''): PreloadHint[] {
  const hints: PreloadHint[] = [{ href: '/portal.config.json', as: 'fetch', crossorigin: true }];
  const remote = remoteFor(pathname);
  const config = readPortalConfig(path.join(portalRoot, 'host', 'dist', 'portal.config.json'));
  const api = config?.apiBaseUrl;
  if (typeof api === 'string' && api.startsWith('/') && !api.startsWith('//') && safe(api)) {
    const calls = FIRST_CALLS[pathname] ?? [];
    for (const call of calls)
      hints.push({ href: `${api.replace(/\/$/, '')}/${product}/${call}`, as: 'fetch', crossorigin: true });
    const client = calls.length > 0 || CALLING_PAGES.has(pathname) ? apiClientChunk(portalRoot) : undefined;
    if (client) hints.push({ href: `/${client}`, as: 'script' });
  }
  const entry = remote ? config?.remotes?.[remote] : undefined;
  const base = `/remotes/${remote}/`;
  // A remote deployed elsewhere (another origin or path) is not this server's to describe.
  if (!remote || typeof entry !== 'string' || !entry.startsWith(base) || !safe(entry)) return hints;
  const manifest = readManifest(path.join(portalRoot, 'remotes', remote, 'dist', entry.slice(base.length)));
  if (!manifest) return hints;

  hints.push({ href: entry, as: 'fetch', crossorigin: true });
  const remoteEntry = manifest.metaData?.remoteEntry;
  const entryFile = `${remoteEntry?.path ?? ''}${remoteEntry?.path ? '/' : ''}${remoteEntry?.name ?? ''}`;
  const routes = manifest.exposes?.find((expose) => expose.path === './routes')?.assets;
  const scripts = [entryFile, ...(routes?.js?.sync ?? [])].filter(safe);
  // A prerendered page hydrates once its own chunk has arrived: fetched beside the routes, not after them.
  const pageScripts = prerenderedScripts(portalRoot, pathname, search).filter(safe);
  const styles = (routes?.css?.sync ?? []).filter(safe);
  for (const file of styles) hints.push({ href: `${base}${file}`, as: 'style' });
  for (const file of scripts) hints.push({ href: `${base}${file}`, as: 'script' });
  for (const file of pageScripts) hints.push({ href: file, as: 'script' });
  return hints;
}

/** The hints as a `Link` header's value. */
export function linkHeader(hints: PreloadHint[]): string {
  return hints
    .map(
      ({ href, as, crossorigin }) => `<${href}>; rel=preload; as=${as}${crossorigin ? '; crossorigin=anonymous' : ''}`,
    )
    .join(', ');
}
