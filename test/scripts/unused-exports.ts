/**
 * Finds exports nobody imports (dead code goes, or is marked with its decision), with the TypeScript compiler's own
 * resolution, so a barrel (`@portal/shared`), a renamed import, a namespace import, an import type
 * (`import('./x').T`) and a dynamic import (`import('./x').then((m) => m.f)`) all count as uses.
 * test/contract/unused-exports.test.ts runs it on the repository; an export kept on purpose carries
 * `@deprecated` naming the decision record that keeps it.
 */
import path from 'node:path';
import ts from 'typescript';

/** One export of a module that no other module uses. */
export interface UnusedExport {
  /** Relative to the project's folder, with forward slashes. */
  file: string;
  name: string;
  /** The module uses it itself: dropping `export` is enough. */
  usedInFile: boolean;
  /** Its `@deprecated` tag names a decision record (docs/decisions/NNN-…), which keeps it. */
  deprecated: boolean;
}

interface Options {
  /** The project's folder, holding `tsconfig.json`. */
  root: string;
  /** Files outside the tsconfig's `include` whose imports count (scripts run by tsx). */
  extraFiles?: string[];
  /** Files whose exports tools or other builds use without importing them (federation, webpack). */
  isEntry?: (file: string) => boolean;
}

/** Every export of our modules that no other module uses, sorted by file and name. */
export function findUnusedExports({ root, extraFiles = [], isEntry = () => false }: Options): UnusedExport[] {
  const program = createProgram(root, extraFiles);
  const checker = program.getTypeChecker();
  const ours = program
    .getSourceFiles()
    .filter((file) => !file.isDeclarationFile && !/node_modules|\/dist\/|test\/artifacts/.test(file.fileName));
  const rel = (file: string) => path.relative(root, file).split(path.sep).join('/');

  const exported = new Map<ts.Symbol, { file: string; name: string; declarations: ts.Declaration[] }>();
  for (const file of ours) {
    if (isEntry(rel(file.fileName))) continue;
    for (const [name, symbol] of ownExports(checker, file)) {
      exported.set(symbol, { file: file.fileName, name, declarations: symbol.declarations ?? [] });
    }
  }
  const names = new Set([...exported.values()].map((e) => e.name));
  const { usedElsewhere, usedInFile } = findUses(checker, ours, names);

  return [...exported.entries()]
    .filter(([symbol]) => !usedElsewhere.has(symbol))
    .map(([symbol, { file, name, declarations }]) => ({
      file: rel(file),
      name,
      usedInFile: usedInFile.has(symbol),
      deprecated: declarations.some(namesDecision),
    }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));
}

function createProgram(root: string, extraFiles: string[]): ts.Program {
  const configFile = path.join(root, 'tsconfig.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const rootNames = [...parsed.fileNames, ...extraFiles.map((file) => path.join(root, file))];
  return ts.createProgram({ rootNames, options: { ...parsed.options, noEmit: true } });
}

/** A module's exports that it declares itself (not those it re-exports from another module), by export name. */
function ownExports(checker: ts.TypeChecker, file: ts.SourceFile): Array<[string, ts.Symbol]> {
  const moduleSymbol = checker.getSymbolAtLocation(file);
  if (!moduleSymbol) return [];
  return checker.getExportsOfModule(moduleSymbol).flatMap((symbol): Array<[string, ts.Symbol]> => {
    const target = resolve(checker, symbol);
    const declaredHere = target.declarations?.some((d) => d.getSourceFile() === file) ?? false;
    return declaredHere ? [[symbol.name, target]] : [];
  });
}

/** The symbol an alias (an import, a re-export, `export { x }`) finally stands for. */
function resolve(checker: ts.TypeChecker, symbol: ts.Symbol): ts.Symbol {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  return target.flags & ts.SymbolFlags.ExportValue ? checker.getExportSymbolOfSymbol(target) : target;
}

/** Which exported symbols are used by another module, and which by their own module only. */
function findUses(checker: ts.TypeChecker, files: ts.SourceFile[], names: Set<string>) {
  const usedElsewhere = new Set<ts.Symbol>();
  const usedInFile = new Set<ts.Symbol>();
  const mark = (symbol: ts.Symbol | undefined, file: ts.SourceFile, at: ts.Node) => {
    if (!symbol) return;
    const target = resolve(checker, symbol);
    const declarations = target.declarations ?? [];
    if (declarations.some((d) => d.getSourceFile() !== file)) usedElsewhere.add(target);
    else if (!declarations.some((d) => ts.getNameOfDeclaration(d) === at)) usedInFile.add(target);
  };
  for (const file of files) {
    const visit = (node: ts.Node): void => {
      if (ts.isIdentifier(node) && (names.has(node.text) || isImportName(node))) {
        mark(checker.getSymbolAtLocation(node), file, node);
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        // `const { f } = await import('./x')`: the property of the module that the pattern takes.
        const key = node.propertyName ?? node.name;
        if (ts.isIdentifier(key)) mark(checker.getTypeAtLocation(node.parent).getProperty(key.text), file, key);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        // `lazy(() => import('./Page'))` takes the module's default export without naming it.
        const target = node.arguments[0] && checker.getSymbolAtLocation(node.arguments[0]);
        if (target) mark(checker.tryGetMemberInModuleExports('default', target), file, node);
      }
      if (ts.isCallExpression(node) && node.arguments.some(ts.isStringLiteral)) {
        for (const member of membersNamedBeside(checker, node)) mark(member, file, node);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { usedElsewhere, usedInFile };
}

/**
 * `lazyPage(() => import('./CardsPage'), 'CardsPage')`, or with the loader in a variable: a call given a
 * function that loads a module and a string naming one of that module's exports.
 */
function membersNamedBeside(checker: ts.TypeChecker, call: ts.CallExpression): ts.Symbol[] {
  const names = call.arguments.filter(ts.isStringLiteral).map((argument) => argument.text);
  return call.arguments
    .filter((argument) => ts.isIdentifier(argument) || ts.isArrowFunction(argument))
    .flatMap((argument) => checker.getTypeAtLocation(argument).getCallSignatures())
    .map((signature) => checker.getAwaitedType(signature.getReturnType()))
    .filter((loaded) => loaded?.symbol && loaded.symbol.flags & ts.SymbolFlags.ValueModule)
    .flatMap((loaded) => names.flatMap((name) => loaded?.getProperty(name) ?? []));
}

/** A default import's local name, which need not be any export's name. */
function isImportName(node: ts.Identifier): boolean {
  return ts.isImportClause(node.parent) || ts.isImportSpecifier(node.parent) || ts.isExportSpecifier(node.parent);
}

/**
 * `@deprecated` naming the decision record that keeps the export (docs/decisions/NNN-…). An `@` in the tag's
 * text (`@portal/shared`) starts another tag, so the decision must come before it.
 */
function namesDecision(declaration: ts.Declaration): boolean {
  const host = ts.isVariableDeclaration(declaration) ? declaration.parent.parent : declaration;
  return ts
    .getJSDocTags(host)
    .some(
      (tag) =>
        tag.tagName.text === 'deprecated' && /decisions\/\d{3}/.test(ts.getTextOfJSDocComment(tag.comment) ?? ''),
    );
}
