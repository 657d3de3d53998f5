import { createHash } from 'node:crypto';

/**
 * Where a prerendered page shows a file an editor changes (`resources/faq.json`, a legal text): the
 * page's HTML around the file's content, and for a list one entry's HTML split where its texts go. The
 * server fills it with the file as it is now (api/src/http/editable.ts), so an edit shows without a
 * build; `digest` names the file this build rendered, which needs no filling.
 */
export interface Editable {
  file: string;
  digest: string;
  around: [string, string];
  entry?: { parts: string[]; fields: string[] };
}

/** The text a render shows in place of a field (`name`) of an entry: private-use marks around its name. */
export const mark = (name: string, second = false): string => (second ? `\uE001${name}\uE001` : `\uE000${name}\uE000`);
const MARKS = /\uE000([A-Za-z]+)\uE000/;

export const digestOf = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The page's HTML around one text, from a render that showed `mark('text')` in its place. */
export function aroundText(html: string): [string, string] {
  const parts = html.split(mark('text'));
  if (parts.length !== 2) throw new Error(`The page shows its text ${parts.length - 1} times; the server fills one`);
  return [parts[0]!, parts[1]!];
}

/**
 * A list's place and one entry's HTML, from two renders: one with no entries, one with two entries
 * whose fields are marks (the second's marks apart, for React's keys). Checked: the two entries' HTML
 * is that entry twice, between the same HTML as the empty list's.
 */
export function aroundList(
  empty: string,
  two: string,
  fields: readonly string[],
): Required<Pick<Editable, 'around' | 'entry'>> {
  const twice = two.replace(/\uE001/g, '\uE000');
  const length = (twice.length - empty.length) / 2;
  let start = 0;
  while (start < empty.length && empty[start] === twice[start]) start += 1;
  const entry = twice.slice(start, start + length);
  const around: [string, string] = [empty.slice(0, start), empty.slice(start)];
  if (!Number.isInteger(length) || around[0] + entry + entry + around[1] !== twice) {
    throw new Error('The list does not draw its entries one after another; the server cannot fill it');
  }
  const split = entry.split(MARKS);
  const parts = split.filter((_, i) => i % 2 === 0);
  const named = split.filter((_, i) => i % 2 === 1);
  if (named.length !== fields.length || !fields.every((field) => named.includes(field))) {
    throw new Error(`An entry shows ${named.join(', ')}; the server fills each of ${fields.join(', ')} once`);
  }
  return { around, entry: { parts, fields: named } };
}
