import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from '../../../api/src/cli/freshness';
import { REMOTE_NAMES, type RemoteName } from '@portal/shared/contract';
import { ARTIFACTS, ensureBuilt } from './portal';

/**
 * Deploys a remote's build (`dir`) for this page alone: its files are served under `base` (a URL on
 * the portal's origin ending in `/`), and the page's configuration names its manifest there. Answers
 * the files served so far.
 */
export async function withRemoteFrom(page: Page, remote: RemoteName, dir: string, base: string): Promise<string[]> {
  const served: string[] = [];
  const prefix = new URL(base).pathname;
  await page.route(`${base}**`, (route) => {
    const file = path.join(dir, new URL(route.request().url()).pathname.slice(prefix.length));
    if (!file.startsWith(dir + path.sep) || !fs.existsSync(file)) return route.fulfill({ status: 404 });
    served.push(file);
    return route.fulfill({ path: file, headers: { 'cache-control': 'no-cache' } });
  });
  await page.route('**/portal.config.json', async (route) => {
    try {
      const response = await route.fetch();
      const config = await response.json();
      config.remotes[remote] = `${base}mf-manifest.json`;
      await route.fulfill({ response, json: config });
    } catch {
      // The request went away while its configuration was on the way: the page closed or moved on,
      // and a preload it no longer waits for was dropped ('Response has been disposed'). Nothing is
      // left to answer. A request still waiting fails, and its test sees a page without configuration.
      await route.abort().catch(() => undefined);
    }
  });
  return served;
}

/**
 * A portal root (`PORTAL_ROOT`) of the built apps whose `portal.config.json` names other locations for
 * some remotes, as an operator deploying them elsewhere would edit it: the host's build is copied, the
 * remotes' builds are linked.
 */
export function portalRootWithRemotes(
  name: string,
  remotes: Partial<Record<RemoteName, string>>,
  // As a deployment would, portal.config.json lists the origins the remotes are on (unless told otherwise).
  remoteOrigins: string[] = [
    ...new Set(Object.values(remotes).flatMap((url) => (/^https?:/.test(url) ? [new URL(url).origin] : []))),
  ],
): string {
  ensureBuilt();
  const root = path.join(ARTIFACTS, 'roots', name);
  fs.rmSync(root, { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, 'host', 'dist'), path.join(root, 'host', 'dist'), { recursive: true });
  for (const remote of REMOTE_NAMES) {
    fs.mkdirSync(path.join(root, 'remotes', remote), { recursive: true });
    fs.symlinkSync(path.join(ROOT, 'remotes', remote, 'dist'), path.join(root, 'remotes', remote, 'dist'));
  }
  const configFile = path.join(root, 'host', 'dist', 'portal.config.json');
  const config = JSON.parse(fs.readFileSync(configFile, 'utf8')) as { remotes: Record<string, string> };
  fs.writeFileSync(
    configFile,
    JSON.stringify({ ...config, remotes: { ...config.remotes, ...remotes }, remoteOrigins }, null, 2),
  );
  // Compressed copies would be served instead of the edited file.
  for (const ext of ['.gz', '.br']) fs.rmSync(configFile + ext, { force: true });
  return root;
}
