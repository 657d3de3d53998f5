/**
 * The container image as the Containerfile makes it, replayed in a folder from this checkout's build (no
 * container engine runs here): its runtime stage's COPY lines and its `npm ci`. The artifact test checks
 * it; the operator's first day runs the portal from it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../api/src/cli/freshness';

export const CONTAINERFILE = path.join(ROOT, 'docs', 'deploy', 'Containerfile');

/** The Containerfile's last stage: what the image holds. */
export function runtimeStage(): string {
  const file = fs.readFileSync(CONTAINERFILE, 'utf8');
  return file.slice(file.lastIndexOf('\nFROM '));
}

/** Each `COPY --from=build /app/<source>… <destination>` of the runtime stage, as checkout-relative paths. */
export function copies(stage: string): { source: string; destination: string }[] {
  return [...stage.matchAll(/^COPY --from=build (.+)$/gm)].flatMap((m) => {
    const words = m[1]!.split(/\s+/).filter((word) => !word.startsWith('--'));
    const destination = words.pop()!;
    return words.map((source) => {
      const relative = path.posix.relative('/app', source);
      const target = destination.endsWith('/')
        ? path.posix.join(destination, path.posix.basename(relative))
        : destination;
      return { source: relative, destination: path.posix.normalize(target) };
    });
  });
}

/**
 * Fills `app` as the runtime stage does: every file it copies out of this checkout's build (api/dist
 * must be built first), then its `npm ci`, from the local cache when it can. The lockfile stays as committed.
 */
export function replayImage(app: string, stage = runtimeStage()): void {
  for (const { source, destination } of copies(stage))
    fs.cpSync(path.join(ROOT, source), path.join(app, destination), { recursive: true });
  const install = /^RUN (npm ci [^&\n]+)/m.exec(stage)![1]!.trim().split(/\s+/);
  const installed = spawnSync('npm', [...install.slice(1), '--prefer-offline'], {
    cwd: app,
    encoding: 'utf8',
    // Nothing of an `npm test` around it (npm_config_local_prefix would point npm at this checkout).
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
      NODE_ENV: 'production',
    },
  });
  assert.equal(installed.status, 0, installed.stderr);
  assert.equal(
    fs.readFileSync(path.join(app, 'package-lock.json'), 'utf8'),
    fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'),
    'npm ci left the lockfile as committed',
  );
}
