/**
 * Finds a second endpoint table (docs/decisions/059-one-endpoint-table.md): every call of the API is in
 * the one table, `endpoints` of shared/src/contract/endpoints.ts, made of sections that each feature's
 * contract file declares beside its schemas. test/contract/one-table.test.ts runs it on the repository.
 *
 * A table of calls is an object literal holding a call's entry (an object with a `method` and a `path`,
 * written out or handed to a function such as the old `endpoint(…)`), a call taken from another table
 * (`endpoints.login`, `authSection.login`) or another table spread in. Each one found must be the one
 * table, or a section: `export const …Section` in shared/src/contract/, spread into the one table and
 * imported by nothing but the table and the page's client (SECTION_IMPORTERS).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const TABLE_FILE = 'shared/src/contract/endpoints.ts';
const TABLE_NAME = 'endpoints';
/**
 * The modules that may import a section: the table, and the page's client, which finds a call by its
 * name (sections.ts) and signs in again after a 401 with the sign-in section's calls (http.ts).
 */
const SECTION_IMPORTERS = new Set([TABLE_FILE, 'shared/src/api/sections.ts', 'shared/src/api/http.ts']);
const SECTION_NAME = /^[a-z][A-Za-z]*Section$/;
/** A name that holds a table: the one table, a section, or an old table (`staffEndpoints`). */
const TABLE_LIKE = /^(endpoints|[a-z][A-Za-z]*(Section|Endpoints))$/;

/** Where the sources are: every app's and the shared package's, test files aside. */
function sourceFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    fs.existsSync(path.join(root, dir))
      ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
          const file = `${dir}/${entry.name}`;
          if (entry.isDirectory()) return ['node_modules', 'dist', '@mf-types'].includes(entry.name) ? [] : walk(file);
          return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
            ? [file]
            : [];
        })
      : [];
  const remotes = fs.existsSync(path.join(root, 'remotes')) ? fs.readdirSync(path.join(root, 'remotes')) : [];
  return ['shared/src', 'api/src', 'host/src', 'support-host/src', ...remotes.map((r) => `remotes/${r}/src`)].flatMap(
    walk,
  );
}

interface Table {
  file: string;
  line: number;
  /** The variable it is declared as (`const x = { … }`), if any. */
  name: string | null;
  exported: boolean;
  topLevel: boolean;
  /** The tables it spreads in, by name. */
  spreads: string[];
}

const unwrap = (node: ts.Expression): ts.Expression =>
  ts.isAsExpression(node) || ts.isSatisfiesExpression(node) || ts.isParenthesizedExpression(node)
    ? unwrap(node.expression)
    : node;

/** An object written as a call's entry: it has a `method` and a `path`. */
function isEntryLiteral(node: ts.Expression): boolean {
  const value = unwrap(node);
  if (!ts.isObjectLiteralExpression(value)) return false;
  const names = new Set(value.properties.map((p) => (p.name && ts.isIdentifier(p.name) ? p.name.text : null)));
  return names.has('method') && names.has('path');
}

/** A property's value that is a call of the API: its entry, an entry handed to a function, or a table's entry. */
function isCallValue(node: ts.Expression): boolean {
  const value = unwrap(node);
  if (isEntryLiteral(value)) return true;
  if (ts.isCallExpression(value)) return value.arguments.some(isEntryLiteral);
  return (
    ts.isPropertyAccessExpression(value) && ts.isIdentifier(value.expression) && TABLE_LIKE.test(value.expression.text)
  );
}

function tablesIn(file: string, source: ts.SourceFile): Table[] {
  const found: Table[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isObjectLiteralExpression(node)) {
      const spreads = node.properties.flatMap((p) =>
        ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression) && TABLE_LIKE.test(p.expression.text)
          ? [p.expression.text]
          : [],
      );
      const calls = node.properties.some((p) => ts.isPropertyAssignment(p) && isCallValue(p.initializer));
      if (calls || spreads.length > 0) {
        let holder: ts.Node = node.parent;
        while (ts.isAsExpression(holder) || ts.isSatisfiesExpression(holder) || ts.isParenthesizedExpression(holder))
          holder = holder.parent;
        const declaration = ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name) ? holder : null;
        const statement = declaration?.parent.parent;
        found.push({
          file,
          line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
          name: declaration ? (declaration.name as ts.Identifier).text : null,
          exported:
            !!statement &&
            ts.isVariableStatement(statement) &&
            !!statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword),
          topLevel: !!statement && ts.isSourceFile(statement.parent),
          spreads,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The sections a module imports by name (`import { pinSection } from …`). */
function sectionImports(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : undefined;
    return bindings && ts.isNamedImports(bindings)
      ? bindings.elements
          .map((e) => (e.propertyName ?? e.name).text)
          .filter((name) => name !== TABLE_NAME && TABLE_LIKE.test(name))
      : [];
  });
}

/** What breaks "one table", one line each (`file:line: why`); none on a repository with one table. */
export function findSecondTables(root: string, files: string[] = sourceFiles(root)): string[] {
  const tables: Table[] = [];
  const importers: Array<{ file: string; names: string[] }> = [];
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    tables.push(...tablesIn(file, source));
    importers.push({ file, names: sectionImports(source) });
  }
  const where = (t: Table) => `${t.file}:${t.line}${t.name ? ` (${t.name})` : ''}`;
  const theTable = tables.filter((t) => t.file === TABLE_FILE && t.name === TABLE_NAME && t.exported && t.topLevel);
  const spreadIn = new Set(theTable.flatMap((t) => t.spreads));
  const breaches: string[] = theTable.length === 1 ? [] : [`${TABLE_FILE}: no one exported table named ${TABLE_NAME}`];
  for (const table of tables) {
    if (theTable.includes(table)) continue;
    if (table.spreads.length > 0) {
      breaches.push(`${where(table)}: a second table, made of ${table.spreads.join(', ')}`);
      continue;
    }
    const section =
      table.name !== null &&
      SECTION_NAME.test(table.name) &&
      table.exported &&
      table.topLevel &&
      table.file.startsWith('shared/src/contract/');
    if (!section) breaches.push(`${where(table)}: a second table of calls (put them in a section of the one table)`);
    else if (!spreadIn.has(table.name!)) breaches.push(`${where(table)}: a section the one table does not spread in`);
  }
  for (const { file, names } of importers) {
    if (SECTION_IMPORTERS.has(file)) continue;
    for (const name of names)
      breaches.push(`${file}: imports ${name} (call through calls.<name>; serve endpoints.<name>)`);
  }
  return breaches.sort();
}
