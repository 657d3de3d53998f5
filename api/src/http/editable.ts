/**
 * The files an editor changes on a deployed portal, `resources/faq.json` and the legal texts of a remote's
 * `dist/resources/`, served as they are now (docs/decisions/052-editable-files-served-as-they-are.md): a
 * prerendered page that shows one is filled with the file's current content where its build says
 * (remotes/catalogue/src/prerender/editable.ts), and the file itself is answered from the same copy. An
 * edit shows on the next request; one that does not parse keeps the last good copy, with one warning.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { faqFileSchema, type FaqItem } from '@portal/shared/contract';
import { sanitizeLegalText } from './legalHtml';

/** Where a prerendered page shows an editor's file (written by the remote's build into pages.json). */
export interface Editable {
  file: string;
  /** The file's SHA-256 when the page was built: a page of that file is served as built. */
  digest: string;
  around: [string, string];
  /** A list's entry (faq.json's question), its HTML split where each field's text goes. */
  entry?: { parts: string[]; fields: string[] };
}

/** The current good copy of an editable file by name, or null (not editable, or none good yet). */
export type EditableFiles = (file: string) => GoodCopy | null;

/** A file's last good copy: its text, digest and what its page shows (the FAQ's items, a text's HTML). */
interface GoodCopy {
  text: string;
  digest: string;
  shown: FaqItem[] | string;
}

const QUERY = 'resource';
/** The editable files, by name, each with how its text becomes what its page shows (throws when it cannot). */
const READERS: Record<string, (text: string) => FaqItem[] | string> = {
  'faq.json': (text) => faqFileSchema.parse(JSON.parse(text)),
  'terms.html': legalText,
  'use-terms.html': legalText,
  'privacy.html': legalText,
};

function legalText(text: string): string {
  const html = sanitizeLegalText(text);
  if (!html.replace(/<[^>]*>/g, '').trim()) throw new Error('no text left to show');
  return html;
}

/**
 * A reader of the editable files of `dir`: each read again when its modification time or size changes
 * (a stat per request, no cache time). An edit that is no UTF-8 text or does not parse is warned about
 * once and the last good copy answered; before any good copy, null (the page and file as built).
 */
export function editableFiles(dir: string, warn: (message: string) => void): EditableFiles {
  const seen = new Map<string, { stamp: string; good: GoodCopy | null }>();
  return (file: string): GoodCopy | null => {
    const read = READERS[file];
    if (!read) return null;
    const known = seen.get(file);
    const full = path.join(dir, file);
    let stamp: string;
    try {
      const stat = fs.statSync(full);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      return known?.good ?? null;
    }
    if (known?.stamp === stamp) return known.good;
    let good = known?.good ?? null;
    try {
      const bytes = fs.readFileSync(full);
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      good = { text, digest: createHash('sha256').update(bytes).digest('hex'), shown: read(text) };
    } catch (error) {
      warn(
        `${full} cannot be shown (${error instanceof Error ? error.message.split('\n')[0] : String(error)}): ` +
          `the pages keep ${good ? 'its last good copy' : 'the copy they were built with'} until it is mended`,
      );
    }
    seen.set(file, { stamp, good });
    return good;
  };
}

/** Text as React writes it into HTML (react-dom/server's escapeTextForBrowser), so the page hydrates. */
const escapeText = (text: string) =>
  text.replace(/["&'<>]/g, (c) => ({ '"': '&quot;', '&': '&amp;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' })[c]!);

function entryHtml(entry: NonNullable<Editable['entry']>, item: Record<string, unknown>): string {
  return entry.parts.reduce(
    (html, part, i) => html + part + (i < entry.fields.length ? escapeText(String(item[entry.fields[i]!] ?? '')) : ''),
    '',
  );
}

interface EditablePage {
  html: string;
  jsonLd: object[];
  state: unknown;
  editable?: Editable;
}

type Query = { queryKey?: unknown[]; state?: { data?: unknown } };

/**
 * A prerendered page with its editor's file as `current` has it: the file's place in the HTML, the read
 * it hydrates with and, for the FAQ, its FAQPage JSON-LD. As built when the file is the built one.
 */
export function withCurrentFile<P extends EditablePage>(page: P, current: GoodCopy | null): P {
  const { editable } = page;
  if (!editable || !current || current.digest === editable.digest) return page;
  const { shown } = current;
  if (typeof shown !== 'string' && !editable.entry) return page;
  const inner = typeof shown === 'string' ? shown : shown.map((item) => entryHtml(editable.entry!, item)).join('');
  const state = structuredClone(page.state) as { queries?: Query[] };
  for (const query of state.queries ?? []) {
    if (query.queryKey?.[0] === QUERY && query.queryKey[1] === editable.file && query.state) query.state.data = shown;
  }
  const faqLd = (node: object): object =>
    typeof shown !== 'string' && (node as { '@type'?: unknown })['@type'] === 'FAQPage'
      ? {
          ...node,
          mainEntity: shown.map((item) => ({
            '@type': 'Question',
            name: item.q,
            acceptedAnswer: { '@type': 'Answer', text: item.a },
          })),
        }
      : node;
  return { ...page, html: editable.around[0] + inner + editable.around[1], state, jsonLd: page.jsonLd.map(faqLd) };
}

/**
 * A file's body as the page built with it shows it (the FAQ's items, the built text's sanitised HTML), for
 * the browser while the file on disk has no good copy.
 */
export function builtFileBody(builtPage: EditablePage | undefined): string | null {
  const query = (builtPage?.state as { queries?: Query[] } | undefined)?.queries?.find(
    (q) => q.queryKey?.[0] === QUERY && q.queryKey[1] === builtPage?.editable?.file,
  );
  const data = query?.state?.data;
  if (data === undefined) return null;
  return typeof data === 'string' ? data : JSON.stringify(data);
}
