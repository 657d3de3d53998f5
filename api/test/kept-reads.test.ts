/**
 * Prepared reads a server keeps on PostgreSQL (decision 047): another process's write is heard and drops
 * them within a moment; while the listening connection is down, nothing is kept, so a write nobody
 * heard is never answered stale; and every table tells its writes.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runBilling } from '../src/money/billing/job';
import { isoDay } from '../src/days';
import { openDb, type Db } from '../src/db/db';
import { ASIDE, keptReads } from '../src/db/keptReads';
import { readsRowsOnly, TABLES_NO_KEPT_READ_READS } from '../src/db/preparedReads';
import { LISTENER_NAME } from '../src/db/writesHeard';
import { device, engines, seedDueRenewals, staffToken, startApi, type StartedApi } from './harness';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const NAME_READ = 'SELECT first_name FROM customers WHERE email = $1';
const EMAIL = 'aktivna@ontv.ba';

/** The first name server `db` answers for the demo customer, by the kept prepared read. */
const nameIn = async (db: Db) =>
  (await db.prepared<{ first_name: string }>('kept_name', NAME_READ, [EMAIL]))[0]!.first_name;

/** Polls `db` until it answers `name`; how long that took, or null after `ms`. */
async function seenWithin(db: Db, name: string, ms: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if ((await nameIn(db)) === name) return Date.now() - started;
    await sleep(10);
  }
  return null;
}

for (const engine of engines()) {
  describe(`every table tells its writes on ${engine}`, () => {
    let api: StartedApi;
    before(async () => {
      api = await startApi({ engine });
    });
    after(async () => api?.close());

    it('has the portal_writes trigger on every table', async () => {
      const missing = await api.db.query<{ tablename: string }>(
        `SELECT t.tablename FROM pg_tables t WHERE t.schemaname = current_schema() AND t.tablename <> 'schemaversion'
            AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = (quote_ident(t.tablename))::regclass AND g.tgname = 'portal_writes')`,
      );
      assert.deepEqual(missing, [], 'a table without the trigger: add it in its migration (031 shows how)');
    });

    it('tells nothing of the tables no kept read reads, and everything of the others', async () => {
      const [{ body }] = (await api.db.query<{ body: string }>(
        `SELECT pg_get_functiondef('portal_writes_notify'::regproc) AS body`,
      )) as [{ body: string }];
      const named = [...(/IN \(([^)]*)\)/.exec(body)?.[1] ?? '').matchAll(/'(\w+)'/g)].map((m) => m[1]);
      assert.deepEqual(named.sort(), [...TABLES_NO_KEPT_READ_READS].sort(), 'migration 044 and db/preparedReads.ts');
    });
  });
}

if (process.env.TEST_DATABASE_URL)
  describe('reads kept by two servers on one PostgreSQL', () => {
    let api: Awaited<ReturnType<typeof startApi>>;
    let other: Db;
    before(async () => {
      api = await startApi({ engine: 'postgres' });
      other = await openDb({ databaseUrl: api.databaseUrl, dataDir: null, keepReads: true });
      await sleep(300);
    });
    after(async () => {
      await other?.close();
      await api?.close();
    });

    it('drops a kept read when the other server writes, within a moment', async () => {
      assert.equal(await nameIn(api.db), await nameIn(other));
      for (const name of ['Prvo', 'Drugo', 'Treće']) {
        await nameIn(api.db); // kept
        await other.query('UPDATE customers SET first_name = $2 WHERE email = $1', [EMAIL, name]);
        const ms = await seenWithin(api.db, name, 1_000);
        assert.notEqual(ms, null, `the write of ${name} was heard within 1 s`);
      }
    });

    it('keeps nothing while its listening connection is down, and hears again once it is back', async () => {
      await nameIn(api.db);
      const killed = await other.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [LISTENER_NAME],
      );
      assert.equal(killed[0]!.n, 2, "both servers' listening connections");
      await sleep(200);
      // A write neither hears: read at once, never from what was kept.
      await other.query('UPDATE customers SET first_name = $2 WHERE email = $1', [EMAIL, 'Neuho']);
      assert.equal(await nameIn(api.db), 'Neuho');
      await sleep(1_500);
      await nameIn(api.db);
      await other.query('UPDATE customers SET first_name = $2 WHERE email = $1', [EMAIL, 'Ponovo']);
      assert.notEqual(await seenWithin(api.db, 'Ponovo', 1_000), null, 'heard again after the connection is back');
    });
  });

describe('a plain read is not a write (decision 061)', () => {
  it('tells a read of rows from a statement that writes, locks, sets or makes something', () => {
    for (const sql of ['SELECT 1', ' select updated_at, deleted FROM customers WHERE id = $1'])
      assert.equal(readsRowsOnly(sql), true, sql);
    for (const sql of [
      'UPDATE customers SET first_name = $1',
      'WITH gone AS (DELETE FROM outbox RETURNING id) SELECT count(*) FROM gone',
      'SELECT * FROM subscriptions WHERE customer_id = $1 FOR UPDATE',
      'SELECT pg_try_advisory_lock($1)',
      `SELECT set_config('portal.writes_scope', $1, true)`,
      'SELECT nextval($1)',
      'SELECT * INTO copy FROM customers',
    ])
      assert.equal(readsRowsOnly(sql), false, sql);
  });
});

describe("one customer's writes keep the others' reads (decision 051)", () => {
  /** A kept read that counts how often it really reads. */
  const counted = () => {
    let runs = 0;
    return { run: async () => [{ n: ++runs }], runs: () => runs };
  };

  it("serves another customer's kept read through a customer's write, and drops the writer's own", async () => {
    const reads = keptReads();
    const [seven, eight, nobody] = [counted(), counted(), counted()];
    const readAll = async () => {
      await reads.read('seven', seven.run, true, '7');
      await reads.read('eight', eight.run, true, '8');
      await reads.read('nobody', nobody.run);
    };
    await readAll();
    await readAll();
    assert.deepEqual([seven.runs(), eight.runs(), nobody.runs()], [1, 1, 1], 'kept while nothing wrote');
    await reads.writing(async () => undefined, '7');
    await readAll();
    assert.deepEqual([seven.runs(), eight.runs(), nobody.runs()], [2, 1, 2], "7's write drops 7's and no one's");
    reads.heard('8');
    await readAll();
    assert.deepEqual([seven.runs(), eight.runs(), nobody.runs()], [2, 2, 3], "8's heard write drops 8's");
    await reads.writing(async () => undefined, ASIDE);
    reads.heard(ASIDE);
    await readAll();
    assert.deepEqual([seven.runs(), eight.runs(), nobody.runs()], [2, 2, 3], 'a write aside drops none');
    for (const anything of [undefined, '', 'x', '7; 8']) {
      await reads.writing(async () => undefined, anything);
      await readAll();
    }
    assert.deepEqual([seven.runs(), eight.runs(), nobody.runs()], [6, 6, 7], 'a write of anything drops all');
  });

  it("never keeps a customer's read that overlapped that customer's write", async () => {
    const reads = keptReads();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    const run = async () => {
      runs += 1;
      await slow;
      return [{ runs }];
    };
    const reading = reads.read('seven', run, true, '7');
    await reads.writing(async () => undefined, '7');
    release();
    await reading;
    await reads.read('seven', run, true, '7');
    assert.equal(runs, 2, 'read again: the first overlapped a write of its customer');
  });
});

for (const engine of engines())
  describe(`the console's and the limits' writes keep the customers' reads on ${engine}`, () => {
    it('serves a kept read through a console search, a customer viewed and a wrong password', async () => {
      const api = await startApi({ engine });
      try {
        const staff = await staffToken(api, 'citac@ontv.ba', 'agent');
        const kept = await nameIn(api.db);
        // A change nobody is told of (written aside): a kept read goes on answering what it read before.
        await api.db.writingFor(ASIDE).transaction(async (tx) => {
          await tx.query(`SELECT set_config('portal.writes_scope', $1, true)`, [ASIDE]);
          await tx.query('UPDATE customers SET first_name = $1 WHERE email = $2', ['Neviđena', EMAIL]);
        });
        const found = await api.call('POST', '/staff/customers/search', { token: staff, body: { q: EMAIL, page: 1 } });
        assert.equal(found.status, 200, JSON.stringify(found.body));
        const id = (found.body.items as Array<{ id: number }>)[0]!.id;
        assert.equal((await api.call('GET', `/staff/customers/${id}`, { token: staff })).status, 200);
        const wrong = await api.call('POST', '/login', {
          body: { username: EMAIL, password: 'Pogresna-1', ...device },
        });
        assert.equal(wrong.status, 401);
        await sleep(300);
        assert.equal(await nameIn(api.db), kept, 'the staff session, the trail and the limit were written aside');
        await api.db.query('UPDATE customers SET first_name = first_name WHERE email = $1', [EMAIL]);
        await sleep(300);
        assert.equal(await nameIn(api.db), 'Neviđena', "a customer's write is still heard");
      } finally {
        await api.close();
      }
    });

    it('refuses a prepared read of a table written aside', async () => {
      const api = await startApi({ engine });
      try {
        await assert.rejects(
          api.db.prepared('reads_trail', 'SELECT count(*) FROM audit_events', []),
          /reads a table written aside/,
        );
      } finally {
        await api.close();
      }
    });
  });

if (process.env.TEST_DATABASE_URL)
  describe('a billing pass on PostgreSQL tells whose rows it wrote', () => {
    it('names the customer in each renewal’s notification, so that the others stay kept', async () => {
      const api = await startApi({ engine: 'postgres' });
      const { default: pg } = await import('pg');
      const listener = new pg.Client({ connectionString: api.databaseUrl });
      try {
        const today = isoDay(new Date());
        await seedDueRenewals(api.db, {
          tag: 'scope',
          count: 40,
          periodStart: isoDay(new Date(Date.now() - 30 * 86_400_000)),
          dueOn: today,
        });
        const payloads: string[] = [];
        await listener.connect();
        listener.on('notification', (message) => payloads.push(message.payload ?? ''));
        await listener.query('LISTEN portal_writes');
        const report = await runBilling(api.ctx.billing, new Date());
        await sleep(200);
        // The demo's customers due today are renewed too.
        const renewed = report!.charged + report!.failed;
        assert.ok(renewed >= 40, JSON.stringify(report));
        const anything = payloads.filter((payload) => payload === '').length;
        const customers = new Set(payloads.filter((payload) => /^\d+$/.test(payload)));
        assert.equal(customers.size, renewed, 'each renewal names its customer');
        assert.ok(anything <= 10, `${anything} writes of anything in a pass of 40 renewals (at most a handful)`);
      } finally {
        await listener.end();
        await api.close();
      }
    });
  });
