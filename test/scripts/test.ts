/**
 * `npm test`: every check and every test, browser tests included, then one summary line.
 *   lint, formatting and import cycles -> jest (browser code) -> build -> type check (against the remotes' published types) -> API tests on PGlite and PostgreSQL
 *   -> the speed guard (test/speed, alone: it loads the server) -> contract tests -> browser tests against the portal started as `npm start` starts it
 *   -> a scan of those browser tests' server logs for secrets.
 * A throw-away PostgreSQL cluster is started unless TEST_DATABASE_URL names a server.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CHROMIUM_MISSING, findChromium } from '../lib/chromium';
import { PDFTOTEXT_MISSING, hasPdftotext } from '../lib/pdf';
import { COMPRESS, ROOT, WEBPACK } from '../../api/src/cli/freshness';
import { POSTGRES_MISSING, startTempPostgres } from '../lib/postgres';

const bin = (pkg: string, file: string) => path.join(ROOT, 'node_modules', pkg, file);
const TSX = bin('tsx', 'dist/cli.mjs');
const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');

interface Counts {
  passed: number;
  failed: number;
}
const total: Counts = { passed: 0, failed: 0 };
const failedSteps: string[] = [];
/** How long each step took, printed before the summary: where a slow CI run spends its minutes. */
const stepSeconds: Array<[string, number]> = [];

function run(
  title: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const relay = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', relay(process.stdout));
    child.stderr.on('data', relay(process.stderr));
    child.on('close', (code) => {
      stepSeconds.push([title, Math.round((performance.now() - started) / 1000)]);
      resolve({ code: code ?? 1, output });
    });
  });
}

async function step(title: string, command: string, args: string[]): Promise<boolean> {
  const { code } = await run(title, command, args);
  if (code !== 0) failedSteps.push(title);
  return code === 0;
}

async function jestStep(): Promise<void> {
  const report = path.join(ARTIFACTS, 'jest.json');
  const { code } = await run('Unit and component tests (jest)', process.execPath, [
    bin('jest', 'bin/jest.js'),
    '--json',
    `--outputFile=${report}`,
  ]);
  try {
    const json = JSON.parse(fs.readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    total.passed += json.numPassedTests;
    total.failed += json.numFailedTests;
  } catch {
    total.failed += 1;
  }
  if (code !== 0) failedSteps.push('jest');
}

function testFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir))
    .filter((f) => f.endsWith('.test.ts'))
    .sort()
    .map((f) => path.join(dir, f));
}

/**
 * node:test through tsx; counts come from the TAP summary lines (TAP asked for: Node 23+ defaults to another reporter).
 * `concurrency` test files run at once: the API's files two at a time (each has its own databases and
 * servers; on two cores, 3.9 min instead of 5.3), the browser tests one at a time.
 */
async function nodeTests(title: string, files: string[], env: NodeJS.ProcessEnv = {}, concurrency = 1): Promise<void> {
  const { code, output } = await run(
    title,
    process.execPath,
    [TSX, '--test', '--test-reporter=tap', `--test-concurrency=${concurrency}`, ...files],
    env,
  );
  const count = (name: string) =>
    [...output.matchAll(new RegExp(`^# ${name} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  const passed = count('pass');
  const failed = count('fail') + count('cancelled');
  total.passed += passed;
  total.failed += failed;
  if (code !== 0) {
    failedSteps.push(title);
    if (failed === 0) total.failed += 1;
  }
}

/**
 * Browser test files that time a server's stop (SIGTERM under keep-alive load, a service manager's stop):
 * they run alone, after the others, which run two files at a time (a browser file keeps about one of
 * the two cores busy; on CI, 15.6 min one at a time).
 */
const ALONE = ['test/e2e/stopping.test.ts', 'test/e2e/operations.test.ts'];

/**
 * `--only=jest,api` runs just those steps (CI runs the jest and API suites again on another Node.js
 * release): lint, typecheck, jest, build, api, speed, contract, e2e (the browser tests and their log scan).
 */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
/** `--embedded-only`: no PostgreSQL, the API suite on the embedded database alone (CI's runs on other Node.js releases). */
const embeddedOnly = process.argv.includes('--embedded-only');
const want = (name: string) => !only || only.includes(name);
/**
 * `--shard=K/N`: the API suite's K-th of N parts (its files in turn). CI runs the suite whole on this
 * machine's Node.js and on both engines, and half of it on each of the other releases (22 and 24), which
 * keeps CI under its 30 minutes: every file runs on Node.js 20 and on one of the others.
 */
const shard = /^--shard=(\d+)\/(\d+)$/.exec(process.argv.find((arg) => arg.startsWith('--shard=')) ?? '');
const inShard = (_file: string, index: number) => !shard || index % Number(shard[2]) === Number(shard[1]) - 1;

/** The run's first line, and whether what the wanted steps need is installed (Chromium, pdftotext). */
function preflight(): boolean {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  console.log(
    `Node.js ${process.version}${only ? `, steps: ${only.join(', ')}` : ''}${embeddedOnly ? ', embedded database only' : ''}`,
  );
  if (want('e2e') && !findChromium()) {
    console.error(CHROMIUM_MISSING);
    return false;
  }
  // The invoice PDFs are read back with poppler's pdftotext.
  if ((want('api') || want('e2e')) && !hasPdftotext()) {
    console.error(PDFTOTEXT_MISSING);
    return false;
  }
  return true;
}

interface Database {
  /** TEST_DATABASE_URL, a throw-away cluster's, or empty or undefined: the embedded database alone. */
  databaseUrl: string | undefined;
  stopPostgres?: () => Promise<void>;
}

/** The PostgreSQL server the API and browser tests use; null when a throw-away one could not start. */
async function database(): Promise<Database | null> {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (embeddedOnly) return { databaseUrl: '' };
  if (databaseUrl || !(want('api') || want('e2e') || want('speed'))) return { databaseUrl };
  try {
    const pg = await startTempPostgres();
    return { databaseUrl: pg.url, stopPostgres: pg.stop };
  } catch (error) {
    console.error(error instanceof Error && error.message === POSTGRES_MISSING ? POSTGRES_MISSING : error);
    return null;
  }
}

/** Lint, formatting and import cycles, jest, the build and the type check; whether the build succeeded. */
async function checksAndBuild(): Promise<boolean> {
  if (want('lint')) {
    await step('Lint (eslint)', process.execPath, [bin('eslint', 'bin/eslint.js'), '.']);
    await step('Formatting (prettier --check)', process.execPath, [
      bin('prettier', 'bin/prettier.cjs'),
      '--check',
      '.',
    ]);
    await step('Import cycles (dpdm)', process.execPath, [TSX, 'test/scripts/cycles.ts']);
  }
  if (want('jest')) await jestStep();
  const built =
    want('build') || want('e2e') || want('typecheck') || want('speed')
      ? (await step('Build (webpack, all apps)', process.execPath, [
          ...WEBPACK,
          '--env',
          'app=all',
          '--env',
          'types',
        ])) && (await step('Compressed copies of the build', process.execPath, COMPRESS))
      : false;
  // The host is type-checked against the types the remotes just published (host/scripts/remote-types.ts).
  if (want('typecheck') && built) {
    if (await step("Remotes' published types", process.execPath, [TSX, 'host/scripts/remote-types.ts'])) {
      await step('Type check (tsc)', process.execPath, [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json']);
    }
  } else if (want('typecheck')) failedSteps.push('Type check (not run: the build failed)');
  return built;
}

/** The API, contract and browser tests (these last after a build only), then the browser run's log scan. */
async function testSteps(databaseUrl: string | undefined, built: boolean): Promise<void> {
  if (want('api'))
    await nodeTests(
      `API tests (${databaseUrl ? 'PGlite and PostgreSQL' : 'PGlite'})`,
      testFiles('api/test').filter(inShard),
      { TEST_DATABASE_URL: databaseUrl },
      2,
    );
  // Alone, with nothing else loading the machine: it measures the built server beside a hello-world.
  if (want('speed') && built)
    await nodeTests(`Speed guard (${databaseUrl ? 'PGlite and PostgreSQL' : 'PGlite'})`, testFiles('test/speed'), {
      TEST_DATABASE_URL: databaseUrl ?? '',
    });
  else if (want('speed')) failedSteps.push('Speed guard (not run: the build failed)');
  if (want('contract')) await nodeTests('Contract tests', testFiles('test/contract'));
  if (want('e2e') && built) {
    // The log scan that follows reads this run's server logs only.
    fs.rmSync(path.join(ARTIFACTS, 'logs'), { recursive: true, force: true });
    const e2e = testFiles('test/e2e');
    const env = { TEST_DATABASE_URL: databaseUrl };
    await nodeTests(
      'Browser tests (headless Chromium, two files at a time)',
      e2e.filter((file) => !ALONE.includes(file)),
      env,
      2,
    );
    await nodeTests('Browser tests that stop servers (one file at a time)', ALONE, env);
    await nodeTests("Secrets in the browser run's server logs", testFiles('test/logs'));
  } else if (want('e2e')) failedSteps.push('Browser tests (not run: the build failed)');
}

/** The seconds per step, the failed steps and the counts; the exit code. */
function summary(): number {
  console.log('\nSeconds per step:');
  for (const [title, seconds] of stepSeconds) console.log(`  ${String(seconds).padStart(5)}  ${title}`);
  console.log('');
  if (failedSteps.length > 0) console.log(`Failed steps: ${failedSteps.join(', ')}`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return failedSteps.length === 0 && total.failed === 0 ? 0 : 1;
}

async function main(): Promise<number> {
  if (!preflight()) return 1;
  const db = await database();
  if (!db) return 1;
  try {
    const built = await checksAndBuild();
    await testSteps(db.databaseUrl, built);
  } finally {
    await db.stopPostgres?.();
  }
  return summary();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
