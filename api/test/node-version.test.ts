import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { nodeSupport, tooOldLine } from '../src/cli/node-version';
import { buildApi, COMMANDS } from '../scripts/build';

const ROOT = path.resolve(__dirname, '../..');
const RANGE = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } })
  .engines.node;

describe('supported Node.js releases', () => {
  it('are the ones package.json names, each from its minimum minor', () => {
    assert.equal(RANGE, '^20.19.0 || ^22.12.0 || ^24.0.0');
    for (const version of ['v20.19.0', 'v20.20.2', 'v22.12.0', 'v22.23.3', 'v24.0.0', 'v24.21.0'])
      assert.equal(nodeSupport(version, RANGE), 'supported', version);
    for (const version of ['v18.20.0', 'v20.18.1', 'v21.7.0', 'v22.11.0', 'v23.1.0'])
      assert.equal(nodeSupport(version, RANGE), 'too old', version);
    assert.equal(nodeSupport('v26.10.0', RANGE), 'untested');
  });

  it('includes the one running this test', () => {
    assert.equal(nodeSupport(process.version, RANGE), 'supported');
  });

  it('npm start on an unsupported release says so in one line and stops', () => {
    // The check runs first in `npm start`; a fake process.version stands in for an old Node.
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `Object.defineProperty(process, 'version', { value: 'v18.20.0' }); require('./api/src/cli/node-version').checkNodeVersion();`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    assert.equal(result.status, 1);
    assert.equal(result.stderr.trim().split('\n').length, 1);
    assert.match(
      result.stderr,
      /^Node\.js v18\.20\.0 is not supported: the portal needs \^20\.19\.0 \|\| \^22\.12\.0 \|\| \^24\.0\.0\./,
    );
  });
});

describe('the compiled server and commands', () => {
  it('the server with --help prints its help and the settings, and opens, creates and serves nothing', async () => {
    await buildApi();
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ontv-help-')), 'data');
    const result = spawnSync(process.execPath, [path.join(ROOT, 'api', 'dist', 'main.js'), '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '1' },
      timeout: 20_000,
    });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /^node api\/dist\/main\.js \[--help\]\n/);
    assert.match(result.stdout, /DATABASE_URL/);
    assert.equal(fs.existsSync(dataDir), false, 'no database made');
  });

  it('each checks the Node.js release before it loads anything, in one line', async () => {
    await buildApi();
    // A preloaded module stands in for an old Node (18.20, Debian 12's own), where loading the server's
    // packages would fail with ERR_REQUIRE_ESM and a stack trace.
    const old = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ontv-node18-')), 'old-node.js');
    fs.writeFileSync(
      old,
      `Object.defineProperty(process, 'version', { value: 'v18.20.4' });
       Object.defineProperty(process.versions, 'node', { value: '18.20.4' });`,
    );
    for (const name of Object.keys(COMMANDS)) {
      const result = spawnSync(process.execPath, ['--require', old, path.join(ROOT, 'api', 'dist', `${name}.js`)], {
        cwd: ROOT,
        encoding: 'utf8',
        env: { ...process.env, SANDBOX: '1' },
      });
      assert.equal(result.status, 1, `${name}.js exits 1`);
      assert.equal(result.stdout, '', `${name}.js starts nothing`);
      assert.equal(result.stderr, `${tooOldLine('v18.20.4', RANGE)}\n`, `${name}.js says so in one line`);
    }
  });
});
