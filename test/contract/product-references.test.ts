/**
 * Every `product.md §N` and `product.md §N, Label[; Label…]` in the repository's tracked sources and
 * docs names a section of docs/product.md (`## §N …`) and, when it names a label, one of that
 * section's labels: a run-in `**Label.**` (or `**Label** (…)`) starting a paragraph, or a `- **Label**`
 * bullet. Labels match case-sensitively, word for word. A gloss after a reference takes a colon
 * (`product.md §8: a 400`), not a comma.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const PRODUCT = 'docs/product.md';
const SELF = path.relative(ROOT, __filename).split(path.sep).join('/');

/** docs/product.md's sections by number, each with its labels. */
function productSections(markdown: string): Map<number, Set<string>> {
  const sections = new Map<number, Set<string>>();
  let labels: Set<string> | undefined;
  let paragraphStart = true;
  for (const line of markdown.split('\n')) {
    const heading = /^## §(\d+) /.exec(line);
    if (heading) {
      labels = new Set();
      sections.set(Number(heading[1]), labels);
      paragraphStart = true;
      continue;
    }
    if (line.trim() === '') {
      paragraphStart = true;
      continue;
    }
    const runIn = paragraphStart ? /^\*\*([^*]+?)\.?\*\*(?=[\s(:]|$)/.exec(line) : null;
    const bullet = /^- \*\*([^*]+?)\*\*/.exec(line);
    const label = runIn?.[1] ?? bullet?.[1];
    if (label && labels) labels.add(label);
    paragraphStart = false;
  }
  return sections;
}

interface Reference {
  line: number;
  text: string;
  section: number;
  /** The labels named after this section (`§N, A; B`), none for a bare `§N`. */
  labels: string[];
}

/** What may not be part of a label: the end of a line, closing punctuation, a comment's end, quotes. */
const LABEL = /^[^\n);:.,*'"`]+/;
const SEPARATOR = '[ \\t]*\\n?[ \\t]*';

/**
 * The references in one file's text. A reference may wrap to the next line of a comment where a
 * section or a label is still to come (`product.md §4,` then ` * Subscription status`), not inside a label.
 */
function productReferences(source: string): Reference[] {
  const lines = source.split('\n');
  const starts: number[] = [];
  let text = '';
  lines.forEach((line, i) => {
    if (i > 0) text += '\n';
    starts.push(text.length);
    text += i === 0 ? line : line.replace(/^\s*(?:\/\/+|\*(?![*/]))?\s*/, '');
  });
  const lineOf = (index: number) => {
    let line = 0;
    while (line + 1 < starts.length && (starts[line + 1] ?? Infinity) <= index) line++;
    return line + 1;
  };

  const references: Reference[] = [];
  const start = new RegExp(`product\\.md${SEPARATOR}§(\\d+)`, 'g');
  const nextSection = new RegExp(`^(?:,| and)${SEPARATOR}§(\\d+)`);
  // A label starts with a letter, a digit or a slash (`§2, /paketi` is a wrong label, not prose).
  const firstLabel = new RegExp(`^,${SEPARATOR}(?=[\\p{L}\\p{N}/])`, 'u');
  const moreLabel = new RegExp(`^;${SEPARATOR}(?!(?:docs/)?product\\.md)(?=[\\p{L}\\p{N}/])`, 'u');
  for (let match = start.exec(text); match; match = start.exec(text)) {
    const line = lineOf(match.index);
    let rest = text.slice(match.index + match[0].length);
    let current: Reference = { line, text: '', section: Number(match[1]), labels: [] };
    const found = [current];
    for (let next = nextSection.exec(rest); next; next = nextSection.exec(rest)) {
      current = { line, text: '', section: Number(next[1]), labels: [] };
      found.push(current);
      rest = rest.slice(next[0].length);
    }
    for (let sep = firstLabel.exec(rest); sep; sep = moreLabel.exec(rest)) {
      rest = rest.slice(sep[0].length);
      const label = LABEL.exec(rest)?.[0] ?? '';
      current.labels.push(label.trim());
      rest = rest.slice(label.length);
    }
    const whole = text.slice(match.index, text.length - rest.length).replace(/\n/g, ' ');
    for (const reference of found) references.push({ ...reference, text: whole });
  }
  return references;
}

/** The tracked .ts, .tsx and .md files, without installed packages, builds and test artifacts. */
function trackedSources(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => /\.(?:ts|tsx|md)$/.test(file))
    .filter((file) => !file.split('/').some((dir) => dir === 'node_modules' || dir === 'dist'))
    .filter((file) => !file.startsWith('test/artifacts/'))
    .filter((file) => file !== SELF) // its samples name wrong labels on purpose
    .filter((file) => fs.existsSync(path.join(ROOT, file)));
}

describe('references to docs/product.md', () => {
  const sections = productSections(fs.readFileSync(path.join(ROOT, PRODUCT), 'utf8'));

  it("reads product.md's sections and their labels", () => {
    assert.deepEqual([...sections.keys()], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.ok(sections.get(2)?.has('Layout'), 'a run-in label');
    assert.ok(sections.get(2)?.has('The card dialog'), 'a run-in label with a parenthesis and no full stop');
    assert.ok(sections.get(4)?.has('Subscription status'));
    assert.ok(sections.get(5)?.has('Card holder'), 'a bullet label');
    assert.ok(sections.get(10)?.has('Changing the package'));
    assert.equal(sections.get(1)?.has('StartON'), false, 'bold words inside a paragraph are no label');
  });

  it('finds the forms references take', () => {
    const refs = (source: string) =>
      productReferences(source).map(({ line, section, labels }) => ({ line, section, labels }));
    assert.deepEqual(refs('// (product.md §2, §5, §8): the form'), [
      { line: 1, section: 2, labels: [] },
      { line: 1, section: 5, labels: [] },
      { line: 1, section: 8, labels: [] },
    ]);
    assert.deepEqual(refs('x\n/** Pay (product.md §7, Cards; Service; product.md §4, Promo). */'), [
      { line: 2, section: 7, labels: ['Cards', 'Service'] },
      { line: 2, section: 4, labels: ['Promo'] },
    ]);
    assert.deepEqual(refs('/**\n * The calls (product.md §7; product.md §4,\n * Subscription status). More\n */'), [
      { line: 2, section: 7, labels: [] },
      { line: 2, section: 4, labels: ['Subscription status'] },
    ]);
    assert.deepEqual(
      refs("// product.md §2, Layout\nexport const a = 'x';"),
      [{ line: 1, section: 2, labels: ['Layout'] }],
      'a label ends with its line',
    );
    assert.deepEqual(
      refs('// product.md §5: the hint, and more'),
      [{ line: 1, section: 5, labels: [] }],
      'a gloss after a colon',
    );
    assert.deepEqual(refs('// product.md §2, Public; `?paket=` filters; docs/product.md §9'), [
      { line: 1, section: 2, labels: ['Public'] },
      { line: 1, section: 9, labels: [] },
    ]);
    assert.deepEqual(refs('{/* docs/product.md §10, Devices */}'), [{ line: 1, section: 10, labels: ['Devices'] }]);
  });

  it('names only sections and labels that exist', () => {
    const problems: string[] = [];
    let count = 0;
    for (const file of trackedSources()) {
      for (const ref of productReferences(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
        count++;
        const labels = sections.get(ref.section);
        const where = `${file}:${ref.line}: ${ref.text}`;
        if (!labels) {
          problems.push(`${where}: no §${ref.section}`);
          continue;
        }
        for (const label of ref.labels) {
          if (!labels.has(label))
            problems.push(
              `${where}: §${ref.section} has no label "${label}" (it has: ${[...labels].join(', ') || 'none'})`,
            );
        }
      }
    }
    assert.ok(count > 100, `found ${count} references: the scan is broken`);
    assert.ok(
      problems.length === 0,
      `${problems.length} of ${count} references name what product.md does not have:\n${problems.join('\n')}`,
    );
  });
});
