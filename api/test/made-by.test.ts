/**
 * A sandbox and a production server never share a database (migration 035, db/madeBy.ts): a demo
 * started on production data would hand every customer's messages and codes to anyone.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config';
import { prepare } from '../src/process/start';
import { tempDir } from '../../test/lib/tempDir';
import { PRODUCTION_SETTINGS } from '../../test/lib/productionSettings';

const SANDBOX = /This database was made by a production server, and a sandbox \(SANDBOX=1\) would hand/;
const PRODUCTION = /This database was made by a sandbox \(SANDBOX=1\): its demo customers and test payments/;

/** A start's preparation (migrations, the checks, the seed) on `dataDir`, as a sandbox or a production server. */
async function start(dataDir: string, mode: 'sandbox' | 'production') {
  const env = mode === 'sandbox' ? { SANDBOX: '1' } : PRODUCTION_SETTINGS;
  const { db } = await prepare(loadConfig({ ...env, DATA_DIR: dataDir }));
  return db;
}

describe('the kind of server that made the database', () => {
  it('keeps a sandbox off a database a production server made, in one line saying what to do', async () => {
    const dataDir = tempDir('ontv-made-by-');
    await (await start(dataDir, 'production')).close();
    await assert.rejects(start(dataDir, 'sandbox'), SANDBOX);
    await (await start(dataDir, 'production')).close();
  });

  it('keeps a production server off a database a sandbox made, its demo customers deleted or not', async () => {
    const dataDir = tempDir('ontv-made-by-');
    const db = await start(dataDir, 'sandbox');
    await db.close();
    await assert.rejects(start(dataDir, 'production'), /holds the demo customers/);
    const again = await start(dataDir, 'sandbox');
    await again.query(`DELETE FROM customers WHERE email LIKE '%@ontv.ba'`);
    await again.close();
    await assert.rejects(start(dataDir, 'production'), PRODUCTION);
  });

  it('marks a database made before the mark by what is in it: real customers are production', async () => {
    const dataDir = tempDir('ontv-made-by-');
    const db = await start(dataDir, 'production');
    await db.query(
      `INSERT INTO customers (email, first_name, last_name, password_hash, pin_sealed) VALUES ('kupac@example.ba', 'Amra', 'Begić', 'x', 'y')`,
    );
    await db.query('DELETE FROM database_made_by');
    await db.close();
    await assert.rejects(start(dataDir, 'sandbox'), SANDBOX);
  });
});
