/**
 * The prerendered public pages (docs/decisions/031-prerendered-public-pages.md): the server stitches a
 * remote's prerendered page into the host's prerendered shell, and the page's head tags into the
 * host's index.html. The host's build writes `host/dist/shells.json` (the shell of each public path,
 * with a marker where the page goes); a remote's build writes `remotes/<name>/dist/pages.json` (each
 * page's HTML, head, the reads it rendered with, and its files). Redeploying a remote replaces its
 * pages without a host build. A file missing or unreadable leaves the page to the browser, as before.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { REMOTE_PREFIXES, remoteFor, type Plan, type RemoteName } from '@portal/shared/contract';
import { messages } from '@portal/shared/texts';
import { withCurrentPrices } from './pagePrices';
import { builtFileBody, withCurrentFile, type Editable, type EditableFiles } from './editable';
import { drawnDocument, escapeHtml, pageHead, type PageHeadData, type PreloadHint } from './shell';

export type { PreloadHint } from './shell';

/** The host's shell around a page: its marker is where the page's HTML goes. */
const PAGE_MARKER = '<template data-portal-page=""></template>';
/** shells.json's entry for the host's 404 page, drawn whole (host/src/prerender/shells.tsx). */
const NOT_FOUND_SHELL = '404';

/** A page as its remote's build prerendered it: its head (shell.ts), its HTML and state, its scripts. */
interface PrerenderedPage extends PageHeadData {
  html: string;
  state: unknown;
  /** The page's scripts to preload, relative to the remote's folder. */
  js: string[];
  /** Where it shows an editor's file (faq.json, a legal text), filled with the file as it is now. */
  editable?: Editable;
}

interface Shell {
  sandbox: string;
  live: string;
}

/** A reader of JSON files, each read once per change of its modification time (null: missing or not JSON). */
export function cachedJson<T>() {
  const cache = new Map<string, { mtimeMs: number; value: T | null }>();
  return (file: string): T | null => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    const cached = cache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.value;
    let value: T | null = null;
    try {
      value = JSON.parse(fs.readFileSync(file, 'utf8')) as T;
    } catch {
      value = null;
    }
    cache.set(file, { mtimeMs, value });
    return value;
  };
}

const readShells = cachedJson<Record<string, Shell>>();
const readPagesFile = cachedJson<{ build?: string; pages: PrerenderedPage[] }>();
const manifestHash = (() => {
  let cached: { file: string; mtimeMs: number; hash: string } | null = null;
  return (file: string): string | null => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (cached?.file !== file || cached.mtimeMs !== mtimeMs)
        cached = { file, mtimeMs, hash: createHash('sha256').update(fs.readFileSync(file)).digest('hex') };
      return cached.hash;
    } catch {
      return null;
    }
  };
})();

/**
 * A remote's prerendered pages, when they belong to the build of it that is deployed (its manifest):
 * HTML of one version hydrated by another would not match.
 */
function readPages(root: string, remote: string): PrerenderedPage[] {
  const dist = path.join(root, 'remotes', remote, 'dist');
  const file = readPagesFile(path.join(dist, 'pages.json'));
  if (!file?.build || file.build !== manifestHash(path.join(dist, 'mf-manifest.json'))) return [];
  return Array.isArray(file.pages) ? file.pages : [];
}

/** `/privacy-policy/` and `/privacy-policy` are one page. */
const trimmed = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/**
 * The page prerendered for this address: the same path, and of the query only what the page was
 * rendered with (`/tv-kanali?paket=maxon`); the entry naming the most of the request's query wins.
 */
function findPage(pages: PrerenderedPage[], pathname: string, search: URLSearchParams): PrerenderedPage | null {
  let best: { page: PrerenderedPage; named: number } | null = null;
  for (const page of pages) {
    const url = new URL(page.path, 'http://portal.invalid');
    if (trimmed(url.pathname) !== trimmed(pathname)) continue;
    const wanted = [...url.searchParams];
    if (!wanted.every(([key, value]) => search.get(key) === value)) continue;
    if (!best || wanted.length > best.named) best = { page, named: wanted.length };
  }
  return best?.page ?? null;
}

interface PageOptions {
  root: string;
  pathname: string;
  search: string;
  /** The portal's public address (PUBLIC_URL), for canonical and sharing links. */
  origin: string;
  sandbox: boolean;
  /**
   * What the page fetches once its scripts run (preloadHints): the boot script asks for it after the
   * first paint, beside the host's script, so none of it takes the connection from the page's HTML,
   * stylesheets and images before they have painted.
   */
  preload?: PreloadHint[];
  /** The plans the database holds now (catalogue/plans.ts): the page's prices are theirs (pagePrices.ts); null: as built. */
  plans?: Plan[] | null;
  /** The editable files of the page's remote as they are now (editable.ts); none: as built. */
  files?: (remote: RemoteName) => EditableFiles | null;
}

/**
 * The whole document of a prerendered page, or null when this address has none (the browser draws it).
 * Only a remote this server serves at `/remotes/<name>/` is stitched in: its pages name their files there.
 */
export function prerenderedDocument({
  root,
  pathname,
  search,
  origin,
  sandbox,
  preload = [],
  plans = null,
  files,
}: PageOptions): string | null {
  const remote = remoteFor(pathname);
  if (!remote) return null;
  const config = readPortalConfig(path.join(root, 'host', 'dist', 'portal.config.json'));
  const base = `/remotes/${remote}/`;
  if (config?.remotes?.[remote] !== `${base}mf-manifest.json`) return null;
  const found = findPage(readPages(root, remote), pathname, new URLSearchParams(search));
  const current = found?.editable && files?.(remote)?.(found.editable.file);
  const page = found && withCurrentFile(withCurrentPrices(found, plans), current ?? null);
  const shell = readShells(path.join(root, 'host', 'dist', 'shells.json'))?.[trimmed(pathname)];
  const indexFile = path.join(root, 'host', 'dist', 'index.html');
  if (!page || !shell || !fs.existsSync(indexFile)) return null;

  const head = pageHead(page, origin, base);
  const html = shell[sandbox ? 'sandbox' : 'live'].replace(PAGE_MARKER, () => page.html);
  return drawnDocument(indexFile, preload, head, html, { remote, path: page.path, state: page.state });
}

/**
 * The 404 page of a path no remote owns, drawn by the host's build (its header, footer and the page
 * saying 'Stranica nije pronađena'), or null when the build has none (the browser draws it). Never
 * indexed; the path asked for is not written into it. The browser hydrates it (`"notFound": true`).
 */
export function notFoundDocument({
  root,
  sandbox,
  preload = [],
}: Pick<PageOptions, 'root' | 'sandbox' | 'preload'>): string | null {
  const hostDist = path.join(root, 'host', 'dist');
  const shell = readShells(path.join(hostDist, 'shells.json'))?.[NOT_FOUND_SHELL];
  const indexFile = path.join(hostDist, 'index.html');
  const html = shell?.[sandbox ? 'sandbox' : 'live'];
  if (typeof html !== 'string' || !fs.existsSync(indexFile)) return null;
  const head = [
    `<title>${escapeHtml(`${messages.notFoundTitle} | ON TV`)}</title>`,
    '<meta name="robots" content="noindex" />',
  ];
  return drawnDocument(indexFile, preload, head, html, { notFound: true });
}

/**
 * A prerendered document as the browser asks for it: brotli or gzip by its Accept-Encoding (the
 * channel list is 63 KB of HTML, 5 KB compressed: on a phone's connection that is a few round trips
 * before the first paint), else as it is. The encodings of the last documents are kept, so a page
 * is compressed once per build, not per request.
 */
export function encodedDocument(
  html: string,
  acceptEncoding: string | undefined,
): { body: string | Buffer; encoding: 'br' | 'gzip' | null } {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
  if (!encoding) return { body: html, encoding };
  const key = `${encoding}:${html}`;
  let body = encodedDocuments.get(key);
  if (body) {
    encodedDocuments.delete(key);
  } else {
    body =
      encoding === 'br'
        ? zlib.brotliCompressSync(html, {
            params: {
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
            },
          })
        : zlib.gzipSync(html, { level: 9 });
    if (encodedDocuments.size >= ENCODED_DOCUMENTS) encodedDocuments.delete(encodedDocuments.keys().next().value!);
  }
  encodedDocuments.set(key, body);
  return { body, encoding };
}
const ENCODED_DOCUMENTS = 64;
const encodedDocuments = new Map<string, Buffer>();

/** The host's deployed `portal.config.json`, as far as the server reads it (pages here, preload hints). */
export const readPortalConfig = cachedJson<{ apiBaseUrl?: unknown; remotes?: Record<string, unknown> }>();

/**
 * An editable file of a remote's `resources/` as the browser reads it: its last good copy, or what the
 * page built with it shows (editable.ts); null for any other file.
 */
export function editableFile(root: string, remote: RemoteName, file: string, files: EditableFiles): string | null {
  const current = files(file);
  if (current) return current.text;
  return builtFileBody(readPages(root, remote).find((page) => page.editable?.file === file));
}

/** The prerendered pages' scripts (the page's own chunk), for the Link header's preloads. */
export function prerenderedScripts(root: string, pathname: string, search: string): string[] {
  const remote = remoteFor(pathname);
  if (!remote) return [];
  const page = findPage(readPages(root, remote), pathname, new URLSearchParams(search));
  return page ? page.js.map((file) => `/remotes/${remote}/${file}`) : [];
}

/**
 * Search engines may read the public pages, the catalogue's; every other remote's pages are the
 * customer's own areas, none of theirs: robots.txt disallows them and the server sends them with
 * `x-robots-tag: noindex` (portalPages.ts), both by this one rule.
 */
export const closedToSearch = (remote: RemoteName): boolean => remote !== 'catalogue';

/** Search engines may read the public pages; the customer's own areas are none of theirs. */
export function robotsTxt(origin: string): string {
  const closed = REMOTE_PREFIXES.filter(({ remote }) => closedToSearch(remote)).map(({ prefix }) => prefix);
  return [
    'User-agent: *',
    ...closed.map((prefix) => `Disallow: ${prefix}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Every prerendered public page, at the portal's address. */
export function sitemapXml(root: string, origin: string): string {
  const urls = readPages(root, 'catalogue').map((page) => `  <url><loc>${escapeHtml(origin + page.path)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
