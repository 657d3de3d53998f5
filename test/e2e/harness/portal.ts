import { tempDir } from '../../lib/tempDir';
import { after, before } from 'node:test';
import { spawn, type ChildProcess } from 'node:child_process';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_MISSING, findChromium } from '../../lib/chromium';
import { freePort, freshDatabase } from '../../lib/postgres';
import { copyEmptyPglite } from '../../lib/pgliteTemplate';
import { buildStaleApps, ROOT } from '../../../api/src/cli/freshness';

export const ARTIFACTS = path.join(ROOT, 'test', 'artifacts');
/** Every server log of the run is kept here, so a later check can scan them for secrets. */
export const LOG_DIR = path.join(ARTIFACTS, 'logs');

export interface Portal {
  url: string;
  port: number;
  /** The process started (with its children, the API processes). */
  pid: number;
  logFile: string;
  stop(): Promise<void>;
  /** Sends the portal process a signal; answers its exit code once it has exited. */
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

let built = false;
/** Builds stale apps once, before portals start in parallel (each would otherwise build its own). */
export function ensureBuilt(): void {
  if (built) return;
  buildStaleApps();
  built = true;
}

/** Resolves once the portal says it is ready; rejects when it exits first or takes over 120 s. */
function untilReady(child: ChildProcess, output: () => string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`portal did not start in 120 s:\n${output()}`)), 120_000);
    const check = () => {
      if (output().includes('Portal ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`portal exited with ${code}:\n${output()}`));
    });
  });
}

/**
 * Starts the portal exactly as `npm start` does, on a free port with its own data directory (and, unless
 * `env` says otherwise, without the in-server billing schedule).
 */
export async function startPortal(
  options: { env?: Record<string, string>; port?: number; name?: string; nodeArgs?: string[] } = {},
): Promise<Portal> {
  ensureBuilt();
  const port = options.port ?? (await freePort());
  fs.mkdirSync(LOG_DIR, { recursive: true });
  const logFile = path.join(LOG_DIR, `${options.name ?? 'portal'}-${port}-${Date.now()}.log`);
  const log = fs.createWriteStream(logFile);
  const dataDir = tempDir('ontv-e2e-');
  // On the embedded database (unset, or chosen with DATABASE_URL=embedded), an empty one copied
  // (test/lib/pgliteTemplate.ts): the server still migrates and seeds it.
  const embedded = !options.env?.DATABASE_URL || options.env.DATABASE_URL === 'embedded';
  if (embedded && !options.env?.DATA_DIR) await copyEmptyPglite(path.join(dataDir, 'pglite'));
  // One process, tsx as a loader, as `npm start` runs it: tsx's own launcher relays a signal and kills
  // the server outright (SIGKILL, no log) when its event loop is too busy to confirm the relay at once.
  const runner = [...(options.nodeArgs ?? []), '--import', 'tsx'];
  const child: ChildProcess = spawn(process.execPath, [...runner, path.join(ROOT, 'api', 'src', 'cli', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      // Billing runs when a test asks (POST /api/dev/billing), so seeded states stay as the tests expect.
      BILLING_INTERVAL_MINUTES: '0',
      // Every browser of a test run comes from 127.0.0.1, and load tests register thousands of new
      // numbers: the per-address cap and the portal-wide ceiling on codes have their own API tests.
      CODE_LIMIT_CLIENT: '100000',
      CODE_NEW_DESTINATIONS_HOURLY: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    log.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  await untilReady(child, () => output);

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    logFile,
    kill: async (signal) => {
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill(signal);
      const code = await exited;
      log.end();
      return code;
    },
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGINT');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      log.end();
    },
  };
}

/**
 * The books of a sandbox portal whose tests are over: every charge and refund the suite made is in the
 * ledger as the sandbox processor made it (money/reconcile.ts). A portal without the sandbox (production
 * settings, 404) has no processor of its own to compare with.
 */
export async function expectBooksBalanced(portal: Portal): Promise<void> {
  const response = await fetch(`${portal.url}/api/dev/reconcile`, { method: 'POST' });
  if (response.status === 404) return;
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const run = JSON.parse(text) as { payments: number; differences: unknown[] };
  assert.deepEqual(
    run.differences,
    [],
    `the books differ from the processor after the suite (${run.payments} payments)`,
  );
}

/**
 * A suite's portal and browser: started before its first test, stopped after its last. The suite
 * reads them as `suite.portal` and `suite.browser` once its tests run.
 */
export function portalAndBrowser(
  options: Parameters<typeof startPortal>[0] & { engine?: 'pglite' | 'postgres' } = {},
): { readonly portal: Portal; readonly browser: Browser } {
  const suite = {} as { portal: Portal; browser: Browser };
  let database: { url: string; drop: () => Promise<void> } | undefined;
  before(async () => {
    // On PostgreSQL: a fresh database of the test run's server (npm test sets TEST_DATABASE_URL).
    if (options.engine === 'postgres') {
      assert.ok(
        process.env.TEST_DATABASE_URL,
        "TEST_DATABASE_URL names the test run's PostgreSQL server (npm test sets it)",
      );
      database = await freshDatabase(process.env.TEST_DATABASE_URL, 'ontv_e2e');
    }
    const env = { ...options.env, ...(database ? { DATABASE_URL: database.url } : {}) };
    [suite.portal, suite.browser] = await Promise.all([startPortal({ ...options, env }), launchBrowser()]);
  });
  after(async () => {
    await suite.browser?.close();
    try {
      if (suite.portal) await expectBooksBalanced(suite.portal);
    } finally {
      await suite.portal?.stop();
      await database?.drop();
    }
  });
  return suite;
}

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
