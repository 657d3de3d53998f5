/**
 * Latin and Cyrillic, both official in Bosnia and Herzegovina (docs/decisions/050-latin-and-cyrillic-pages.md):
 * our texts are written in Latin and shown in Cyrillic by one deterministic transliteration. React-free,
 * so the pages, the widget and the API's e-mails, SMS and PDFs can all write the same Cyrillic. Its own
 * entry, `@portal/shared/texts/script`, outside the page's singleton: a page read in Latin never loads it.
 */

/**
 * Names our texts mention that stay as they are written in either script: the brand, the packages, the
 * video libraries, apps, stores and card schemes; and marks read as Latin letters (a file type, the QR
 * code, the recorder's REC). The longest is tried first (`Visa Secure` before `Visa`).
 */
const NAMES = [
  'ON TV',
  'StartON',
  'MaxON',
  'Epic Drama',
  'Viasat World',
  'AXN Now',
  'AXN',
  'Arena Sport',
  'Sport Klub',
  'Eurosport',
  'Android TV',
  'Android',
  'Google Play',
  'App Store',
  'AppGallery',
  'Huawei',
  'Facebook',
  'Instagram',
  'YouTube',
  'Mastercard Identity Check',
  'Mastercard ID Check',
  'Mastercard',
  'Maestro',
  'Visa Secure',
  'Visa',
  '3-D Secure',
  'PDF',
  'CSV',
  'QR',
  'REC',
] as const;

/** English words our texts use, in the spelling a Cyrillic text gives them; a case ending follows as it is. */
const LOANWORDS: Record<string, string> = { 'e-mail': 'имејл', online: 'онлајн', web: 'веб' };

/**
 * Words in which `lj`, `nj` or `dž` are two letters, not one (a prefix meets a root): `|` marks the seam.
 * None of our texts has one yet; a name or an address a customer typed may.
 */
const SEAMS = ['in|jekc', 'kon|junk', 'nad|živ', 'od|žal', 'pod|žup', 'pod|žanr'];

const DIGRAPHS: Record<string, string> = { lj: 'љ', nj: 'њ', dž: 'џ' };

const LETTERS: Record<string, string> = {
  a: 'а',
  b: 'б',
  c: 'ц',
  č: 'ч',
  ć: 'ћ',
  d: 'д',
  đ: 'ђ',
  e: 'е',
  f: 'ф',
  g: 'г',
  h: 'х',
  i: 'и',
  j: 'ј',
  k: 'к',
  l: 'л',
  m: 'м',
  n: 'н',
  o: 'о',
  p: 'п',
  r: 'р',
  s: 'с',
  š: 'ш',
  t: 'т',
  u: 'у',
  v: 'в',
  z: 'з',
  ž: 'ж',
  // The single characters Unicode has for the digraphs (Ǆ ǅ ǆ, Ǉ ǈ ǉ, Ǌ ǋ ǌ), lower-cased.
  ǆ: 'џ',
  ǉ: 'љ',
  ǌ: 'њ',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ALONE = (pattern: string) => `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`;

/** What is kept as it is wherever it stands: addresses, names, codes, units after a number. */
const KEPT = new RegExp(
  [
    /https?:\/\/[^\s<>"']+|www\.[^\s<>"']+/u.source,
    /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/u.source,
    // A domain or a file name (`ontv.ba`, `portal.config.json`); `d.o.o.` is no domain.
    ALONE(/[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.[a-z]{2,}/u.source),
    ALONE(
      [...NAMES]
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|'),
    ),
    // A code: `ABCD-EFGH-JKLM-NPQR`, or what follows an ellipsis (`Vaučer …ABCD`, `Karticom …4242`).
    ALONE(/[A-Z0-9]{2,}(?:-[A-Z0-9]{2,})+/u.source),
    /(?<=…)[\p{L}\p{N}]+/u.source,
    // Units of measure are international symbols (`72 h`, `5 Mb/s`).
    /(?<=\d\s?)(?:h|Mb\/s|Mbit\/s|kb\/s|GB|MB)(?![\p{L}\p{N}])/u.source,
  ].join('|'),
  'gu',
);

/**
 * A word that stays Latin: letters Bosnian does not write (q, w, x, y: a foreign name), a capital inside
 * it (`iPhone`, `FreeOTP`; but `BiH` is ours) or a digit in it (`N1`, `C100000001`).
 */
function keepsLatin(word: string): boolean {
  if (/[qwxy]/i.test(word) || /\p{N}/u.test(word)) return true;
  return /\p{Ll}\p{Lu}/u.test(word) && word !== 'BiH';
}

/** The indexes in `lower` where a digraph's two letters stay two (SEAMS). */
function seamsOf(lower: string): Set<number> {
  const seams = new Set<number>();
  for (const seam of SEAMS) {
    const at = seam.indexOf('|');
    const plain = seam.replace('|', '');
    for (let i = lower.indexOf(plain); i >= 0; i = lower.indexOf(plain, i + 1)) seams.add(i + at - 1);
  }
  return seams;
}

/** A Cyrillic letter in the case of the Latin letter (or digraph) it stands for: `Lj` and `LJ` are `Љ`. */
const inCase = (latin: string, cyrillic: string) =>
  latin[0] === latin[0]!.toLowerCase() ? cyrillic : cyrillic.toUpperCase();

/** One word of letters, letter by letter, a digraph as one letter. */
function wordToCyrillic(word: string): string {
  const lower = word.toLowerCase();
  const seams = seamsOf(lower);
  let out = '';
  for (let i = 0; i < word.length; i++) {
    const pair = lower.slice(i, i + 2);
    if (DIGRAPHS[pair] && !seams.has(i)) {
      out += inCase(word[i]!, DIGRAPHS[pair]);
      i++;
      continue;
    }
    const letter = LETTERS[lower[i]!];
    out += letter ? inCase(word[i]!, letter) : word[i];
  }
  return out;
}

/** A run of letters and digits, hyphenated (`PDV-a`, `e-mailom`): a loanword's stem, else part by part. */
function tokenToCyrillic(token: string): string {
  const lower = token.toLowerCase();
  const stem = Object.keys(LOANWORDS).find((loan) => lower.startsWith(loan));
  if (stem) {
    const spelled = LOANWORDS[stem]!;
    const head = token[0] === token[0]!.toUpperCase() ? spelled[0]!.toUpperCase() + spelled.slice(1) : spelled;
    return head + wordToCyrillic(token.slice(stem.length));
  }
  return token
    .split('-')
    .map((part) => (keepsLatin(part) ? part : wordToCyrillic(part)))
    .join('-');
}

const free = (text: string) => text.replace(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu, tokenToCyrillic);

/**
 * A text in Serbian/Bosnian Cyrillic: `lj`, `nj`, `dž` are `љ`, `њ`, `џ` (`dj` stays `дј`: only `đ` is `ђ`);
 * names, addresses, codes and numbers stay as they are. Cyrillic in it stays, so a second pass changes nothing.
 */
export function toCyrillic(text: string): string {
  const nfc = text.normalize('NFC');
  let out = '';
  let from = 0;
  for (const kept of nfc.matchAll(KEPT)) {
    out += free(nfc.slice(from, kept.index)) + kept[0];
    from = kept.index + kept[0].length;
  }
  return out + free(nfc.slice(from));
}

/**
 * Where a page's text is not the portal's to transliterate: code and data, what a visitor types, drawings
 * (and, beside these, editable content and whatever is marked `translate="no"`). The browser's
 * transliteration and the server's Cyrillic copy of a prerendered page follow the same lists.
 */
export const KEPT_ELEMENTS = ['script', 'style', 'noscript', 'textarea', 'code', 'kbd', 'samp', 'svg'];

/** The attributes a visitor reads or hears (test/contract/texts.test.ts's list), shown in the page's script. */
export const READ_ATTRIBUTES = ['aria-label', 'aria-description', 'title', 'placeholder', 'alt', 'label'];
