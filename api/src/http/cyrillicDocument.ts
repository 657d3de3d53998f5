/**
 * A prerendered page in the script the visitor chose (docs/decisions/056-prerendered-pages-in-the-chosen-script.md):
 * the device's choice travels as a cookie beside its local storage, and a page drawn by the server is sent in
 * Cyrillic by transliterating its HTML's text nodes and read attributes, as the browser would (host/src/script/),
 * with `lang="bs-Cyrl"`. The browser then hydrates it without a change (host/src/script/servedCyrillic.ts).
 */
import type { Script } from '@portal/shared/contract';
import { KEPT_ELEMENTS, READ_ATTRIBUTES, toCyrillic } from '@portal/shared/texts/script';

/** The document's language in each script: what the browser's `<html lang>` will say (SCRIPT_LANG). */
const LANG: Record<Script, string> = { latin: 'bs-Latn', cyrillic: 'bs-Cyrl' };

/**
 * The script a request asks for: its cookie `<product>.script` (the name of the device's local storage key,
 * shared/src/script/store.ts), `cyrillic` or `latin`; anything else, or none, is Latin.
 */
export function requestedScript(cookieHeader: string | undefined, product: string): Script {
  const name = `${product}.script=`;
  const value = (cookieHeader ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(name))
    ?.slice(name.length);
  return value === 'cyrillic' ? 'cyrillic' : 'latin';
}

/** Elements that have no content and no end tag. */
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
/** Elements whose content is text up to their end tag (never markup, never entities). */
const RAW = new Set(['script', 'style']);
const TAG =
  /<!--[\s\S]*?-->|<![^>]*>|<(\/?)([a-zA-Z][\w:-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+))?)*)\s*(\/?)>/g;
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)(?:(\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const LATIN = /[a-zčćđšžǆǉǌ]/i;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Text as the browser reads it, or null when it holds an entity this module does not know (left as it is). */
function decoded(html: string): string | null {
  let unknown = false;
  const text = html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    const hex = /^#x/i.test(name);
    if (name[0] === '#') return String.fromCodePoint(Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10));
    const known = ENTITIES[name.toLowerCase()];
    if (known === undefined) unknown = true;
    return known ?? entity;
  });
  return unknown || /&[a-z]+\d*(?![;\w])/i.test(html) ? null : text;
}

/** The texts of the document being transliterated, each once: a channel list repeats most of its own. */
let written = new Map<string, string>();

/** Text or an attribute's value in Cyrillic, written back as HTML; anything else as it was. */
function inCyrillic(html: string, quote: boolean): string {
  const text = decoded(html);
  if (text === null || !LATIN.test(text)) return html;
  let cyrillic = written.get(text);
  if (cyrillic === undefined) written.set(text, (cyrillic = toCyrillic(text)));
  const escaped = cyrillic.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return quote ? escaped.replace(/"/g, '&quot;') : escaped;
}

interface Open {
  name: string;
  /** Its text stays as it is (KEPT_ELEMENTS, editable content, `translate="no"`), and all below it. */
  keepText: boolean;
  /** Its read attributes stay as they are (a drawing, `translate="no"`), and all below it. */
  keepAttributes: boolean;
}

/**
 * An element's start tag with its read attributes in Cyrillic (unless kept), `<html>` saying its language, and
 * a button named by a script's language (the footer's switch, `lang` and `aria-pressed`) pressed for Cyrillic.
 */
function startTag(tag: string, name: string, attributes: string, keep: boolean): string {
  const pressed = /\slang="bs-(Latn|Cyrl)"/.exec(attributes)?.[1];
  const written = attributes.replace(ATTRIBUTE, (as, space: string, attribute: string, equals?: string, ...values) => {
    const [double, single] = values as [string | undefined, string | undefined];
    const lower = attribute.toLowerCase();
    if (name.toLowerCase() === 'html' && lower === 'lang') return `${space}lang="${LANG.cyrillic}"`;
    if (pressed && lower === 'aria-pressed') return `${space}aria-pressed="${pressed === 'Cyrl'}"`;
    if (keep || !READ_ATTRIBUTES.includes(lower) || (double === undefined && single === undefined)) return as;
    return double !== undefined ? `${space}${attribute}${equals}"${inCyrillic(double, true)}"` : as;
  });
  return `<${name}${written}${tag.slice(1 + name.length + attributes.length)}`;
}

/** What an element's start tag says of the text and attributes below it. */
function opened(name: string, attributes: string, parent: Open | undefined): Open {
  const values = new Map(
    [...attributes.matchAll(ATTRIBUTE)].map((m) => [m[2]!.toLowerCase(), m[4] ?? m[5] ?? m[6] ?? '']),
  );
  const untranslated = values.get('translate') === 'no';
  const editable = values.has('contenteditable') && values.get('contenteditable') !== 'false';
  return {
    name,
    keepText: Boolean(parent?.keepText) || KEPT_ELEMENTS.includes(name) || untranslated || editable,
    keepAttributes: Boolean(parent?.keepAttributes) || name === 'svg' || untranslated,
  };
}

/** The document's HTML with every text node and read attribute the browser would transliterate in Cyrillic. */
function transliterated(html: string): string {
  written = new Map();
  const stack: Open[] = [];
  let out = '';
  let from = 0;
  const text = (end: number) => {
    const piece = html.slice(from, end);
    out += stack.at(-1)?.keepText ? piece : inCyrillic(piece, false);
  };
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    text(match.index);
    const [whole, end, tagName, attributes = '', selfClosing] = match;
    from = match.index + whole.length;
    if (!tagName) {
      out += whole;
      continue;
    }
    const name = tagName.toLowerCase();
    if (end) {
      const at = stack.findLastIndex((open) => open.name === name);
      if (at >= 0) stack.length = at;
      out += whole;
      continue;
    }
    const parent = stack.at(-1);
    const element = opened(name, attributes, parent);
    out += startTag(whole, tagName, attributes, element.keepAttributes);
    if (RAW.has(name)) {
      // Script and style: their text, as it is, up to their end tag.
      const close = html.toLowerCase().indexOf(`</${name}`, from);
      const stop = close < 0 ? html.length : close;
      out += html.slice(from, stop);
      from = stop;
      TAG.lastIndex = stop;
    } else if (!selfClosing && !VOID.has(name)) stack.push(element);
  }
  text(html.length);
  return out;
}

const KEPT_COPIES = 64;
const copies = new Map<string, string>();

/**
 * A document drawn in Latin, in Cyrillic: its text nodes and read attributes through `toCyrillic` (names,
 * addresses, codes and what is marked `translate="no"` stay), `<html lang="bs-Cyrl">`. The copies of the last
 * documents are kept: a page is transliterated once per build and change of prices, not per request.
 */
export function cyrillicDocument(html: string): string {
  let copy = copies.get(html);
  if (copy !== undefined) copies.delete(html);
  else {
    copy = transliterated(html);
    if (copies.size >= KEPT_COPIES) copies.delete(copies.keys().next().value!);
  }
  copies.set(html, copy);
  return copy;
}

/** A document drawn in Latin, saying so: `<html lang="bs-Latn">`. */
export const latinDocument = (html: string): string =>
  html.replace(/<html\b[^>]*>/i, (tag) =>
    /\slang=/i.test(tag) ? tag.replace(/\slang=("[^"]*"|'[^']*'|[^\s>]+)/i, ` lang="${LANG.latin}"`) : tag,
  );
