import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './apiDir';

/** Which release runs: the repository's version and the commit it was built from ("unknown" without git). */
interface Release {
  version: string;
  commit: string;
}

/**
 * Written into the compiled server by its build (api/scripts/build.ts, esbuild's `define`): an image
 * or a release folder has no .git to ask at run time. Undefined when the sources run (tsx).
 */
declare const __ONTV_RELEASE__: Release | undefined;

/**
 * The release as the sources say: the root package.json's version and git's commit, read once; where
 * the sources have no .git (an image's build context), SOURCE_COMMIT names it (docs/deploy/image-and-unit.md).
 */
export function releaseFromSources(): Release {
  const { version } = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  let commit = process.env.SOURCE_COMMIT ?? 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // No git, or no repository (a copy of the sources): the commit stays unknown.
  }
  return { version, commit: /^[0-9a-f]{7,40}$/.test(commit) ? commit : 'unknown' };
}

/** The running release, with the Node release it runs on: in /api/health, the start's first line and `ontv_build_info`. */
export const RELEASE: Release & { node: string } = {
  ...(typeof __ONTV_RELEASE__ === 'undefined' ? releaseFromSources() : __ONTV_RELEASE__),
  node: process.version,
};
