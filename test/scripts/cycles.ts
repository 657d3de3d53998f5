/**
 * `npm run cycles`: fails when any of our modules imports itself through others (docs/architecture.md). Every
 * import counts: type-only imports too (they tie the modules' design together just as much), and
 * dynamic imports (`import('./x')`) too. `npm test` runs it beside the linter.
 */
import path from 'node:path';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { ROOT } from '../../api/src/cli/freshness';

const SOURCES = ['api/src', 'shared/src', 'host/src', 'remotes/*/src', 'test', 'api/test', 'api/scripts'].map(
  (dir) => `${dir}/**/*.{ts,tsx}`,
);

async function main(): Promise<number> {
  const tree = await parseDependencyTree(SOURCES, {
    context: ROOT,
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    transform: false,
    skipDynamicImports: false,
    exclude: /node_modules|\/dist\/|test\/artifacts/,
  });
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
