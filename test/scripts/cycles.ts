/**
 * `npm run cycles`: fails when any of our modules imports itself through others (docs/architecture.md). Every
 * import counts: type-only imports too (they tie the modules' design together just as much), dynamic imports
 * (`import('./x')`) too, and import types (`import('./x').T` in a type): dpdm reads the first two, a second pass
 * with the TypeScript parser adds the third.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parseCircular, parseDependencyTree, type DependencyTree } from 'dpdm';
import { DependencyKind } from 'dpdm/lib/consts';
import { ROOT } from '../../api/src/cli/freshness';

const SOURCES = [
  'api/src',
  'shared/src',
  'host/src',
  'remotes/*/src',
  'support-host/src',
  'buildtools',
  'test',
  'api/test',
  'api/scripts',
].map((dir) => `${dir}/**/*.{ts,tsx}`);

const EXCLUDE = /node_modules|\/dist\/|test\/artifacts/;

/** The compiler options of the root tsconfig.json, so that `import('…')` resolves as the type check resolves it. */
function compilerOptions(): ts.CompilerOptions {
  const file = path.join(ROOT, 'tsconfig.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

/** The module names of a file's import types (`import('./provider').Confirmations`), which dpdm does not read. */
function importTypeRequests(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const requests: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      requests.push(node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return requests;
}

/**
 * Adds each file's import types to dpdm's tree as imports. Only our own sources count: a declaration file
 * (a remote's published types, a package's) is no module of ours and so closes no cycle.
 */
function addImportTypes(tree: DependencyTree): DependencyTree {
  const options = compilerOptions();
  const withTypes: DependencyTree = { ...tree };
  for (const [id, dependencies] of Object.entries(tree)) {
    if (!dependencies || !/\.tsx?$/.test(id) || id.endsWith('.d.ts')) continue;
    const file = path.resolve(ROOT, id);
    const added = importTypeRequests(file, fs.readFileSync(file, 'utf8')).flatMap((request) => {
      const target = ts.resolveModuleName(request, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (!target || target.endsWith('.d.ts') || EXCLUDE.test(target)) return [];
      const targetId = path.relative(ROOT, target);
      // A module naming its own type (`Check<typeof import('./views')>`) checks itself; it imports nothing.
      return targetId in tree && targetId !== id
        ? [{ issuer: id, request, kind: DependencyKind.StaticImport, id: targetId }]
        : [];
    });
    withTypes[id] = [...dependencies, ...added];
  }
  return withTypes;
}

async function main(): Promise<number> {
  const tree = addImportTypes(
    await parseDependencyTree(SOURCES, {
      context: ROOT,
      tsconfig: path.join(ROOT, 'tsconfig.json'),
      transform: false,
      skipDynamicImports: false,
      exclude: EXCLUDE,
    }),
  );
  const cycles = parseCircular(tree);
  const files = Object.keys(tree).filter((file) => !file.includes('node_modules')).length;
  if (cycles.length === 0) {
    console.log(`No import cycle in ${files} modules.`);
    return 0;
  }
  console.error(
    `${cycles.length} import cycle${cycles.length === 1 ? '' : 's'}: each module imports the next, and the last the first.`,
  );
  cycles.forEach((cycle, i) =>
    console.error(`  ${i + 1}) ${cycle.map((file) => path.relative(ROOT, path.resolve(ROOT, file))).join(' -> ')}`),
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
