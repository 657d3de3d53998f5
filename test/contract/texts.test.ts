/**
 * Every text a customer reads lives in a message catalogue (docs/conventions.md): `texts/` folders, `texts.ts`
 * and `messages.ts`. This test parses every other source file of the apps, shared and the API and
 * fails on a text written inline, naming its file, line and text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { APPS } from '@portal/shared/contract';

const ROOT = path.resolve(__dirname, '../..');
/** Every app's sources, from the apps' list (a new app is scanned without an edit here), shared's and the API's. */
const SOURCES = ['shared/src', ...Object.values(APPS).map((app) => `${app.dir}/src`), 'api/src'];

/** A catalogue file: the one place a text may be written. */
const isCatalogue = (file: string) => /(^|\/)texts(\/|\.ts$)|(^|\/)messages\.ts$/.test(file);
/** Tests and their helpers speak to engineers. */
const isTest = (file: string) => /\.test\.tsx?$|(^|\/)testing(\/|\.tsx?$)/.test(file);

/**
 * Written inline on purpose: data, not texts. Each entry is a file and the text it may hold.
 */
const ALLOWED: { file: string; text: RegExp; why: string }[] = [
  { file: 'api/src/db/seed.ts', text: /./, why: "the demo customers' names (sandbox data)" },
  {
    file: 'shared/src/contract/operator.ts',
    text: /^Zmaja od Bosne/,
    why: "the operator's default address (portal.config.json overrides it)",
  },
  { file: 'host/src/layout/Logo.tsx', text: /^ON TV$/, why: 'the brand, drawn as the logo' },
  {
    file: 'api/src/repositories/customers.ts',
    text: /^translate\(/,
    why: "SQL folding the Bosnian letters of names for the support console's search",
  },
];
const allowed = ({ file, text }: InlineText) => ALLOWED.some((entry) => entry.file === file && entry.text.test(text));

/** Letters only Bosnian writes. */
const DIACRITICS = /[čćžšđČĆŽŠĐ]/;
/** Short words frequent in Bosnian sentences and absent from English ones. */
const BOSNIAN_WORDS = new Set(
  'je nije i na za se da od sa u ili ne su smo si sam ti unesi ispravnu ispravan adresu izaberi prijavi provjeri zatraži tvoj tvoja tvoje tvoju moj moja moje nalog paket paketa pretplata pretplate kartica kartice karticu lozinka lozinku lozinke broj podaci uplata račun nema ovaj ova ovo pokušaj ponovo molimo'.split(
    ' ',
  ),
);
/** Attributes whose value a reader sees or hears. */
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);
/** Calls whose string arguments speak to engineers: logs, test names, developer errors. */
const DEVELOPER_CALLS = /^(console|log|logger|app\.log|request\.log|req\.log)\.|^(describe|it|test)$/;

interface InlineText {
  file: string;
  line: number;
  text: string;
}

/** Whether a string written in code reads as a Bosnian text for a customer. */
function readsAsBosnian(text: string): boolean {
  if (/^\s*(SELECT|UPDATE|INSERT|DELETE|WITH)\s/.test(text)) return false; // SQL, its aliases `s`, `u`…
  if (DIACRITICS.test(text)) return true;
  // Words between spaces (`s.status` in SQL is no word); upper-case ones are codes (country codes, SQL).
  const words = text
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
    .filter((word) => /^\p{L}+$/u.test(word) && (word.length === 1 || word !== word.toUpperCase()));
  return words.length >= 2 && words.some((word) => BOSNIAN_WORDS.has(word.toLowerCase()));
}

function calleeName(call: ts.CallExpression | ts.NewExpression): string {
  return call.expression.getText();
}

/** The inline texts of one source file. */
function inlineTexts(file: string, code: string): InlineText[] {
  const source = ts.createSourceFile(
    file,
    code,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: InlineText[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: text.trim() });

  const forDevelopers = (node: ts.Node): boolean => {
    for (let up = node.parent; up; up = up.parent) {
      if (ts.isImportDeclaration(up) || ts.isExportDeclaration(up) || ts.isLiteralTypeNode(up)) return true;
      if ((ts.isCallExpression(up) || ts.isNewExpression(up)) && DEVELOPER_CALLS.test(calleeName(up))) return true;
      if (ts.isNewExpression(up) && /^(Error|TypeError|RangeError)$/.test(calleeName(up))) return true;
    }
    return false;
  };

  // A template's later parts (after a `${…}`) are SQL when its head is: `SELECT … ${PAID_NOW} AS price …`.
  const inSqlTemplate = (node: ts.Node) => {
    const template = ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.parent.parent : undefined;
    return (
      template !== undefined &&
      ts.isTemplateExpression(template) &&
      /^\s*(SELECT|UPDATE|INSERT|DELETE|WITH)\s/.test(template.head.text)
    );
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (/\p{L}/u.test(node.text.replace(/&\w+;/g, ''))) report(node, node.text); // `&nbsp;` is no text
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateLiteralToken(node)
    ) {
      const attribute = ts.isJsxAttribute(node.parent) ? node.parent.name.getText() : undefined;
      const read = attribute !== undefined && READ_ATTRIBUTES.has(attribute) && /\p{L}/u.test(node.text);
      if ((read || readsAsBosnian(node.text)) && !forDevelopers(node) && !inSqlTemplate(node)) report(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

describe('texts for customers', () => {
  it('are written in a catalogue, never inline in a component, route or service', () => {
    const inline = SOURCES.flatMap(sourceFiles)
      .filter((file) => !isCatalogue(file) && !isTest(file))
      .flatMap((file) => inlineTexts(file, fs.readFileSync(path.join(ROOT, file), 'utf8')))
      .filter((found) => !allowed(found));
    assert.equal(
      inline.length,
      0,
      'Move these texts to the catalogue of their area (shared/src/texts, <app>/src/texts.ts, api/src/texts):\n' +
        inline.map(({ file, line, text }) => `  ${file}:${line} ${JSON.stringify(text)}`).join('\n'),
    );
  });

  it('are told from code: JSX text, read attributes and Bosnian strings count; classes, logs, SQL do not', () => {
    const code = `export const A = () => <p className="card card--big" aria-label="Zatvori">Moje kartice</p>;
      const b = 'Kartica je sačuvana';
      log.info('card saved for the customer');
      const sql = 'SELECT s.status FROM subscriptions s WHERE u.id = $1';
      const c = 'user is not signed in';`;
    assert.deepEqual(
      inlineTexts('x.tsx', code).map(({ line, text }) => `${line} ${text}`),
      ['1 Zatvori', '1 Moje kartice', '2 Kartica je sačuvana'],
    );
  });
});
