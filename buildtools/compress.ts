/**
 * The pre-compressed copies of the apps' built files (`main.js.br`, `main.js.gz`), which the server sends
 * by Accept-Encoding without compressing per request (api/src/http/portalFiles.ts). Made after webpack,
 * not inside it (docs/decisions/045-compressed-copies-after-the-build.md): `npm run build` and the test
 * run make them before they serve, while `npm start` serves first and makes them in the background,
 * where until then a file is sent as it is.
 *
 * `tsx buildtools/compress.ts [app …] [--background]`: the copies of the named apps (all by default) that are
 * missing or older than their file; `--background` at the lowest CPU priority, and silent if none was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { APPS, APP_NAMES, type AppName } from '@portal/shared/contract';
import { ROOT } from './common';

/** Only files worth it: text of 512 bytes or more, whose copy is at least a tenth smaller. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
const THRESHOLD = 512;
const MIN_RATIO = 0.9;

const mtime = (file: string): number => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/** An app's files whose copies are missing or older than they are; a stopped run's partial copies go. */
function staleFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const stale: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile()) continue;
    if (entry.name.endsWith('.partial')) fs.rmSync(file, { force: true });
    else if (COMPRESSIBLE.test(entry.name) && fs.statSync(file).size >= THRESHOLD) {
      const made = mtime(file);
      if (mtime(`${file}.br`) < made || mtime(`${file}.gz`) < made) stale.push(file);
    }
  }
  return stale;
}

/** The files shared out to one thread per core, the largest first, so that the threads end together. */
function shares(files: string[], threads: number): string[][] {
  const bySize = files.map((file) => ({ file, size: fs.statSync(file).size })).sort((a, b) => b.size - a.size);
  const out = Array.from({ length: Math.min(threads, files.length) }, () => ({ files: [] as string[], size: 0 }));
  for (const { file, size } of bySize) {
    const lightest = out.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(file);
    lightest.size += size;
  }
  return out.map((share) => share.files);
}

const runShare = (files: string[]) =>
  new Promise<void>((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'compressWorker.mjs'), {
      workerData: { files, minRatio: MIN_RATIO },
    });
    worker.once('error', reject);
    worker.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`compression stopped (${code})`))));
  });

/** Writes the copies the apps lack, on every core; how many files it compressed. */
async function compressApps(apps: readonly AppName[] = APP_NAMES): Promise<number> {
  const files = apps.flatMap((app) => staleFiles(path.join(ROOT, APPS[app].dir, 'dist')));
  await Promise.all(shares(files, os.availableParallelism()).map(runShare));
  return files.length;
}

if (require.main === module) {
  const named = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  const unknown = named.filter((app) => !(APP_NAMES as readonly string[]).includes(app));
  if (unknown.length > 0) {
    console.error(`Unknown app "${unknown.join(', ')}". Use one or more of: ${APP_NAMES.join(', ')}.`);
    process.exit(1);
  }
  const background = process.argv.includes('--background');
  // Before any thread starts: threads take their priority from the thread that makes them.
  if (background) os.setPriority(os.constants.priority.PRIORITY_LOW);
  const started = Date.now();
  compressApps(named.length > 0 ? (named as AppName[]) : APP_NAMES).then(
    (count) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (count > 0 || !background) console.info(`Compressed ${count} files for the browsers in ${seconds} s.`);
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
