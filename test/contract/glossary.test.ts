/**
 * One name for each thing (docs/glossary.md): every folder at the top of the API, its money area, the
 * shared package, the remotes and each remote's sources is a name the glossary gives (a code name, an
 * alias still present, or one of its other folders), singular or plural alike; every table the
 * migrations create is in a *tables* column; every folder the glossary lists exists; and no folder or
 * table is named with a name the glossary says not to use.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const GLOSSARY = 'docs/glossary.md';
const MIGRATIONS = 'api/migrations';

interface Glossary {
  /** Code names, aliases and the other folders' names. */
  names: Set<string>;
  tables: Set<string>;
  /** Folders listed, as paths from the root ending in `/`. */
  folders: Set<string>;
  forbidden: Set<string>;
}

/** The backticked words of a cell; `paths`: those that are folders (ending in `/`). */
function backticked(cell: string, paths = false): string[] {
  const words = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
  return paths
    ? words.filter((w) => w.endsWith('/'))
    : words.filter((w) => /^[A-Za-z][A-Za-z0-9_-]*$/.test(w) && !w.includes('/'));
}

/** Every table of the glossary, each row read by its header: code name, aliases, tables, folders, not to be used. */
function readGlossary(markdown: string): Glossary {
  const glossary: Glossary = { names: new Set(), tables: new Set(), folders: new Set(), forbidden: new Set() };
  let header: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (!line.startsWith('|')) {
      header = null;
      continue;
    }
    const cells = line.split('|').slice(1, -1);
    if (!header) {
      header = cells.map((c) => c.trim());
      continue;
    }
    if (cells.every((c) => /^\s*-+\s*$/.test(c))) continue;
    const cell = (name: string) => cells[header!.indexOf(name)] ?? '';
    for (const column of ['code name', 'name', 'aliases still present'])
      backticked(cell(column)).forEach((w) => glossary.names.add(w));
    backticked(cell('tables')).forEach((w) => glossary.tables.add(w));
    backticked(cell('folders'), true).forEach((w) => glossary.folders.add(w));
    backticked(cell('not to be used')).forEach((w) => glossary.forbidden.add(w));
  }
  return glossary;
}

/** A name's words, lower case: `priceNotice`, `price_notices` and `price-notices` are price and notice(s). */
const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter(Boolean);

/** Whether two words are one, singular or plural. */
function sameWord(a: string, b: string): boolean {
  const plurals = (w: string) => [w, `${w}s`, `${w}es`, w.endsWith('y') ? `${w.slice(0, -1)}ies` : w];
  return plurals(a).includes(b) || plurals(b).includes(a);
}

/** Whether `name` is `named`, or has its words one after another (`staff_passkeys` has passkey). */
function hasWords(name: string, named: string): boolean {
  const [whole, part] = [words(name), words(named)];
  return whole.some(
    (_, start) => part.length > 0 && part.every((w, i) => whole[start + i] && sameWord(w, whole[start + i]!)),
  );
}

const isNamed = (folder: string, glossary: Glossary) =>
  [...glossary.names].some((name) => sameWord(words(name).join(''), words(folder).join('')));

/** The folders the glossary must name: under the API, its money area, the shared package, the remotes and their sources. */
function folders(): string[] {
  const dirs = (dir: string) =>
    fs.existsSync(path.join(ROOT, dir))
      ? fs
          .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
          .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !['node_modules', 'dist'].includes(e.name))
          .map((e) => `${dir}/${e.name}`)
      : [];
  const remotes = dirs('remotes');
  return [
    ...dirs('api/src'),
    ...dirs('api/src/money'),
    ...dirs('shared/src'),
    ...remotes,
    ...remotes.flatMap((r) => dirs(`${r}/src`)),
  ];
}

/** The tables the migrations leave: created, less those dropped, under their last name. */
function tables(): string[] {
  const found = new Set<string>();
  const sqls = fs
    .readdirSync(path.join(ROOT, MIGRATIONS))
    .filter((f) => /\.do\..*\.sql$/.test(f))
    .sort();
  for (const file of sqls) {
    const sql = fs.readFileSync(path.join(ROOT, MIGRATIONS, file), 'utf8').replace(/--.*$/gm, '');
    for (const m of sql.matchAll(/\b(CREATE|DROP) TABLE (?:IF (?:NOT )?EXISTS )?([a-z_][a-z0-9_]*)/gi))
      if (m[1]!.toUpperCase() === 'CREATE') found.add(m[2]!);
      else found.delete(m[2]!);
    for (const m of sql.matchAll(/\bALTER TABLE (?:IF EXISTS )?([a-z_][a-z0-9_]*) RENAME TO ([a-z_][a-z0-9_]*)/gi)) {
      found.delete(m[1]!);
      found.add(m[2]!);
    }
  }
  return [...found].sort();
}

/** What breaks the glossary's rules, one line each. */
function breaches(glossary: Glossary, folderPaths: string[], tableNames: string[], exists: (p: string) => boolean) {
  const base = (p: string) => p.split('/').pop()!;
  const forbiddenIn = (name: string) => [...glossary.forbidden].filter((f) => hasWords(name, f));
  return [
    ...folderPaths.filter((f) => !isNamed(base(f), glossary)).map((f) => `${f}/: a name the glossary does not give`),
    ...tableNames.filter((t) => !glossary.tables.has(t)).map((t) => `table ${t}: in no tables column`),
    ...[...folderPaths.map(base), ...tableNames].flatMap((n) =>
      forbiddenIn(n).map((f) => `${n}: named with ${f}, which the glossary says not to use`),
    ),
    ...[...glossary.folders].filter((f) => !exists(f)).map((f) => `${f}: listed, but there is no such folder`),
  ];
}

describe('one name for each thing: docs/glossary.md against the folders and the tables', () => {
  const glossary = readGlossary(fs.readFileSync(path.join(ROOT, GLOSSARY), 'utf8'));
  const exists = (p: string) => fs.existsSync(path.join(ROOT, p));

  it('reads the glossary: its names, tables, folders and the names not to use', () => {
    for (const name of ['customer', 'plan', 'package', 'passkey', 'support', 'console', 'ui'])
      assert.ok(glossary.names.has(name), name);
    assert.ok(glossary.tables.has('payment_orders'));
    assert.ok(glossary.folders.has('api/src/passkeys/'));
    assert.ok(glossary.forbidden.has('catalog'));
  });

  it('matches singular and plural, and a name inside a longer one', () => {
    assert.ok(sameWord('passkey', 'passkeys') && sameWord('library', 'libraries') && sameWord('invoices', 'invoice'));
    assert.ok(hasWords('staff_passkeys', 'passkey') && hasWords('giftCards', 'giftCard'));
    assert.ok(!hasWords('credit_cards', 'giftCard') && !hasWords('totp', 'otp'));
  });

  it('fails on a folder or a table it does not name, on a forbidden name, and on a folder gone', () => {
    const made = breaches(
      glossary,
      ['api/src/widgets2', 'remotes/account/src/users', 'api/src/passkeys'],
      ['customers', 'coupons', 'sessions_of_nobody'],
      (p) => p !== 'api/src/passkeys/',
    );
    assert.deepEqual(made, [
      'api/src/widgets2/: a name the glossary does not give',
      'remotes/account/src/users/: a name the glossary does not give',
      'table coupons: in no tables column',
      'table sessions_of_nobody: in no tables column',
      'users: named with user, which the glossary says not to use',
      'coupons: named with coupon, which the glossary says not to use',
      'api/src/passkeys/: listed, but there is no such folder',
    ]);
  });

  it('names every folder and table of the repository, uses no forbidden name, and lists only folders that exist', () => {
    assert.deepEqual(breaches(glossary, folders(), tables(), exists), []);
  });
});
