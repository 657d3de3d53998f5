/**
 * `npm run build:api`: the server as plain JavaScript, for a production start without a TypeScript
 * loader (`node api/dist/main.js`, and `node api/dist/billing.js` for the billing command). One bundle
 * each: our code and @portal/shared's contract compiled in, the packages the API depends on left to
 * node_modules (a production install has them).
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { API_DIR } from '../src/apiDir';

const { dependencies } = JSON.parse(fs.readFileSync(path.join(API_DIR, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

async function main(): Promise<void> {
  const started = Date.now();
  await build({
    // The invoice renderer's worker thread is a file of its own beside main.js (payments/invoiceFiles.ts).
    entryPoints: {
      main: path.join(API_DIR, 'src', 'main.ts'),
      billing: path.join(API_DIR, 'src', 'cli', 'billing.ts'),
      invoicePdfWorker: path.join(API_DIR, 'src', 'payments', 'invoicePdfWorker.ts'),
    },
    outdir: path.join(API_DIR, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    // Our workspace package is TypeScript: compiled in. Every other package is loaded from node_modules.
    external: Object.keys(dependencies).filter((name) => name !== '@portal/shared'),
    sourcemap: true,
    logLevel: 'warning',
  });
  console.info(`API compiled into api/dist/ (main.js, billing.js, invoicePdfWorker.js) in ${Date.now() - started} ms`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
