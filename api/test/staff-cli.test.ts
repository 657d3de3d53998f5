/**
 * `npm run staff`: the accounts made, reset and disabled from the command line are in the audit trail,
 * under the system user and host that ran the command, on each engine, the operator's record of who changed what.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { openDb } from '../src/db/db';
import { engines } from './harness';
import { freshDatabase } from '../../test/lib/postgres';
import { tempDir } from '../../test/lib/tempDir';

const run = promisify(execFile);

for (const engine of engines()) {
  describe(`npm run staff on ${engine}`, () => {
    it('records each account added, reset and disabled in the audit trail, and nothing for a refused change', async () => {
      const dataDir = path.join(tempDir('ontv-staff-cli-'), 'data');
      const fresh = engine === 'postgres' ? await freshDatabase(process.env.TEST_DATABASE_URL!, 'ontv_staff') : null;
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      if (fresh) env.DATABASE_URL = fresh.url;
      else delete env.DATABASE_URL;
      const staff = async (...args: string[]) => {
        const script = path.join(__dirname, '../src/cli/staff.ts');
        try {
          const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...args], { env });
          return { code: 0, out: stdout };
        } catch (error) {
          const failed = error as { code: number; stderr: string };
          return { code: failed.code, out: failed.stderr };
        }
      };
      try {
        assert.match((await staff('add', 'Ana@Example.ba', '--role', 'admin')).out, /One-time password/);
        assert.equal((await staff('add', 'ana@example.ba', '--role', 'agent')).code, 1, 'taken: refused');
        assert.match((await staff('reset', 'ana@example.ba')).out, /New one-time password/);
        assert.match((await staff('disable', 'ana@example.ba')).out, /Disabled/);
        assert.equal((await staff('disable', 'ana@example.ba')).code, 1, 'disabled already: refused');

        const db = await openDb({ databaseUrl: fresh?.url, dataDir });
        try {
          const trail = await db.query<{ staff_id: number | null; staff_name: string; action: string; after: unknown }>(
            'SELECT staff_id, staff_name, action, after FROM audit_events ORDER BY id',
          );
          const by = `${os.userInfo().username}@${os.hostname()}`;
          assert.deepEqual(
            trail.map((row) => [row.action, row.staff_id, row.staff_name.startsWith(`${by} (`), row.after]),
            [
              ['staff.add', null, true, { email: 'ana@example.ba', role: 'admin' }],
              ['staff.reset', null, true, { email: 'ana@example.ba' }],
              ['staff.disable', null, true, { email: 'ana@example.ba' }],
            ],
          );
          assert.doesNotMatch(JSON.stringify(trail), /password/i, 'no password in the trail');
        } finally {
          await db.close();
        }
      } finally {
        await fresh?.drop();
      }
    });
  });
}
