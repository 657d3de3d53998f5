import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './apiDir';

/**
 * Which release runs: a version that differs from one commit to the next, and the full commit it was
 * built from ("unknown" when the build could not tell).
 */
export interface Release {
  version: string;
  commit: string;
}

/** What the sources say of themselves: package.json's version, and the commit and its time when known. */
interface Sources {
  version: string;
  commit?: string;
  committedAt?: Date;
}

/**
 * Written into the compiled server by its build (api/scripts/build.ts, esbuild's `define`): an image
 * or a release folder has no .git to ask at run time. Undefined when the sources run (tsx).
 */
declare const __ONTV_RELEASE__: Release | undefined;

/**
 * The release of `sources`: package.json's version, which says 1.0.0 for every release, with the
 * commit's day (UTC) and short hash as semver build metadata (`1.0.0+20261207.dd1ac79`), so that two
 * commits never share a version and the day shows which is older. Without a commit, the version alone.
 */
export function releaseOf(sources: Sources): Release {
  const commit = sources.commit?.trim().toLowerCase() ?? '';
  if (!/^[0-9a-f]{7,40}$/.test(commit)) return { version: sources.version, commit: 'unknown' };
  const day = sources.committedAt ? `${sources.committedAt.toISOString().slice(0, 10).replaceAll('-', '')}.` : '';
  return { version: `${sources.version}+${day}${commit.slice(0, 7)}`, commit };
}

/**
 * The commit `root` is checked out at and its time, from git; null without git or a repository. git
 * never looks above `root`: sources unpacked inside another repository are not that repository's commit.
 */
function gitCommit(root: string): Pick<Sources, 'commit' | 'committedAt'> | null {
  try {
    const [commit, seconds] = execFileSync('git', ['log', '-1', '--format=%H %ct'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(root) },
    })
      .trim()
      .split(' ');
    return { commit, committedAt: new Date(Number(seconds) * 1000) };
  } catch {
    return null;
  }
}

/**
 * The release as the sources at `root` say: the root package.json's version and git's commit; where
 * they have no .git (an image's build context, a tarball), SOURCE_COMMIT and SOURCE_DATE_EPOCH (the
 * commit's time in seconds, the reproducible-builds convention) name it (docs/deploy/image-and-unit.md).
 */
export function releaseFromSources(root = REPO_ROOT, env: NodeJS.ProcessEnv = process.env): Release {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const epoch = env.SOURCE_DATE_EPOCH ?? '';
  return releaseOf({
    version,
    ...(gitCommit(root) ?? {
      commit: env.SOURCE_COMMIT,
      committedAt: /^\d+$/.test(epoch) ? new Date(Number(epoch) * 1000) : undefined,
    }),
  });
}

/**
 * The running release, with the Node release it runs on: in every log line (log.ts), /api/health, the
 * start's first line and `ontv_build_info`. Read once, when the process starts.
 */
export const RELEASE: Release & { node: string } = {
  ...(typeof __ONTV_RELEASE__ === 'undefined' ? releaseFromSources() : __ONTV_RELEASE__),
  node: process.version,
};
