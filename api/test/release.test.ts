/**
 * Which release runs (api/src/release.ts, docs/decisions/036-operator-logs-and-headers.md): a version
 * that differs from commit to commit though package.json says 1.0.0 for all, the commit, and both in
 * every line and in `ontv_build_info` of the compiled server, which has no .git to ask.
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_DIR } from '../src/apiDir';
import { releaseFromSources, releaseOf } from '../src/release';
import { buildApi } from '../scripts/build';
import { freePort } from '../../test/lib/postgres';
import { tempDir } from '../../test/lib/tempDir';

const A = 'dd1ac79f3b2c4e5a6b7c8d9e0f1a2b3c4d5e6f70';
const B = '4c74be6e1d2c3b4a5968778695a4b3c2d1e0f9a8';

/** A folder of sources: a package.json at `version`, nothing else. */
function sources(version: string, dir = tempDir('ontv-release-')): string {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'ontv-portal', version }));
  return dir;
}

/** Commits what `dir` holds at `date` (an ISO time with its offset); the commit's hash. */
function commit(dir: string, date: string): string {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    }).trim();
  if (!fs.existsSync(path.join(dir, '.git'))) git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '--no-gpg-sign', '-m', `at ${date}`);
  return git('rev-parse', 'HEAD');
}

describe('the release a build names', () => {
  it("is package.json's version with the commit's day (UTC) and short hash; another commit, another version", () => {
    const at = new Date('2026-12-07T21:30:00Z');
    assert.deepEqual(releaseOf({ version: '1.0.0', commit: A, committedAt: at }), {
      version: '1.0.0+20261207.dd1ac79',
      commit: A,
    });
    assert.notEqual(
      releaseOf({ version: '1.0.0', commit: B, committedAt: at }).version,
      releaseOf({ version: '1.0.0', commit: A, committedAt: at }).version,
    );
    assert.deepEqual(releaseOf({ version: '1.0.0', commit: A }), { version: '1.0.0+dd1ac79', commit: A });
  });

  it('says "unknown" for a commit it cannot tell, and the version alone', () => {
    for (const commit of [undefined, '', 'main', 'dd1ac7', `${A}0`, 'unknown'])
      assert.deepEqual(releaseOf({ version: '1.0.0', commit }), { version: '1.0.0', commit: 'unknown' }, commit);
  });

  it("reads the commit and its day from git, and two commits' builds differ", () => {
    const dir = sources('2.3.4');
    const first = commit(dir, '2026-12-08T01:00:00+05:00');
    assert.deepEqual(releaseFromSources(dir, {}), { version: `2.3.4+20261207.${first.slice(0, 7)}`, commit: first });
    const second = commit(dir, '2026-12-09T10:00:00+00:00');
    assert.deepEqual(releaseFromSources(dir, {}), {
      version: `2.3.4+20261209.${second.slice(0, 7)}`,
      commit: second,
    });
  });

  it('builds from sources without .git: "unknown", or what SOURCE_COMMIT and SOURCE_DATE_EPOCH say', () => {
    const tarball = sources('1.0.0');
    assert.deepEqual(releaseFromSources(tarball, {}), { version: '1.0.0', commit: 'unknown' });
    assert.deepEqual(releaseFromSources(tarball, { SOURCE_COMMIT: A, SOURCE_DATE_EPOCH: '1796679000' }), {
      version: '1.0.0+20261207.dd1ac79',
      commit: A,
    });
    assert.deepEqual(releaseFromSources(tarball, { SOURCE_COMMIT: A }), { version: '1.0.0+dd1ac79', commit: A });
    // Unpacked inside another repository: that repository's commit is not this release's.
    const around = sources('9.9.9');
    commit(around, '2026-12-07T10:00:00Z');
    const inside = sources('1.0.0', path.join(around, 'ontv-portal-1.0.0'));
    assert.deepEqual(releaseFromSources(inside, {}), { version: '1.0.0', commit: 'unknown' });
  });
});

describe('the compiled server', () => {
  const outdir = fs.mkdtempSync(path.join(API_DIR, 'dist', 'release-test-'));
  after(() => fs.rmSync(outdir, { recursive: true, force: true }));

  it('names the release it was built as in every log line and in ontv_build_info, whatever git says now', async () => {
    const release = releaseOf({ version: '7.1.0', commit: B, committedAt: new Date('2026-12-01T12:00:00Z') });
    await buildApi({ outdir, release });
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SANDBOX: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      DATA_DIR: tempDir('ontv-release-data-'),
      BILLING_INTERVAL_MINUTES: '0',
    };
    delete env.NODE_ENV; // A sandbox is refused under NODE_ENV=production.
    const server = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      for (let waited = 0; !output.includes('Portal ready at'); waited += 100) {
        assert.ok(waited < 60_000 && server.exitCode === null, `the compiled server starts:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      assert.equal((await fetch(`http://127.0.0.1:${port}/api/health`)).status, 200);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      assert.ok(
        metrics.includes(`ontv_build_info{version="7.1.0+20261201.4c74be6",commit="${B}",node="${process.version}"} 1`),
        metrics.split('\n').find((line) => line.startsWith('ontv_build_info')),
      );
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
    const lines = output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; release?: unknown });
    assert.ok(
      lines.some((line) => line.msg === 'request completed'),
      output,
    );
    for (const line of lines) assert.deepEqual(line.release, release, JSON.stringify(line));
  });
});
