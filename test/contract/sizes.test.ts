/**
 * Sizes hold the line: no source file over 300 lines and no function over 80, so a change has a seam to
 * split along. A file or function over the limits is allowed only when ALLOWED_FILES or ALLOWED_FUNCTIONS
 * lists it with its reason: a table read whole (none now: the contract's endpoints are in sections since
 * decision 059), or a known debt at the size it had when listed (none is left). A debt may shrink, never grow; once it is
 * under the limit its entry goes (the test says so). Test files are not measured: a test file reads best as
 * one story of its case, its cases side by side.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const MAX_FILE_LINES = 300;
const MAX_FUNCTION_LINES = 80;

/**
 * Where the source is: the API, the host, every remote, the shared package, the console's host and the
 * build; and the tooling beside them, which a newcomer reads as much: the apps' scripts, the test
 * harnesses and libraries, and the scripts of `npm test` and `npm run bench` (test files themselves aside).
 */
function sourceRoots(): string[] {
  const remotes = fs
    .readdirSync(path.join(ROOT, 'remotes'))
    .flatMap((name) => [`remotes/${name}/src`, `remotes/${name}/scripts`]);
  const apps = ['api/src', 'host/src', ...remotes, 'shared/src', 'support-host/src', 'buildtools'];
  const tooling = ['api/scripts', 'api/test', 'host/scripts', 'test'];
  return [...apps, ...tooling].filter((dir) => fs.existsSync(path.join(ROOT, dir)));
}

const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;
const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** The measured files under `dir`, relative to the root with `/`: sources, not tests, not builds. */
function sourcesIn(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory())
      return ['node_modules', 'dist', '@mf-types', 'artifacts'].includes(entry.name) ? [] : sourcesIn(file);
    return SOURCE.test(entry.name) && !TEST_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/**
 * A function's name as a reader finds it: its own, its variable's or property's, a class's method as
 * `Class.method`, and an anonymous one by its call (`app.get('/ready')`); nested in another, `outer > inner`.
 */
function nameOf(node: ts.Node, file: ts.SourceFile): string {
  const parent = node.parent;
  const own =
    (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isMethodDeclaration(node)) && node.name
      ? node.name.getText(file)
      : ts.isConstructorDeclaration(node)
        ? 'constructor'
        : (ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name
          ? node.name.getText(file)
          : ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)
            ? parent.name.getText(file)
            : ts.isCallExpression(parent)
              ? `${parent.expression.getText(file)}(${parent.arguments[0] && !ts.isFunctionLike(parent.arguments[0]) ? parent.arguments[0].getText(file).slice(0, 60) : ''})`
              : '(anonymous)';
  const owner = ts.isClassLike(parent) && parent.name ? `${parent.name.getText(file)}.` : '';
  let outer: ts.Node | undefined = parent;
  while (outer && !ts.isFunctionLike(outer)) outer = outer.parent;
  return outer && !ts.isSourceFile(outer) ? `${nameOf(outer, file)} > ${owner}${own}` : `${owner}${own}`;
}

interface Size {
  /** `file` for a file, `file: name` for a function. */
  key: string;
  lines: number;
}

/** The lines of `text` as an editor numbers them (a last newline ends a line, it does not start one). */
const linesOf = (text: string) => text.replace(/\n$/, '').split('\n').length;

/** Every function-like node of `file` with its lines, from its first token (its doc comment aside) to its last. */
function functionsOf(relative: string, text: string): Size[] {
  const file = ts.createSourceFile(relative, text, ts.ScriptTarget.Latest, true);
  const sizes: Size[] = [];
  const seen = new Map<string, number>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
      const end = file.getLineAndCharacterOfPosition(node.getEnd()).line;
      const name = nameOf(node, file);
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      sizes.push({ key: `${relative}: ${name}${count > 1 ? ` #${count}` : ''}`, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return sizes;
}

/** The files and functions over the limits, largest first. */
function oversized(): { files: Size[]; functions: Size[] } {
  const files: Size[] = [];
  const functions: Size[] = [];
  for (const relative of sourceRoots().flatMap(sourcesIn)) {
    const text = fs.readFileSync(path.join(ROOT, relative), 'utf8');
    files.push({ key: relative, lines: linesOf(text) });
    functions.push(...functionsOf(relative, text));
  }
  const byLines = (a: Size, b: Size) => b.lines - a.lines;
  return {
    files: files.filter((size) => size.lines > MAX_FILE_LINES).sort(byLines),
    functions: functions.filter((size) => size.lines > MAX_FUNCTION_LINES).sort(byLines),
  };
}

interface Allowed {
  /** The most lines it may have: its size when listed. */
  lines: number;
  reason: string;
}

/** A known debt, listed at its size when this check came: `seam` says where it splits. */
const debt = (lines: number, seam: string): Allowed => ({ lines, reason: `known debt: ${seam}` });

/** Files over MAX_FILE_LINES that may stay so, with why. */
const ALLOWED_FILES: Record<string, Allowed> = {};

/** Functions over MAX_FUNCTION_LINES that may stay so, with why (keys as `file: name`). */
const ALLOWED_FUNCTIONS: Record<string, Allowed> = {};

/** What breaks the line: over the limits and not allowed, or an allowed one grown. */
function breaches(found: Size[], allowed: Record<string, Allowed>, limit: number): string[] {
  return found.flatMap(({ key, lines }) => {
    const entry = allowed[key];
    if (!entry) return [`${key}: ${lines} lines (at most ${limit}; split it along its seams)`];
    return lines > entry.lines
      ? [`${key}: ${lines} lines, grown from ${entry.lines} (a debt may shrink, never grow)`]
      : [];
  });
}

/** Allowed entries no longer over the limit (or gone): their debt is paid, the entry goes. */
function paid(found: Size[], allowed: Record<string, Allowed>): string[] {
  const over = new Set(found.map((size) => size.key));
  return Object.keys(allowed)
    .filter((key) => !over.has(key))
    .map((key) => `${key}: within the limit now (or gone); take it off the list`);
}

describe('sizes', () => {
  const { files, functions } = oversized();

  it('finds the sources it measures', () => {
    const measured = sourceRoots().flatMap(sourcesIn);
    for (const expected of [
      'api/src/main.ts',
      'shared/src/contract/endpoints.ts',
      'buildtools/common.ts',
      'api/test/harness.ts',
      'test/scripts/bench.ts',
    ]) {
      assert.ok(measured.includes(expected), `${expected} is measured`);
    }
    assert.ok(!measured.some((file) => TEST_FILE.test(file)), 'test files are not measured');
  });

  it(`has no source file over ${MAX_FILE_LINES} lines but the listed ones, none grown`, () => {
    assert.deepEqual(breaches(files, ALLOWED_FILES, MAX_FILE_LINES), []);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines but the listed ones, none grown`, () => {
    assert.deepEqual(breaches(functions, ALLOWED_FUNCTIONS, MAX_FUNCTION_LINES), []);
  });

  it('lists no debt that is paid', () => {
    assert.deepEqual([...paid(files, ALLOWED_FILES), ...paid(functions, ALLOWED_FUNCTIONS)], []);
  });

  it('counts lines and functions as an editor shows them', () => {
    const text = [
      '/** Why. */',
      'export function f() {',
      '  const g = () => {',
      '    return 1;',
      '  };',
      '  return g();',
      '}',
      '',
    ].join('\n');
    assert.equal(linesOf(text), 7);
    assert.deepEqual(functionsOf('x.ts', text), [
      { key: 'x.ts: f', lines: 6 },
      { key: 'x.ts: f > g', lines: 3 },
    ]);
    assert.deepEqual(breaches([{ key: 'x.ts', lines: 301 }], {}, MAX_FILE_LINES), [
      `x.ts: 301 lines (at most ${MAX_FILE_LINES}; split it along its seams)`,
    ]);
    assert.deepEqual(breaches([{ key: 'x.ts', lines: 302 }], { 'x.ts': debt(301, 'a test') }, 300), [
      'x.ts: 302 lines, grown from 301 (a debt may shrink, never grow)',
    ]);
  });
});
