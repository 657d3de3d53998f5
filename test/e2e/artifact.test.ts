/**
 * The production artifacts as an operator receives them (docs/deploy/image-and-unit.md): the image the
 * Containerfile makes and the systemd unit. No container engine runs here, so the image's runtime
 * stage is replayed in a temporary folder from this checkout's build: its COPY lines, its `npm ci`,
 * its command and its health check. The next folder the server serves cannot be left out of the image.
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { APPS, APP_NAMES } from '@portal/shared/contract';
import { ROOT } from '../../api/src/cli/freshness';
import { releaseFromSources } from '../../api/src/release';
import { freePort } from '../lib/postgres';
import { tempDir } from '../lib/tempDir';
import { CONTAINERFILE, copies, replayImage, runtimeStage } from '../lib/image';

const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const DEPLOY = path.join(ROOT, 'docs', 'deploy');
const UNIT = path.join(DEPLOY, 'ontv-portal.service');

/** The folders the server serves (api/src/server.ts): every app's of the list (shared/src/contract/apps.ts). */
const SERVED = Object.values(APPS).map((app) => `${app.dir}/dist`);
/** Every remote, the portal's and the console's. */
const REMOTES = APP_NAMES.filter((name) => APPS[name].kind === 'remote');
/** What the compiled commands read at run time beside node_modules: themselves, the migrations, the fonts and images. */
const RUN_TIME = ['api/dist', 'api/migrations', 'api/assets'];
/** Build tools that must never reach the image's production install (they came in through @portal/shared). */
const BUILD_TOOLS = ['webpack', 'typescript', '@rspack/core', '@module-federation/enhanced', 'react', 'esbuild'];

/** One line of a .dockerignore as a test of a context-relative path (a matched folder takes its contents). */
function ignoreRule(pattern: string): RegExp {
  const body = pattern
    .replace(/^\//, '')
    .split(/(\*\*\/?|\*|\?)/)
    .map((part) => {
      if (part === '**/') return '(?:.*/)?';
      if (part === '**') return '.*';
      if (part === '*') return '[^/]*';
      if (part === '?') return '[^/]';
      return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${body}(?:/.*)?$`);
}

/** Whether the build context leaves `file` out: the last matching line decides (`!` keeps). */
function ignored(lines: string[], file: string): boolean {
  let out = false;
  for (const line of lines) {
    const negated = line.startsWith('!');
    if (ignoreRule(negated ? line.slice(1) : line).test(file)) out = !negated;
  }
  return out;
}

const ignoreLines = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

describe('the image copies every part of the portal', () => {
  const copied = copies(runtimeStage());
  const destinations = copied.map((entry) => entry.destination);

  it('copies every folder the server serves, and what the compiled commands read, to the same place', () => {
    for (const folder of [...SERVED, ...RUN_TIME]) {
      assert.ok(
        copied.some((entry) => entry.source === folder && entry.destination === folder),
        `docs/deploy/Containerfile copies ${folder} (COPY --from=build /app/${folder} ${folder})`,
      );
    }
  });

  it("copies every workspace's build output: a new app's dist cannot be forgotten", () => {
    const { workspaces } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      workspaces: string[];
    };
    const built = workspaces.map((dir) => `${dir}/dist`).filter((dist) => fs.existsSync(path.join(ROOT, dist)));
    assert.ok(built.length >= SERVED.length, `the checkout is built (npm run build): ${built.join(', ')}`);
    for (const dist of built) assert.ok(destinations.includes(dist), `docs/deploy/Containerfile copies ${dist}`);
  });

  it('installs from the lockfile with npm ci, runs as node, and declares a health check', () => {
    const file = fs.readFileSync(CONTAINERFILE, 'utf8');
    const stage = runtimeStage();
    assert.doesNotMatch(file, /npm install/, 'npm ci, never npm install (it may rewrite the lockfile)');
    assert.match(stage, /^RUN npm ci --omit=dev\b/m);
    for (const from of file.matchAll(/^FROM (\S+)/gm))
      assert.match(from[1]!, /^node:(2[4-9]|[3-9]\d)\.?\d*-\S+$/, `${from[1]}: a supported Node LTS, pinned by tag`);
    assert.match(stage, /^USER node$/m);
    assert.match(stage, /^HEALTHCHECK .*\\\n\s+CMD \[/m);
  });
});

describe('the build context', () => {
  const lines = ignoreLines(path.join(ROOT, '.dockerignore'));

  it('leaves out installs, the embedded database and its secrets, build outputs, test output and history', () => {
    for (const file of [
      'node_modules/react/index.js',
      'api/node_modules/.bin/tsx',
      '.data/secrets.json',
      'api/.data/pglite/PG_VERSION',
      'host/dist/index.html',
      'remotes/support/dist/remoteEntry.js',
      'support-host/dist/main.js',
      'api/dist/main.js',
      'host/@mf-types/index.d.ts',
      'test/artifacts/logs/server.log',
      '.git/HEAD',
      'ontv-portal.env',
    ])
      assert.ok(ignored(lines, file), `.dockerignore leaves out ${file}`);
  });

  it('keeps every file git tracks: the build stage needs them all', () => {
    const listed = spawnSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' });
    assert.equal(listed.status, 0, listed.stderr);
    const tracked = listed.stdout.split('\n').filter(Boolean);
    assert.ok(tracked.includes('package-lock.json'));
    assert.deepEqual(
      tracked.filter((file) => ignored(lines, file)),
      [],
    );
  });

  it('is the same for podman and buildah (.containerignore, when there is one, is a copy)', () => {
    const other = path.join(ROOT, '.containerignore');
    if (fs.existsSync(other)) assert.deepEqual(ignoreLines(other), lines);
  });
});

/** The package a module specifier names: `zod/mini` → `zod`, `@scope/name/sub` → `@scope/name`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package the compiled commands load (esbuild leaves `require("x")` and `import("x")` for each). */
function packagesLoaded(dist: string): string[] {
  const names = fs
    .readdirSync(dist)
    .filter((file) => file.endsWith('.js'))
    .flatMap((file) => [
      ...fs.readFileSync(path.join(dist, file), 'utf8').matchAll(/\b(?:require|import)\("([^".][^"]*)"\)/g),
    ])
    .map((m) => m[1]!)
    .filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier));
  return [...new Set(names.map(packageOf))].sort();
}

/** Whether node finds package `name` from `dir`: in a node_modules folder of it or of a folder above it. */
function installed(dir: string, name: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (fs.existsSync(path.join(at, 'node_modules', name, 'package.json'))) return true;
    if (path.dirname(at) === at) return false;
  }
}

/** Size of a folder in MB, as `du` counts it. */
const megabytes = (dir: string) => Number(spawnSync('du', ['-sm', dir], { encoding: 'utf8' }).stdout.split('\t')[0]);

describe("the image's runtime stage, replayed from this checkout's build", () => {
  const stage = runtimeStage();
  const app = tempDir('ontv-image-');
  const imageEnv = Object.fromEntries(
    [...stage.matchAll(/^ENV (.+)$/gm)].flatMap((m) =>
      m[1]!.split(' ').map((pair) => pair.split('=') as [string, string]),
    ),
  );
  // A container's environment: the image's settings, nothing of this shell's.
  const env = (more: Record<string, string>): Record<string, string> => ({
    PATH: process.env.PATH!,
    HOME: app,
    ...imageEnv,
    ...more,
  });
  // A sandbox start (no card processor, no SMTP to set up): SANDBOX=1 is refused under NODE_ENV=production.
  const sandboxEnv = env({ SANDBOX: '1', HOST: '127.0.0.1' });
  delete sandboxEnv.NODE_ENV;

  before(() => {
    const built = spawnSync(process.execPath, [TSX, path.join(ROOT, 'api', 'scripts', 'build.ts')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    assert.equal(built.status, 0, built.stderr);
    replayImage(app, stage);
  });

  it('installs every package the compiled commands load, and no build tool', (t) => {
    t.diagnostic(`production node_modules: ${megabytes(path.join(app, 'node_modules'))} MB`);
    const loaded = packagesLoaded(path.join(app, 'api', 'dist'));
    assert.ok(loaded.includes('fastify') && loaded.includes('pg'), loaded.join(', '));
    const dist = path.join(app, 'api', 'dist');
    for (const name of loaded) assert.ok(installed(dist, name), `${name} is installed`);
    for (const name of BUILD_TOOLS) assert.ok(!installed(dist, name), `${name} is not in the production install`);
  });

  it('serves the portal, every remote and the support console from those files alone, and its health check passes; its lines name the release built', async () => {
    const port = String(await freePort());
    const server = spawn(process.execPath, JSON.parse(/^CMD (\[.+\])$/m.exec(stage)![1]!).slice(1) as string[], {
      cwd: app,
      env: { ...sandboxEnv, PORT: port, DATA_DIR: tempDir('ontv-image-data-'), BILLING_INTERVAL_MINUTES: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
    const url = `http://127.0.0.1:${port}`;
    try {
      for (let waited = 0; !output.includes('Portal ready at'); waited += 250) {
        assert.ok(waited < 60_000 && server.exitCode === null, `the image's command serves:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      const addresses = [
        '/api/health',
        '/',
        '/podrska/',
        '/podrska/main.js',
        ...REMOTES.map((name) => `/remotes/${name}/remoteEntry.js`),
      ];
      for (const address of addresses) assert.equal((await fetch(`${url}${address}`)).status, 200, address);

      const check = JSON.parse(/^\s+CMD (\[.+\])$/m.exec(stage.slice(stage.indexOf('HEALTHCHECK')))![1]!) as string[];
      const healthy = spawnSync(process.execPath, check.slice(1), { env: env({ PORT: port }), encoding: 'utf8' });
      assert.equal(healthy.status, 0, `the health check passes on a serving process: ${healthy.stderr}`);
      const unhealthy = spawnSync(process.execPath, check.slice(1), { env: env({ PORT: String(await freePort()) }) });
      assert.equal(unhealthy.status, 1, 'the health check fails where nothing serves');
    } finally {
      server.kill('SIGTERM');
    }
    assert.equal(await exited, 0, output);
    // The image has no .git: its version and commit are the ones the build wrote in.
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    assert.ok(lines.length > 0, output);
    const release = releaseFromSources();
    for (const line of lines) assert.deepEqual((JSON.parse(line) as { release?: unknown }).release, release, line);
  });
});

describe('the systemd unit', () => {
  it('scores 2.0 or lower in systemd-analyze security (systemd package)', (t) => {
    const analysed = spawnSync('systemd-analyze', ['security', '--offline=true', '--no-pager', UNIT], {
      encoding: 'utf8',
    });
    assert.ifError(analysed.error);
    const score = /Overall exposure level for ontv-portal\.service: (\d+\.\d+)/.exec(analysed.stdout);
    assert.ok(score, `systemd-analyze gave a score:\n${analysed.stdout}${analysed.stderr}`);
    t.diagnostic(`systemd-analyze security: ${score[1]}`);
    assert.ok(Number(score[1]) <= 2.0, `exposure ${score[1]} is 2.0 or lower:\n${analysed.stdout}`);
  });

  it('leaves node able to run: write-and-execute memory allowed (V8 and WebAssembly), its state directory private', () => {
    const unit = fs.readFileSync(UNIT, 'utf8');
    assert.doesNotMatch(unit, /^MemoryDenyWriteExecute=(yes|true|1)$/m);
    assert.match(unit, /^StateDirectory=ontv-portal$/m);
    assert.match(unit, /^Environment=DATA_DIR=\/var\/lib\/ontv-portal$/m);
    assert.match(unit, /^UMask=0077$/m);
  });

  it("lets the journal keep 2,000 lines a second, four times a busy evening's requests (journald's default: 333)", () => {
    const unit = fs.readFileSync(UNIT, 'utf8');
    const seconds = Number(/^LogRateLimitIntervalSec=(\d+)s$/m.exec(unit)?.[1]);
    const burst = Number(/^LogRateLimitBurst=(\d+)$/m.exec(unit)?.[1]);
    assert.ok(burst / seconds >= 2_000, `${burst} lines in ${seconds} s`);
  });
});
