/**
 * `npm run build:api`: the server as plain JavaScript, for a production start without a TypeScript
 * loader (`node api/dist/main.js`, and `node api/dist/billing.js` for the billing command). One bundle
 * each: our code and @portal/shared's contract compiled in, the packages the API depends on left to
 * node_modules (a production install has them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { API_DIR, REPO_ROOT } from '../src/apiDir';
import { nodeCheckBanner } from '../src/cli/node-version';
import { releaseFromSources, type Release } from '../src/release';

const { dependencies } = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

const { engines } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
};

/**
 * Every compiled entry point: the server, and each command an operator runs beside it (docs/deploy/),
 * under the name `npm run <name>` has in a checkout.
 */
export const COMMANDS = {
  main: path.join('src', 'main.ts'),
  billing: path.join('src', 'cli', 'billing.ts'),
  staff: path.join('src', 'cli', 'staff.ts'),
  migrate: path.join('src', 'cli', 'migrate.ts'),
  keys: path.join('src', 'cli', 'keys.ts'),
  'move-to-postgres': path.join('src', 'cli', 'move-to-postgres.ts'),
  vouchers: path.join('src', 'cli', 'vouchers.ts'),
  reconcile: path.join('src', 'cli', 'reconcile.ts'),
};

/**
 * Compiles every entry point into api/dist/. A test names another folder (under api/, where the
 * compiled server finds its packages) and the release to write in.
 */
export async function buildApi({
  outdir = path.join(API_DIR, 'dist'),
  release = releaseFromSources(),
}: { outdir?: string; release?: Release } = {}): Promise<void> {
  const started = Date.now();
  await build({
    // The invoice renderer's worker thread is a file of its own beside main.js (money/invoices/invoiceFiles.ts).
    entryPoints: {
      ...Object.fromEntries(Object.entries(COMMANDS).map(([name, file]) => [name, path.join(API_DIR, file)])),
      invoicePdfWorker: path.join(API_DIR, 'src', 'money', 'invoices', 'invoicePdfWorker.ts'),
    },
    // Each file checks the Node.js release before it loads anything (an old one would fail on a package
    // with a stack trace), and knows it is the compiled artifact: production unless SANDBOX=1 (config.ts).
    banner: { js: nodeCheckBanner(engines.node) },
    // and which release it is (version and commit, release.ts): the compiled server has no .git to ask.
    define: { __ONTV_COMPILED__: 'true', __ONTV_RELEASE__: JSON.stringify(release) },
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Our workspace package is TypeScript: compiled in. Every other package is loaded from node_modules.
    external: Object.keys(dependencies).filter((name) => name !== '@portal/shared'),
    sourcemap: true,
    logLevel: 'warning',
  });
  const files = [...Object.keys(COMMANDS), 'invoicePdfWorker'].map((name) => `${name}.js`).join(', ');
  console.info(
    `API ${release.version} (commit ${release.commit}) compiled into ${path.relative(REPO_ROOT, outdir)}/ (${files}) in ${Date.now() - started} ms`,
  );
}

if (require.main === module) {
  buildApi().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
