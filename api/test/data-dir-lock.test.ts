/**
 * The embedded database's lock (db/dataDirLock.ts) between containers on one volume, where process ids
 * say nothing: a lock another host holds and keeps touching refuses, one it stopped touching is a leftover.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { lockDataDir } from '../src/db/dataDirLock';
import { tempDir } from '../../test/lib/tempDir';

describe("the embedded database's lock", () => {
  it('refuses a lock held from another container, and takes over one left by a container gone', () => {
    const dataDir = path.join(tempDir('ontv-lock-'), 'data');
    const file = `${dataDir}.lock`;
    // The server's container: process 1 on its own host name, touching the lock as it runs.
    fs.writeFileSync(file, '1@a1b2c3d4e5f6');
    assert.throws(
      () => lockDataDir(dataDir),
      /^Error: The embedded database in .* is in use by process 1 on a1b2c3d4e5f6 \(a running portal\?\)\. Stop it first/,
    );
    assert.equal(fs.readFileSync(file, 'utf8'), '1@a1b2c3d4e5f6', 'the holder keeps its lock');

    // The same container stopped a minute ago without releasing it: a leftover.
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(file, minuteAgo, minuteAgo);
    const release = lockDataDir(dataDir);
    assert.equal(fs.readFileSync(file, 'utf8'), `${process.pid}@${os.hostname()}`);
    release();
    assert.equal(fs.existsSync(file), false);
  });

  it("refuses a live process of this host, and takes over a dead one's or an older release's bare id", () => {
    const dataDir = path.join(tempDir('ontv-lock-'), 'data');
    const file = `${dataDir}.lock`;
    fs.writeFileSync(file, `${process.ppid}@${os.hostname()}`);
    assert.throws(() => lockDataDir(dataDir), new RegExp(`in use by process ${process.ppid} \\(a running portal`));
    fs.writeFileSync(file, '999999999');
    lockDataDir(dataDir)();
    fs.writeFileSync(file, `999999999@${os.hostname()}`);
    lockDataDir(dataDir)();
  });
});
