import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { APPS, APP_NAMES, type AppName } from '@portal/shared/contract';
import { REPO_ROOT } from '../apiDir';

export const ROOT = REPO_ROOT;

/** Every app `npm start` builds and serves: the apps' list, the customer portal's and the support console's. */
type App = AppName;
const dirOf = (app: App) => path.join(ROOT, APPS[app].dir);

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    // Not sources: installed packages, builds, tests, and the remotes' types a type check unpacks into
    // the host (`@mf-types`, npm run remote-types), which made CI's browser step build the host again.
    if (entry === 'node_modules' || entry === 'dist' || entry === '@mf-types' || /\.test\.tsx?$/.test(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** The file whose presence means an app is built. */
function builtMarker(app: App): string {
  return path.join(dirOf(app), 'dist', APPS[app].kind === 'host' ? 'index.html' : 'mf-manifest.json');
}

/** `dist/build.json`, written by every build: its mode, and by its time when the build ran. */
const buildInfo = (app: App) => path.join(dirOf(app), 'dist', 'build.json');

function buildMode(app: App): string | null {
  try {
    return (JSON.parse(fs.readFileSync(buildInfo(app), 'utf8')) as { mode?: string }).mode ?? null;
  } catch {
    return null;
  }
}

/**
 * Apps whose build is missing, made by `npm run dev`, or older than their sources, the shared package or
 * the common build (webpack.config.ts, buildtools/); an app's own build.ts is in its folder.
 */
function appsToBuild(): App[] {
  const common = Math.max(
    newestMtime(path.join(ROOT, 'shared', 'src')),
    newestMtime(path.join(ROOT, 'webpack.config.ts')),
    newestMtime(path.join(ROOT, 'buildtools')),
  );
  return APP_NAMES.filter((app) => {
    if (!fs.existsSync(builtMarker(app)) || buildMode(app) !== 'production') return true;
    // The whole app folder (dist and node_modules aside): code, its build.ts, public files and editable content alike.
    const sources = Math.max(common, newestMtime(dirOf(app)));
    // Compared with build.json, not the marker: webpack leaves unchanged files (and their times) alone.
    return sources > fs.statSync(buildInfo(app)).mtimeMs;
  });
}

const WEBPACK_CLI = path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
const TSX_LOADER = pathToFileURL(path.join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
/**
 * Node's arguments that run webpack's command line with tsx loaded, which reads webpack.config.ts as it
 * reads every TypeScript file of the API and the scripts (webpack-cli then loads no compiler of its own).
 */
export const WEBPACK = ['--import', TSX_LOADER, WEBPACK_CLI];
/** Node's arguments that write the built apps' pre-compressed copies (buildtools/compress.ts), apps after them. */
export const COMPRESS = ['--import', TSX_LOADER, path.join(ROOT, 'buildtools', 'compress.ts')];

const webpackArgs = (apps: App[]) => [...WEBPACK, '--env', `app=${apps.join(',')}`];
const building = (apps: App[]) => console.info(`Building ${apps.join(', ')} (first start, or sources changed)…`);
const BUILD_FAILED = 'The build failed; see the errors above.';

/**
 * Builds (production) the apps `appsToBuild` names and writes their pre-compressed copies before it
 * returns them (the browser tests' harness); throws if webpack fails.
 */
export function buildStaleApps(): App[] {
  const stale = appsToBuild();
  if (stale.length === 0) return stale;
  building(stale);
  if (spawnSync(process.execPath, webpackArgs(stale), { cwd: ROOT, stdio: 'inherit' }).status !== 0)
    throw new Error(BUILD_FAILED);
  const compressed = spawnSync(process.execPath, [...COMPRESS, ...stale], { cwd: ROOT, stdio: 'inherit' });
  if (compressed.status !== 0) throw new Error('Compressing the build failed; see the errors above.');
  return stale;
}

/**
 * `npm start`'s build: the stale apps built while the server opens its database (it awaits this before
 * it reads them), then every missing pre-compressed copy written by a process of the lowest priority
 * beside the server, which sends those files as they are meanwhile (decision 045). Rejects if webpack fails.
 */
export async function buildStaleAppsWhileStarting(): Promise<void> {
  const stale = appsToBuild();
  if (stale.length === 0) {
    compressInBackground();
    return;
  }
  building(stale);
  await new Promise<void>((resolve, reject) => {
    // A start stopped while it builds stops its build too (the next start builds again).
    const child = endingWithUs(spawn(process.execPath, webpackArgs(stale), { cwd: ROOT, stdio: 'inherit' }));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(BUILD_FAILED));
      compressInBackground();
      resolve();
    });
  });
}

/** Every app's missing copies (a stopped start's too), by a child that yields the CPU and ends with us. */
function compressInBackground(): void {
  endingWithUs(
    spawn(process.execPath, [...COMPRESS, '--background'], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] }),
  );
}

/** A child this process kills when it exits, however it exits. */
function endingWithUs(child: ChildProcess): ChildProcess {
  process.once('exit', () => child.kill());
  return child;
}
