/**
 * Two servers on separate hosts sharing one PostgreSQL (each its own DATA_DIR, billing on in both): their
 * billing passes share the renewals due, one of them is killed with SIGKILL in the middle of its pass,
 * and every renewal is still charged exactly once, by the pass that finishes (decision 044).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../../test/lib/postgres';
import { tempDir } from '../../test/lib/tempDir';
import { openDb } from '../src/db/db';
import { isoDay } from '../src/days';
import { seedDueRenewals, startApi } from './harness';

const ROOT = path.resolve(__dirname, '../..');
const MAIN = path.join(ROOT, 'api', 'src', 'main.ts');
const DUE = 600;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server as a host runs it, with its own DATA_DIR (a copy of the first one's: the same keys). */
async function startHost(
  name: string,
  keysFrom: string,
  databaseUrl: string,
): Promise<{ child: ChildProcess; output: () => string }> {
  const dataDir = tempDir(`ontv-host-${name}-`);
  fs.cpSync(keysFrom, dataDir, { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SANDBOX: '1',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      // One pass at the start; the next would be in an hour.
      BILLING_INTERVAL_MINUTES: '60',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

// Two hosts need a database two processes share: PostgreSQL (the embedded one is one process's).
if (process.env.TEST_DATABASE_URL)
  describe('billing on two hosts sharing one PostgreSQL', () => {
    it(`shares ${DUE} renewals between both passes, one killed midway, each charged exactly once`, async () => {
      const api = await startApi({ engine: 'postgres' });
      const { dataDir, databaseUrl } = api;
      const today = isoDay(new Date());
      await seedDueRenewals(api.db, {
        tag: 'host',
        count: DUE,
        periodStart: isoDay(new Date(Date.now() - 30 * 86_400_000)),
        dueOn: today,
      });
      await api.close();

      const db = await openDb({ databaseUrl, dataDir: null });
      const hosts = [await startHost('a', dataDir, databaseUrl!), await startHost('b', dataDir, databaseUrl!)];
      try {
        // Both passes at work: B is killed once each runner has charged twenty.
        const byRunner = async () =>
          (
            await db.query<{ n: number }>(
              `SELECT count(*)::int AS n FROM billing_attempts a JOIN customers c ON c.id = a.customer_id
                WHERE c.email LIKE 'host%' AND a.status = 'SUCCEEDED' GROUP BY a.runner ORDER BY 1 DESC`,
            )
          ).map((row) => row.n);
        for (let tries = 0; ; tries++) {
          const counts = await byRunner();
          if (counts.length >= 2 && counts[1]! >= 20) break;
          assert.ok(tries < 1200, `both passes at work within 60 s: ${JSON.stringify(counts)}\n${hosts[0]!.output()}`);
          await sleep(50);
        }
        const [a, b] = hosts as [(typeof hosts)[0], (typeof hosts)[0]];
        const killed = new Promise((resolve) => b.child.once('exit', resolve));
        b.child.kill('SIGKILL');
        await killed;
        const atKill = (await byRunner()).reduce((sum, n) => sum + n, 0);
        assert.ok(atKill < DUE, `killed in the middle of the work: ${atKill} of ${DUE} charged`);

        // A's pass goes on to the end of the list and takes over what B left PENDING.
        for (let tries = 0; !/"msg":"Billing: \{/.test(a.output()); tries++) {
          assert.ok(tries < 1200, `A's pass ended within 60 s:\n${a.output()}`);
          await sleep(50);
        }

        const [counts] = await db.query<{
          once: number;
          twice: number;
          advanced: number;
          paid: number;
          pending: number;
        }>(
          `WITH charges AS (
             SELECT c.id, count(i.id) FILTER (WHERE i.kind = 'payment' AND i.status = 'succeeded') AS n
               FROM customers c LEFT JOIN sandbox_intents i ON i.payment_method = 'pm_host_' || c.id
              WHERE c.email LIKE 'host%' GROUP BY c.id)
           SELECT count(*) FILTER (WHERE n = 1)::int AS once, count(*) FILTER (WHERE n > 1)::int AS twice,
                  (SELECT count(*)::int FROM subscriptions s JOIN customers c ON c.id = s.customer_id
                    WHERE c.email LIKE 'host%' AND s.status = 'ACTIVE' AND s.next_payment_on > $1::date) AS advanced,
                  (SELECT count(*)::int FROM payment_orders o JOIN customers c ON c.id = o.customer_id
                    WHERE c.email LIKE 'host%' AND o.kind = 'RENEWAL' AND o.status = 'PAID') AS paid,
                  (SELECT count(*)::int FROM billing_attempts WHERE status = 'PENDING') AS pending
             FROM charges`,
          [today],
        );
        assert.deepEqual(counts, { once: DUE, twice: 0, advanced: DUE, paid: DUE, pending: 0 });
        const shares = await byRunner();
        assert.equal(shares.length, 2, `two passes did the work: ${JSON.stringify(shares)}`);
        assert.ok(shares[1]! >= 20, `each did a part of it: ${JSON.stringify(shares)}`);
      } finally {
        for (const host of hosts)
          if (host.child.exitCode === null && host.child.signalCode === null) host.child.kill('SIGKILL');
        await db.close();
        await api.dropDatabase?.();
      }
    });
  });
