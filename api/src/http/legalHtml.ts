/**
 * A legal text as the server puts it into a prerendered page (editable.ts), without a DOM: the browser
 * sanitises the same file with DOMPurify (remotes/catalogue/src/legal/sanitize.ts). Safe by construction:
 * the output holds only the tags below, written anew with no attribute but a checked `href`, and text
 * with `<` and `>` escaped; anything else of the file (scripts, styles, handlers, forms, frames, images,
 * comments, the document's own h1) is left out.
 */
const KEPT = new Set([
  'p',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'u',
  's',
  'small',
  'sub',
  'sup',
  'br',
  'hr',
  'blockquote',
  'div',
  'span',
  'section',
  'article',
  'header',
  'footer',
  'dl',
  'dt',
  'dd',
  'table',
  'caption',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'abbr',
  'code',
  'pre',
]);
const EMPTY = new Set(['br', 'hr']);
/** Left out with everything inside them. */
const DROPPED = new Set([
  'h1',
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'textarea',
  'select',
  'button',
  'noscript',
  'title',
  'head',
]);
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<[!?][^>]*>?|<\/([a-zA-Z][a-zA-Z0-9]*)[^>]*>?|<([a-zA-Z][a-zA-Z0-9]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
const HREF = /(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i;
/** The link targets the browser's sanitiser keeps: the portal's own paths, https, mail and phone, anchors. */
const SAFE_HREF = /^(\/(?![/\\])|https:|mailto:|tel:|#)/i;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, name: string) => {
    if (name[0] !== '#') return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
const escapeText = (text: string) =>
  text
    .replace(/&(?!(#x[0-9a-f]+|#\d+|[a-z]+);)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A link's opening tag: its `href` only when safe (browsers drop tabs and line breaks in a URL: so do we). */
function link(attributes: string): string {
  const found = HREF.exec(attributes);
  const href = decode(found?.[1] ?? found?.[2] ?? found?.[3] ?? '')
    .replace(/[\t\n\r]/g, '')
    .trim();
  if (!href || !SAFE_HREF.test(href)) return '<a>';
  const rel = /^https:/i.test(href) ? ' rel="noopener noreferrer"' : '';
  return `<a href="${escapeAttribute(href)}"${rel}>`;
}

/** The legal text's HTML with only what the page may show (see above). */
export function sanitizeLegalText(html: string): string {
  let out = '';
  const open: string[] = [];
  let dropping: string | null = null;
  for (const [token, closing, opening, attributes = ''] of html.matchAll(TOKEN)) {
    const name = (closing ?? opening)?.toLowerCase();
    if (dropping) {
      if (closing && name === dropping) dropping = null;
      continue;
    }
    if (token.startsWith('<!') || token.startsWith('<?')) continue;
    if (opening && name) {
      if (DROPPED.has(name)) {
        if (!/\/\s*$/.test(attributes)) dropping = name;
      } else if (KEPT.has(name)) {
        out += name === 'a' ? link(attributes) : `<${name}>`;
        if (!EMPTY.has(name)) open.push(name);
      }
    } else if (closing && name) {
      const at = open.lastIndexOf(name);
      if (at >= 0)
        out += open
          .splice(at)
          .reverse()
          .map((tag) => `</${tag}>`)
          .join('');
    } else {
      out += escapeText(token);
    }
  }
  return (
    out +
    open
      .reverse()
      .map((tag) => `</${tag}>`)
      .join('')
  );
}
