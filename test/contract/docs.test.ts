/**
 * The map stays true (docs/README.md): every decision record is listed in docs/decisions/README.md
 * with the status its own Status line gives, and a record that amends or supersedes another is named
 * in that one's Status line; every page of docs/ is in the docs index; every relative Markdown link
 * of the README and docs/ reaches a file, and a heading when it names one; and no file of the
 * repository sends its reader where they cannot follow: outside the repository (`../elsewhere/`, an
 * absolute path of a build machine, a Markdown file the repository does not hold) or to an issue
 * number instead of a decision record or a reason.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');
const DECISIONS = 'docs/decisions';
const DECISIONS_INDEX = `${DECISIONS}/README.md`;
const DOCS_INDEX = 'docs/README.md';
/** A link to a template's placeholder (`[NNN](NNN-name.md)`), not to a file. */
const PLACEHOLDER = /NNN/;

/** The repository's files as git sees them (tracked, and new ones not ignored), without builds and installs. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((file) => file !== '' && !file.split('/').some((dir) => dir === 'node_modules' || dir === 'dist'))
    .filter((file) => !file.startsWith('test/artifacts/') && file !== 'package-lock.json')
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** A file's text, or null for a binary one (a NUL in its first bytes) or an image. */
function textOf(file: string): string | null {
  if (/\.(png|jpe?g|webp|gif|ico|zip|pdf|woff2?)$/i.test(file)) return null;
  const bytes = fs.readFileSync(path.join(ROOT, file));
  return bytes.subarray(0, 8000).includes(0) ? null : bytes.toString('utf8');
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');
const markdownFiles = (files: string[]) => files.filter((file) => file === 'README.md' || /^docs\/.*\.md$/.test(file));

// ---------------------------------------------------------------------------------------------------
// Decision records

interface DecisionRecord {
  file: string;
  number: string;
  title: string;
  /** What the Status line says of this record: accepted, superseded … by NNN, amended by NNN. */
  status: string;
  /** The records this one says it amends or supersedes. */
  changes: string[];
}

/** The Status paragraph: from `Status:` to the next blank line or the Date line. */
function statusParagraph(markdown: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.startsWith('Status:'));
  if (start < 0) return '';
  const paragraph = [lines[start]!.slice('Status:'.length)];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.startsWith('Date:')) break;
    paragraph.push(line);
  }
  return paragraph.join(' ');
}

/**
 * A Status paragraph as the index writes it, links dropped: `accepted`, `superseded by 030`,
 * `superseded for passwords by 016; amended by 035`. "Amends 006" and "Supersedes 019" describe
 * other records and are not this one's status.
 */
function statusOf(paragraph: string): string {
  const parts: string[] = [];
  const words = /\b(accepted|proposed)\b|\bsuperseded( for [^[\d]+?)? by \[?(\d{3})|\bamended by \[?(\d{3})/gi;
  for (const match of paragraph.matchAll(words)) {
    const part = match[1]
      ? match[1].toLowerCase()
      : match[3]
        ? `superseded${match[2] ?? ''} by ${match[3]}`
        : `amended by ${match[4]}`;
    if (!parts.includes(part)) parts.push(part);
  }
  return parts.join('; ');
}

/** The records a Status paragraph says this record amends or supersedes (`Amends 006`, `Supersedes 019 … and 020`). */
function changedBy(paragraph: string): string[] {
  const numbers: string[] = [];
  for (const clause of paragraph.matchAll(/\b(?:Amends|Supersedes)\b([^.:]*)/g)) {
    for (const number of clause[1]!.matchAll(/\b\d{3}\b/g)) if (!numbers.includes(number[0])) numbers.push(number[0]);
  }
  return numbers;
}

function decisionRecords(): DecisionRecord[] {
  return fs
    .readdirSync(path.join(ROOT, DECISIONS))
    .filter((name) => /^\d{3}-.+\.md$/.test(name) && !name.startsWith('000-'))
    .sort()
    .map((name) => {
      const markdown = read(`${DECISIONS}/${name}`);
      const heading = /^# (\d{3}): (.+)$/m.exec(markdown);
      const paragraph = statusParagraph(markdown);
      return {
        file: name,
        number: heading?.[1] ?? '',
        title: heading?.[2]?.trim() ?? '',
        status: statusOf(paragraph),
        changes: changedBy(paragraph),
      };
    });
}

/** Markdown's links reduced to their text: `[021](021-x.md)` → `021`. */
const linkText = (markdown: string) => markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');

/** The index's rows: `| [NNN](file) | title | status |`, keyed by the file the row links to. */
function indexRows(markdown: string): Map<string, { number: string; title: string; status: string }> {
  const rows = new Map<string, { number: string; title: string; status: string }>();
  for (const line of markdown.split('\n')) {
    const row = /^\| \[(\d{3})\]\(([^)]+)\) \| (.+?) \| (.+?) \|$/.exec(line);
    if (row) rows.set(row[2]!, { number: row[1]!, title: row[3]!, status: linkText(row[4]!) });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Links

/** Text without fenced code blocks and inline code, where brackets and paths are examples. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[\s\S]*?^\1/gm, '').replace(/`[^`\n]*`/g, '');
}

/** The relative targets of a Markdown text's links: `[text](target)`, without web addresses and placeholders. */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1]!)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target) && !PLACEHOLDER.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return linkText(heading)
    .replace(/`/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings, a repeated one numbered as GitHub numbers it. */
function anchors(markdown: string): Set<string> {
  const found = new Set<string>();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(match[1]!);
    let anchor = base;
    for (let n = 1; found.has(anchor); n++) anchor = `${base}-${n}`;
    found.add(anchor);
  }
  return found;
}

/** What is wrong with one link of `from` (a path from the root), or null when it reaches what it names. */
function brokenLink(from: string, target: string): string | null {
  const [where = '', anchor] = target.split('#');
  const file = where === '' ? from : path.posix.normalize(path.posix.join(path.posix.dirname(from), where));
  if (file.startsWith('../') || path.posix.isAbsolute(file)) return 'points outside the repository';
  const full = path.join(ROOT, file);
  if (!fs.existsSync(full)) return 'no such file';
  if (anchor && file.endsWith('.md') && !anchors(fs.readFileSync(full, 'utf8')).has(anchor))
    return `no heading #${anchor} in ${file}`;
  return null;
}

// ---------------------------------------------------------------------------------------------------
// What a reader of the repository cannot follow

/** The comments of a source file (`// …`, `/* … *\/`), where a path is prose rather than code. */
function comments(source: string): string {
  return [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/[^\n]*/g)].map((match) => match[0]).join('\n');
}

/** The prose of a file: the whole of a Markdown file, the comments of a source file, nothing of data. */
function prose(file: string, text: string): string {
  if (file.endsWith('.md')) return text;
  if (/\.(ts|tsx|js|mjs|cjs|css)$/.test(file)) return comments(text);
  return '';
}

/**
 * What in one file's text sends a reader where they cannot follow. `markdownNames` are the names of
 * the repository's Markdown files; `prose` is the part of the text where a relative path is prose.
 */
function unfollowable(file: string, text: string, markdownNames: Set<string>, proseText: string): string[] {
  const problems: string[] = [];
  for (const match of text.matchAll(/\b[Ii]ssues? ?#?\d+\b|\(#\d+\)/g)) problems.push(`an issue number: "${match[0]}"`);
  if (/(^|[\s'"`(])\/work\//m.test(text)) problems.push('an absolute path of a build machine (/work/)');
  for (const match of text.matchAll(/(?<![\w.-])([\w.-]+\.md)\b/g)) {
    if (!markdownNames.has(match[1]!) && !PLACEHOLDER.test(match[1]!))
      problems.push(`${match[1]}, which the repository does not hold`);
  }
  for (const match of proseText.matchAll(/(?<![\w./-])((?:\.\.\/)+)[\w@-][\w./@-]*/g)) {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[0]));
    if (resolved.startsWith('../')) problems.push(`${match[0]}, outside the repository`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------

describe('the docs: their index, the decision records and the links', () => {
  const files = repositoryFiles();
  const records = decisionRecords();

  it('reads a Status line as the index writes it', () => {
    assert.equal(statusOf(' accepted.'), 'accepted');
    assert.equal(statusOf(' accepted; amended by [021](021-react.md): the API client'), 'accepted; amended by 021');
    assert.equal(
      statusOf(' superseded for passwords by [016](016-argon2id.md): … Amended by [035](035-x.md): the PIN'),
      'superseded for passwords by 016; amended by 035',
    );
    assert.equal(statusOf(' accepted. Supersedes 019 (fetch) and 020 (Preact).'), 'accepted');
    assert.deepEqual(changedBy(' accepted. Supersedes 019 (fetch, not axios) and 020 (Preact).'), ['019', '020']);
    assert.deepEqual(changedBy(' accepted; amends [023](023-compiled.md): the compiled server'), []);
    assert.deepEqual(changedBy(' accepted. Amends [008](008-pin.md): the PIN'), ['008']);
  });

  it('lists every record in docs/decisions/README.md with its number, title and the status its Status line says', () => {
    assert.ok(records.length >= 40, `found ${records.length} records: the scan is broken`);
    const rows = indexRows(read(DECISIONS_INDEX));
    const problems: string[] = [];
    for (const record of records) {
      if (!record.number || !record.status)
        problems.push(`${record.file}: no "# NNN: title" heading or no Status line`);
      const row = rows.get(record.file);
      if (!row) {
        problems.push(`${record.file} is not listed (| [${record.number}](${record.file}) | … | ${record.status} |)`);
        continue;
      }
      if (row.number !== record.number) problems.push(`${record.file}: listed as ${row.number}`);
      if (row.title !== record.title)
        problems.push(`${record.file}: title "${row.title}", the record says "${record.title}"`);
      if (row.status !== record.status)
        problems.push(`${record.file}: status "${row.status}", its Status line says "${record.status}"`);
    }
    for (const file of rows.keys())
      if (!records.some((record) => record.file === file)) problems.push(`the index lists ${file}, which is no record`);
    assert.deepEqual(problems, []);
  });

  it('names, in the Status line of a record another amends or supersedes, the record that does', () => {
    const byNumber = new Map(records.map((record) => [record.number, record]));
    const problems: string[] = [];
    for (const record of records) {
      for (const number of record.changes) {
        const changed = byNumber.get(number);
        if (!changed) problems.push(`${record.file} changes ${number}, which does not exist`);
        else if (!new RegExp(`(amended|superseded[^;]*) by ${record.number}\\b`).test(changed.status))
          problems.push(
            `${record.file} changes ${changed.file}, whose Status line ("${changed.status}") does not say so`,
          );
      }
      for (const named of record.status.matchAll(/by (\d{3})/g))
        if (!byNumber.has(named[1]!))
          problems.push(`${record.file}: its status names ${named[1]}, which does not exist`);
    }
    assert.deepEqual(problems, []);
  });

  it('lists every page of docs/ in docs/README.md', () => {
    const linked = new Set(
      relativeLinks(read(DOCS_INDEX)).map((target) => path.posix.join('docs', target.split('#')[0]!)),
    );
    const pages = files.filter(
      (file) => /^docs\/.*\.md$/.test(file) && file !== DOCS_INDEX && !/^docs\/decisions\/\d{3}-/.test(file),
    );
    assert.ok(pages.length >= 10, `found ${pages.length} pages: the scan is broken`);
    assert.deepEqual(
      pages.filter((page) => !linked.has(page)),
      [],
    );
  });

  it('finds the links and anchors a Markdown text has', () => {
    assert.deepEqual(
      relativeLinks(
        'See [a](docs/a.md#b), [web](https://x.ba/y), [t](NNN-name.md) and `[code](not/a/link.md)`.\n```\n[x](y.md)\n```',
      ),
      ['docs/a.md#b'],
    );
    assert.equal(slug("The operator's legal data"), 'the-operators-legal-data');
    assert.equal(
      slug('Several API processes on one PostgreSQL, behind a proxy'),
      'several-api-processes-on-one-postgresql-behind-a-proxy',
    );
    assert.equal(
      slug("The browser's configuration: portal.config.json"),
      'the-browsers-configuration-portalconfigjson',
    );
    assert.deepEqual([...anchors('# A\n## B b\n```\n# not one\n```\n## B b\n')], ['a', 'b-b', 'b-b-1']);
    assert.equal(brokenLink('README.md', 'docs/no-such-page.md'), 'no such file');
    assert.equal(brokenLink('docs/limits.md', '../../elsewhere/STYLE.md'), 'points outside the repository');
    assert.equal(brokenLink('README.md', '#no-such-heading'), 'no heading #no-such-heading in README.md');
  });

  it('keeps every relative link of the README and docs/ alive, to the heading it names', () => {
    const problems: string[] = [];
    let count = 0;
    for (const file of markdownFiles(files)) {
      for (const target of relativeLinks(read(file))) {
        count++;
        const problem = brokenLink(file, target);
        if (problem) problems.push(`${file}: (${target}): ${problem}`);
      }
    }
    assert.ok(count > 100, `found ${count} links: the scan is broken`);
    assert.deepEqual(problems, []);
  });

  it('tells what a reader of the repository cannot follow', () => {
    const names = new Set(['README.md', 'product.md']);
    const check = (file: string, text: string) => unfollowable(file, text, names, prose(file, text));
    assert.deepEqual(check('api/src/a.ts', '// Short sessions (issue 35).\nconst a = 1;'), [
      'an issue number: "issue 35"',
    ]);
    assert.deepEqual(check('docs/a.md', 'Practices 18 and 22 of STYLE.md.'), [
      'STYLE.md, which the repository does not hold',
    ]);
    assert.deepEqual(check('README.md', 'As ../shared/DESIGN.md says'), [
      'DESIGN.md, which the repository does not hold',
      '../shared/DESIGN.md, outside the repository',
    ]);
    assert.deepEqual(check('api/src/a.ts', "// Read /work/shared/notes\nimport x from '../../y';"), [
      'an absolute path of a build machine (/work/)',
    ]);
    assert.deepEqual(check('api/src/a.ts', "import x from '../../../../y'; // a path in code, not prose"), []);
    assert.deepEqual(
      check('docs/a.md', 'product.md §2, [the README](../README.md), `error.issues`, React error #527'),
      [],
    );
  });

  it('sends no reader outside the repository or to an issue number', () => {
    const markdownNames = new Set(
      files.filter((file) => file.endsWith('.md')).map((file) => path.posix.basename(file)),
    );
    const problems: string[] = [];
    let scanned = 0;
    for (const file of files) {
      if (file === SELF) continue; // its samples name what is wrong on purpose
      const text = textOf(file);
      if (text === null) continue;
      scanned++;
      for (const problem of unfollowable(file, text, markdownNames, prose(file, text)))
        problems.push(`${file}: ${problem}`);
    }
    assert.ok(scanned > 500, `scanned ${scanned} files: the scan is broken`);
    assert.deepEqual(problems, []);
  });
});
