/**
 * The host's shell around a page that arrives drawn (pages.ts): its index.html with the page's head tags
 * in place of its own, the page's HTML in its root, and its scripts started by the boot script.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One preload: the file, what it is, and whether it is fetched in CORS mode (`fetch` and manifests). */
export interface PreloadHint {
  href: string;
  as: 'fetch' | 'script' | 'style';
  crossorigin?: true;
}

/** The host's index.html, read again only when its file changes. */
const readIndex = (() => {
  let cached: { file: string; mtimeMs: number; html: string } | null = null;
  return (file: string): string => {
    const { mtimeMs } = fs.statSync(file);
    if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
      cached = { file, mtimeMs, html: fs.readFileSync(file, 'utf8') };
    }
    return cached.html;
  };
})();

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script>: nothing in it may close the element or open a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');

/** What a prerendered page says of itself for the document's head (pages.json). */
export interface PageHeadData {
  path: string;
  title: string;
  description: string;
  jsonLd: object[];
  /** Head elements the page's render asked for: preloads of its first images (`<link rel="preload" as="image">`). */
  head: string[];
  /** The page's stylesheets the first paint needs, relative to the remote's folder (`base`). */
  css: string[];
}

/**
 * A prerendered page's head: its title and description, its canonical and sharing links at the portal's
 * address (`origin`), its stylesheets under its remote's `base`, its image preloads and its JSON-LD.
 */
export function pageHead(page: PageHeadData, origin: string, base: string): string[] {
  const canonical = `${origin}${page.path}`;
  const image = `${origin}${base}images/share.png`;
  const title = `${page.title} | ON TV`;
  const withOrigin = (value: object) => scriptJson(value).replace(/\{origin\}/g, origin);
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="ON TV" />`,
    `<meta property="og:locale" content="bs_BA" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(page.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    ...page.css.map((file) => `<link rel="stylesheet" href="${escapeHtml(base + file)}" />`),
    // Written by React for this page: only image preloads pass.
    ...page.head.filter((element) => /^<link rel="preload" as="image" href="[^"<>]*"\/>$/.test(element)),
    ...page.jsonLd.map((data) => `<script type="application/ld+json">${withOrigin(data)}</script>`),
  ];
}

/**
 * The host's index.html holding a page that arrives drawn: `head` in place of its title (and of its
 * description, when `head` has one of its own), `html` as the root's content, what the browser needs to
 * hydrate it (`page`) beside the root, the host's scripts started by the boot script, and no
 * `<noscript>` notice (the page reads without JavaScript).
 */
export function drawnDocument(
  indexFile: string,
  preload: PreloadHint[],
  head: string[],
  html: string,
  page: object,
): string {
  // The page's data stays outside the root React hydrates: the app draws no such element.
  const body =
    `<div id="root">${html}</div>` + `<script type="application/json" id="portal-page">${scriptJson(page)}</script>`;
  const ownDescription = head.some((tag) => tag.startsWith('<meta name="description"'));
  return withBoot(readIndex(indexFile), path.dirname(indexFile), preload)
    .replace(/<title>[^<]*<\/title>/, () => '')
    .replace(/<meta\s+name="?description"?[^>]*>/, (tag) => (ownDescription ? '' : tag))
    .replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`)
    .replace(/<div id="?root"?><\/div>/, () => body)
    .replace(/<noscript>[\s\S]*?<\/noscript>/, () => '');
}

/**
 * The host's scripts start once the page has painted (host/src/boot.ts starts them, in order, with the
 * page's other files as preloads): the first paint of a page that arrives drawn waits for none of them,
 * and shares the connection with none of them. A host built without its boot script keeps its own tags.
 */
function withBoot(index: string, hostDist: string, preload: PreloadHint[]): string {
  if (!fs.existsSync(path.join(hostDist, 'boot.js'))) return index;
  const scripts: string[] = [];
  const rest = index.replace(/<script defer(?:="defer")? src="?(\/[\w.-]+\.js)"?><\/script>/g, (_tag, src: string) => {
    scripts.push(src);
    return '';
  });
  if (scripts.length === 0) return index;
  const boot =
    `<script defer src="/boot.js" data-main="${scripts.join(' ')}"` +
    (preload.length > 0 ? ` data-preload="${escapeHtml(JSON.stringify(preload))}"` : '') +
    '></script>';
  return rest.replace('</head>', () => `${boot}</head>`);
}
