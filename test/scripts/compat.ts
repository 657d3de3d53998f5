/**
 * The compatibility check a remote's team runs before deploying (docs/remotes.md, "Remotes a separate team
 * ships"): builds the remote from the current checkout (its branch) and runs the browser suite's
 * smoke subset (test/e2e/smoke.ts) against a portal as it runs today, its host and other remotes,
 * with only that remote swapped for the new build. Nothing is deployed: the browser is told, for its
 * own page only, that the remote's manifest is the new build's, served from the portal's origin under
 * /__compat/<remote>/.
 *
 *   npm run compat -- --remote=account --portal=https://portal.example.ba
 *   npm run compat -- --remote=account              against the host and remotes built from this checkout
 *                                                    (CI: the host built from main)
 * Options: --dist=<folder> checks a remote already built there; --no-build takes remotes/<remote>/dist as it is.
 * Exits 0 when every check passed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { REMOTE_NAMES, type RemoteName } from '@portal/shared/contract';
import { ROOT, WEBPACK } from '../../api/src/cli/freshness';
import { launchBrowser, startPortal, withRemoteFrom, type Portal } from '../e2e/harness';
import { SMOKE } from '../e2e/smoke';

interface Options {
  remote: RemoteName;
  portal: string | null;
  dist: string;
  build: boolean;
}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const remote = value('remote');
  if (!remote || !(REMOTE_NAMES as readonly string[]).includes(remote)) {
    throw new Error(`Name the remote to check: --remote=${REMOTE_NAMES.join('|')}`);
  }
  const dist = value('dist');
  return {
    remote: remote as RemoteName,
    portal: value('portal')?.replace(/\/+$/, '') ?? null,
    dist: dist ? path.resolve(dist) : path.join(ROOT, 'remotes', remote, 'dist'),
    build: !dist && !argv.includes('--no-build'),
  };
}

interface CheckResult {
  name: string;
  ok: boolean;
  /** The files of the new build the page loaded. */
  served: number;
  ms: number;
  problem?: string;
}

/** Runs the smoke subset against `portalUrl` with `remote` taken from `dist`; one result per check. */
export async function checkCompatibility(
  browser: Browser,
  portalUrl: string,
  remote: RemoteName,
  dist: string,
): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const check of SMOKE) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'bs-BA' });
    // A step that cannot happen on a broken page (a click on a link that never shows) fails soon.
    context.setDefaultTimeout(10_000);
    const page = await context.newPage();
    const started = Date.now();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const served = await withRemoteFrom(page, remote, dist, `${portalUrl}/__compat/${remote}/`);
    let problem: string | undefined;
    try {
      await check.open(page, portalUrl);
      // Ready, or an error in the remote's slot (which needs no waiting out).
      const outcome = await Promise.race([
        check
          .ready(page)
          .first()
          .waitFor({ timeout: 15_000 })
          .then(() => 'ready' as const),
        page
          .getByRole('alert')
          .first()
          .waitFor({ timeout: 15_000 })
          .then(() => 'alert' as const),
      ]);
      if (outcome === 'alert') throw new Error('the page shows an error');
      if (errors.length > 0) problem = errors.join(' | ');
      else if (check.remote === remote && served.length === 0)
        problem = `the page did not load the new build of ${remote}`;
    } catch (error) {
      const alert = await page
        .getByRole('alert')
        .allInnerTexts()
        .catch(() => []);
      problem = [error instanceof Error ? error.message.split('\n')[0] : String(error), ...alert, ...errors].join(
        ' | ',
      );
    }
    results.push({
      name: check.name,
      ok: !problem,
      served: served.length,
      ms: Date.now() - started,
      ...(problem ? { problem } : {}),
    });
    await context.close();
  }
  return results;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  if (options.build) {
    console.info(`Building the ${options.remote} remote from this checkout…`);
    const built = spawnSync(process.execPath, [...WEBPACK, '--env', `app=${options.remote}`, '--env', 'types'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (built.status !== 0) return 1;
  }
  if (!fs.existsSync(path.join(options.dist, 'mf-manifest.json')))
    throw new Error(`${options.dist} holds no mf-manifest.json: build the remote first`);

  let portal: Portal | null = null;
  const browser = await launchBrowser();
  try {
    if (!options.portal) portal = await startPortal({ name: 'compat' });
    const portalUrl = options.portal ?? portal!.url;
    console.info(`Checking ${options.dist} as the ${options.remote} remote of ${portalUrl}`);
    const results = await checkCompatibility(browser, portalUrl, options.remote, options.dist);
    for (const r of results)
      console.info(
        `${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${(r.ms / 1000).toFixed(1)} s)${r.problem ? `: ${r.problem}` : ''}`,
      );
    const failed = results.filter((r) => !r.ok).length;
    console.info(
      failed === 0
        ? `Compatible: ${results.length} checks passed.`
        : `Not compatible: ${failed} of ${results.length} checks failed.`,
    );
    return failed === 0 ? 0 : 1;
  } finally {
    await browser.close();
    await portal?.stop();
  }
}

if (require.main === module) {
  main().then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
