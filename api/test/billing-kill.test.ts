/**
 * A billing pass killed with SIGKILL halfway through 300 due subscriptions, then a new pass: every
 * subscription is charged exactly once, and none is lost.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { engines, seedDueRenewals, startApi } from './harness';

const ROOT = path.resolve(__dirname, '../..');
// tsx's loader in this very process (the tsx command would run the pass in a child that SIGKILL misses).
const TSX_LOADER = ['--import', 'tsx'];
const BILLING = path.join(ROOT, 'api', 'src', 'cli', 'billing.ts');
const DUE = 300;
const AT = '2026-03-01T10:00:00Z';

for (const engine of engines()) {
  describe(`a billing pass killed midway on ${engine}`, () => {
    it(`charges each of ${DUE} due subscriptions exactly once after a new pass`, async () => {
      const api = await startApi({ engine });
      const { dataDir, databaseUrl } = api;
      await seedDueRenewals(api.db, { tag: 'kill', count: DUE, periodStart: '2026-02-01', dueOn: '2026-03-01' });
      await api.close();

      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
      };
      // The first pass prints each outcome; it is killed after a few dozen, in the middle of the pass.
      const first = spawn(process.execPath, [...TSX_LOADER, BILLING, '--at', AT, '--verbose'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      let done = 0;
      const killed = new Promise<NodeJS.Signals | null>((resolve) =>
        first.once('exit', (_code, signal) => resolve(signal)),
      );
      first.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        done = (output.match(/^customer \d+: /gm) ?? []).length;
        if (done >= 30 && first.exitCode === null && !first.killed) first.kill('SIGKILL');
      });
      assert.equal(await killed, 'SIGKILL');
      assert.doesNotMatch(output, /^Billing as of/m, 'killed before the pass finished');
      assert.ok(done < DUE, `${done} done when killed`);

      const second = spawnSync(process.execPath, [...TSX_LOADER, BILLING, '--at', AT], {
        cwd: ROOT,
        env,
        encoding: 'utf8',
      });
      assert.equal(second.status, 0, `${second.stdout}\n${second.stderr}`);
      assert.match(second.stdout, /^Billing as of .*: \d+ charged, 0 failed/m);

      const after = await startApi({ engine, dataDir, databaseUrl });
      try {
        const [counts] = await after.db.query<{ customers: number; once: number; twice: number; advanced: number }>(
          `WITH charges AS (
             SELECT c.id, count(i.id) FILTER (WHERE i.kind = 'payment' AND i.status = 'succeeded') AS n
               FROM customers c LEFT JOIN sandbox_intents i ON i.payment_method = 'pm_kill_' || c.id
              WHERE c.email LIKE 'kill%' GROUP BY c.id)
           SELECT count(*)::int AS customers, count(*) FILTER (WHERE n = 1)::int AS once, count(*) FILTER (WHERE n > 1)::int AS twice,
                  (SELECT count(*)::int FROM subscriptions s JOIN customers c ON c.id = s.customer_id
                    WHERE c.email LIKE 'kill%' AND s.status = 'ACTIVE' AND s.next_payment_on = DATE '2026-04-01') AS advanced
             FROM charges`,
        );
        assert.deepEqual(counts, { customers: DUE, once: DUE, twice: 0, advanced: DUE });
        const [orders] = await after.db.query<{ paid: number }>(
          `SELECT count(*)::int AS paid FROM payment_orders o JOIN customers c ON c.id = o.customer_id WHERE c.email LIKE 'kill%' AND o.kind = 'RENEWAL' AND o.status = 'PAID'`,
        );
        assert.equal(orders!.paid, DUE, 'one paid renewal order each, in the payment history');
      } finally {
        await after.close();
        await after.dropDatabase?.();
        await api.dropDatabase?.();
      }
    });
  });
}
