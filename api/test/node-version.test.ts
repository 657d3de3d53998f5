import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nodeSupport } from '../src/cli/node-version';

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
