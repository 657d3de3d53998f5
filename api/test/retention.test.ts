/**
 * The daily clean-up (retention/cleanUp.ts, docs/deploy/README.md#sizing-and-retention): of each kind,
 * rows that ended longer ago than their days go, and nothing a customer, the console or the books still
 * need; once a day, whichever process comes first; in batches. On each engine, and its settings.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/config';
import { isoDay } from '../src/days';
import { openDb, type Db } from '../src/db/db';
import { Store } from '../src/repositories';
import { runBillingPass } from '../src/money/billing/job';
import { scheduleBilling } from '../src/money/billing/schedule';
import { RetentionRepository } from '../src/repositories/retention';
import { cleanUpDaily, type CleanUpReport } from '../src/retention/cleanUp';
import { engines, startApi } from './harness';

const DAY_MS = 86_400_000;
const AT = new Date('2026-09-01T03:00:00Z');
const ago = (days: number, from = AT) => new Date(from.getTime() - days * DAY_MS);
const NOTHING: CleanUpReport = {
  outbox: 0,
  device_sessions: 0,
  staff_sessions: 0,
  verifications: 0,
  invoice_pdfs: 0,
  passkey_challenges: 0,
};

type Started = Awaited<ReturnType<typeof startApi>>;

/** A message to `to`, as the sender leaves it. */
async function message(db: Db, to: string, status: string, created: Date, sent: Date | null = null) {
  await db.query(
    `INSERT INTO outbox (to_address, channel, kind, text_sealed, status, created_at, next_attempt_at, sent_at)
     VALUES ($1, 'EMAIL', 'NOTICE', 'sealed', $2, $3, $3, $4)`,
    [to, status, created, sent],
  );
}

/** A device session of `customer` named `name`: made `created`, last refreshed `refreshed`, ended or distrusted when given. */
async function session(
  db: Db,
  customer: number,
  name: string,
  device: string,
  times: { created: Date; refreshed?: Date; revoked?: Date; untrusted?: Date },
) {
  await db.query(
    `INSERT INTO device_sessions (id, customer_id, device_type, device_username, device_name, device_password_hash, token_id, created_at, refreshed_at, revoked_at, untrusted_at)
     VALUES ($1, $2, 'web', $3, $4, 'hash', $5, $6, $7, $8, $9)`,
    [
      randomUUID(),
      customer,
      device,
      name,
      randomUUID(),
      times.created,
      times.refreshed ?? times.created,
      times.revoked ?? null,
      times.untrusted ?? null,
    ],
  );
}

async function verification(db: Db, username: string, created: Date, expires: Date, completed: Date | null = null) {
  await db.query(
    `INSERT INTO verifications (id, purpose, registration_type, username, code_hash, code_expires_at, resend_window_start, approved_at, completed_at, created_at)
     VALUES ($1, 'REGISTRATION', 'EMAIL', $2, 'code', $3, $4, $5, $5, $4)`,
    [randomUUID(), username, expires, created, completed],
  );
}

/** Every row of the kinds the clean-up removes, so that a test counts only its own. */
async function clear(db: Db): Promise<void> {
  for (const table of [
    'outbox',
    'device_sessions',
    'staff_sessions',
    'verifications',
    'invoice_pdfs',
    'passkey_challenges',
  ])
    await db.query(`DELETE FROM ${table}`);
}

const firstCustomer = async (db: Db) =>
  (await db.query<{ id: number }>('SELECT id FROM customers ORDER BY id LIMIT 1'))[0]!.id;

/** What is left of each kind, by the names the rows were given. */
async function left(db: Db) {
  const names = async (sql: string) => (await db.query<{ name: string }>(sql)).map((row) => row.name).sort();
  return {
    outbox: await names(`SELECT to_address AS name FROM outbox WHERE to_address LIKE '%@cisto.ba'`),
    device_sessions: await names(`SELECT device_name AS name FROM device_sessions WHERE device_type = 'web'`),
    staff_sessions: await names(`SELECT browser_hash AS name FROM staff_sessions`),
    verifications: await names(`SELECT username AS name FROM verifications`),
    invoice_pdfs: await names(`SELECT order_number AS name FROM invoice_pdfs`),
    passkey_challenges: await names(`SELECT challenge_hash AS name FROM passkey_challenges`),
  };
}

/** Rows of each kind on both sides of its days (90 for messages and PDFs, 30 for sessions after a 30-day refresh window, 7 for codes and passkey challenges). */
async function seedRows(db: Db): Promise<void> {
  for (const [to, status, created, sent] of [
    ['poslana@cisto.ba', 'SENT', ago(95), ago(91)],
    ['odustala@cisto.ba', 'FAILED', ago(91), null],
    ['nedavna@cisto.ba', 'SENT', ago(89), ago(88)],
    ['ceka@cisto.ba', 'PENDING', ago(200), null],
    ['zadrzana@cisto.ba', 'HELD', ago(200), null],
  ] as const)
    await message(db, to, status, created, sent);
  for (let i = 0; i < 12; i += 1) await message(db, `stara${i}@cisto.ba`, 'SENT', ago(120), ago(120));

  const id = await firstCustomer(db);
  // Device a: two ended sessions; the older goes, the newer is the device's last (login limits).
  await session(db, id, 'a-starija', 'web-a', { created: ago(100), revoked: ago(31) });
  await session(db, id, 'a-zadnja', 'web-a', { created: ago(60), revoked: ago(31) });
  // Device b: expired 31 days ago (refreshed 61 days ago) and distrusted; c: expired 29 days ago.
  await session(db, id, 'b-istekla', 'web-b', { created: ago(90), refreshed: ago(61), untrusted: ago(61) });
  await session(db, id, 'c-istekla-nedavno', 'web-c', { created: ago(90), refreshed: ago(59), untrusted: ago(59) });
  // Device d: distrusted and signed out 29 days ago; e: one ended long ago, one live.
  await session(db, id, 'd-odjava-nedavno', 'web-d', { created: ago(40), revoked: ago(29), untrusted: ago(29) });
  await session(db, id, 'e-stara', 'web-e', { created: ago(50), revoked: ago(40) });
  await session(db, id, 'e-ziva', 'web-e', { created: ago(45), refreshed: ago(0) });

  const [staff] = await db.query<{ id: number }>(
    `INSERT INTO staff (email, name, role, password_hash) VALUES ('cistac@operator.ba', 'Čistač', 'agent', 'x') RETURNING id`,
  );
  for (const [name, seen, ended] of [
    ['odjavljena', ago(35), ago(31)],
    ['napustena', ago(31), null],
    ['odjavljena-nedavno', ago(30), ago(29)],
    ['ziva', ago(0), null],
  ] as const)
    await db.query(
      `INSERT INTO staff_sessions (id, staff_id, stage, created_at, last_seen_at, ended_at, browser_hash) VALUES ($1, $2, 'full', $3, $3, $4, $5)`,
      [randomUUID(), staff!.id, seen, ended, name],
    );

  await verification(db, 'istekao@cisto.ba', ago(10), ago(10));
  await verification(db, 'zavrsen@cisto.ba', ago(9), ago(9), ago(8));
  await verification(db, 'poslan-ponovo@cisto.ba', ago(10), ago(6));
  await verification(db, 'vazi@cisto.ba', ago(0), new Date(AT.getTime() + 600_000));
  // Passkey challenges never answered: one expired 8 days ago goes, one 6 days ago and a live one stay.
  for (const [hash, expires] of [
    ['isteklo', ago(8)],
    ['isteklo-nedavno', ago(6)],
    ['vazi', new Date(AT.getTime() + 300_000)],
  ] as const)
    await db.query(
      `INSERT INTO passkey_challenges (challenge_hash, purpose, subject, expires_at) VALUES ($1, 'sign-in', NULL, $2)`,
      [hash, expires],
    );

  for (const [order, rendered] of [
    ['2026-000901', ago(91)],
    ['2026-000902', ago(89)],
  ] as const)
    await db.query(
      `WITH paid AS (INSERT INTO payment_orders (order_number, customer_id, plan_code, card_number, amount_fening, status, idempotency_key, created_at, updated_at)
                     VALUES ($1, $2, 'maxon', '**** 4242', 2490, 'PAID', $1, $3, $3) RETURNING order_number)
       INSERT INTO invoice_pdfs (order_number, pdf, created_at) SELECT order_number, '%PDF', $3 FROM paid`,
      [order, id, rendered],
    );
}

const STAYS = {
  outbox: ['ceka@cisto.ba', 'nedavna@cisto.ba', 'zadrzana@cisto.ba'],
  device_sessions: ['a-zadnja', 'c-istekla-nedavno', 'd-odjava-nedavno', 'e-ziva'],
  staff_sessions: ['odjavljena-nedavno', 'ziva'],
  verifications: ['poslan-ponovo@cisto.ba', 'vazi@cisto.ba'],
  invoice_pdfs: ['2026-000902'],
  passkey_challenges: ['isteklo-nedavno', 'vazi'],
};

for (const engine of engines()) {
  describe(`the daily clean-up on ${engine}`, () => {
    let api: Started;
    const retention = () => api.ctx.config.retention;
    before(async () => {
      api = await startApi({ engine });
      await seedRows(api.db);
    });
    after(async () => {
      await api?.close();
      await api?.dropDatabase?.();
    });

    it('removes exactly what ended longer ago than its days, in batches, once a day; the next day nothing', async () => {
      const lines: string[] = [];
      const run = (at: Date) =>
        cleanUpDaily({ store: api.ctx.store, retention: retention(), log: (line) => lines.push(line), batch: 5 }, at);

      assert.deepEqual(await run(AT), {
        outbox: 14,
        device_sessions: 3,
        staff_sessions: 2,
        verifications: 2,
        invoice_pdfs: 1,
        passkey_challenges: 1,
      });
      assert.deepEqual(await left(api.db), STAYS);
      assert.match(
        lines[0]!,
        /^Clean-up of 2026-09-01: removed 14 messages, 3 customer sessions, 2 staff sessions, 2 codes, 1 invoice PDFs, 1 passkey challenges in /,
      );
      assert.equal(await run(new Date(AT.getTime() + 3_600_000)), null, 'the day is done');
      assert.deepEqual(await run(new Date(AT.getTime() + DAY_MS)), NOTHING, 'the next day');
      assert.deepEqual(await left(api.db), STAYS);
    });

    it('runs once when 100 runs on several processes start it at once, and again after a run stopped midway', async () => {
      await clear(api.db);
      const day = ago(-10);
      for (let i = 0; i < 20; i += 1) await message(api.db, `jos${i}@cisto.ba`, 'SENT', ago(100, day), ago(100, day));
      // Processes of their own on PostgreSQL; on the embedded database, calls on its one connection.
      const others =
        engine === 'postgres'
          ? await Promise.all([1, 2, 3].map(() => openDb({ databaseUrl: api.databaseUrl!, dataDir: null })))
          : [];
      try {
        const stores = engine === 'postgres' ? others.map((db) => new Store(db)) : [1, 2, 3].map(() => api.ctx.store);
        // A burst of 100, as every "once" rule gets: the day's claim decides it, in one statement.
        const runs = await Promise.all(
          Array.from({ length: 100 }, (_, i) => cleanUpDaily({ store: stores[i % 3]!, retention: retention() }, day)),
        );
        assert.deepEqual(
          runs.filter((report) => report !== null),
          [{ ...NOTHING, outbox: 20 }],
        );
        // Two runs removing at once (one retaken after its lease while the first goes on): each row goes once.
        for (let i = 0; i < 20; i += 1) await message(api.db, `par${i}@cisto.ba`, 'SENT', ago(100, day), ago(100, day));
        const drain = async (repo: RetentionRepository, removed = 0): Promise<number> => {
          const batch = await repo.removeBatch('outbox', { before: ago(90, day) }, null, 3);
          return batch.next === null ? removed + batch.removed : drain(repo, removed + batch.removed);
        };
        const removed = await Promise.all(stores.slice(0, 2).map((store) => drain(new RetentionRepository(store.db))));
        assert.equal(removed[0]! + removed[1]!, 20);
      } finally {
        await Promise.all(others.map((db) => db.close()));
      }

      // A server stopped as its clean-up began leaves the day claimed: taken again after an hour, not before.
      const stopped = ago(-20);
      await message(api.db, 'posle@cisto.ba', 'SENT', ago(100, stopped), ago(100, stopped));
      await scheduleBilling(api.ctx.billing, 0, () => stopped).stop();
      assert.deepEqual(await left(api.db).then((rows) => rows.outbox), ['posle@cisto.ba']);
      const run = (at: Date) => cleanUpDaily({ store: api.ctx.store, retention: retention() }, at);
      assert.equal(await run(new Date(stopped.getTime() + 1_800_000)), null);
      assert.deepEqual(await run(new Date(stopped.getTime() + 3_700_000)), { ...NOTHING, outbox: 1 });
    });

    it("runs on the server's schedule as of its clock, with billing off too; 0 keeps a kind for good", async () => {
      await clear(api.db);
      const day = ago(-30);
      const customer = await firstCustomer(api.db);
      await message(api.db, 'racun@cisto.ba', 'SENT', ago(100, day), ago(100, day));
      await session(api.db, customer, 'f-stara', 'web-f', { created: ago(100, day), revoked: ago(90, day) });
      await session(api.db, customer, 'f-nova', 'web-f', { created: ago(80, day), revoked: ago(70, day) });
      await verification(api.db, 'svjez@cisto.ba', ago(2, day), ago(2, day));
      // A pass billed as of a year on (the sandbox's billing, `billing --at`) removes nothing.
      assert.ok(await runBillingPass(api.ctx.billing, ago(-365, day)));
      assert.equal((await left(api.db)).device_sessions.length, 2);

      const keepMessages = { ...api.ctx.billing, retention: { ...retention(), outboxDays: 0 } };
      const schedule = scheduleBilling(keepMessages, 0, () => day);
      const finished = () =>
        api.db.query('SELECT 1 FROM retention_runs WHERE day = $1 AND finished_at IS NOT NULL', [isoDay(day)]);
      for (let tries = 0; (await finished()).length === 0 && tries < 100; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 20));
      await schedule.stop();
      const [run] = await api.db.query<{ removed: CleanUpReport }>(
        'SELECT removed FROM retention_runs WHERE day = $1',
        [isoDay(day)],
      );
      assert.deepEqual(run?.removed, { ...NOTHING, device_sessions: 1 });
      assert.deepEqual(await left(api.db), {
        outbox: ['racun@cisto.ba'],
        device_sessions: ['f-nova'],
        staff_sessions: [],
        verifications: ['svjez@cisto.ba'],
        invoice_pdfs: [],
        passkey_challenges: [],
      });
    });
  });
}

describe('the retention settings', () => {
  it('keep messages and PDFs 90 days, sessions 30 and codes 7 unless told, 0 for good', () => {
    assert.deepEqual(loadConfig({}).retention, {
      outboxDays: 90,
      sessionDays: 30,
      codeDays: 7,
      invoicePdfDays: 90,
      refreshWindowDays: 30,
    });
    const kept = loadConfig({ OUTBOX_RETENTION_DAYS: '0', INVOICE_PDF_RETENTION_DAYS: '3650' }).retention;
    assert.deepEqual([kept.outboxDays, kept.invoicePdfDays], [0, 3650]);
  });

  it('refuse what is no whole number of days from 0 to 3650, naming each', () => {
    assert.throws(
      () =>
        loadConfig({
          OUTBOX_RETENTION_DAYS: '-1',
          SESSION_RETENTION_DAYS: 'thirty',
          CODE_RETENTION_DAYS: '1.5',
          INVOICE_PDF_RETENTION_DAYS: '3651',
        }),
      (error: Error) => {
        assert.deepEqual(
          error.message
            .split('\n')
            .slice(1)
            .map((line) => line.trim().split(':')[0]),
          ['OUTBOX_RETENTION_DAYS', 'SESSION_RETENTION_DAYS', 'CODE_RETENTION_DAYS', 'INVOICE_PDF_RETENTION_DAYS'],
        );
        return true;
      },
    );
  });
});
