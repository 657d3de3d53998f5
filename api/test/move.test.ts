/**
 * The move of an embedded portal to PostgreSQL (api/src/cli/move-to-postgres.ts): a populated embedded
 * database moved by the command, every row arriving as it was, and the customer signing in on PostgreSQL
 * with the same password and PIN, seeing the same payments and messages. Only with TEST_DATABASE_URL.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { paymentOrderResponseSchema } from '@portal/shared/contract';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrate';
import { API_DIR } from '../src/apiDir';
import { DEMO_CUSTOMER, DEMO_CUSTOMERS } from '../src/db/seed';
import { addStaff } from '../src/support/accounts';
import { Store } from '../src/repositories';
import { addCard, device, payOrder, startApi, type StartedApi } from './harness';
import { freshDatabase } from '../../test/lib/postgres';
import { copyEmptyPglite } from '../../test/lib/pgliteTemplate';
import { tempDir } from '../../test/lib/tempDir';

const ROOT = path.resolve(API_DIR, '..');
const MOVE = path.join(API_DIR, 'src', 'cli', 'move-to-postgres.ts');

/** The command as an operator runs it, on the embedded database under `dataDir`. */
function move(dataDir: string, to: string) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', MOVE, '--to', to], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

/** Every table's rows as PostgreSQL writes them out (in UTC), sorted, and every sequence's state. */
async function contentsOf(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL TimeZone = 'UTC'`);
    const tables = await tx.query<{ name: string; kind: string }>(
      `SELECT relname AS name, relkind::text AS kind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'S') AND relname NOT IN ('schemaversion', 'schema_migrations')`,
    );
    const contents: Record<string, string[]> = {};
    for (const { name, kind } of tables) {
      const row = kind === 'S' ? '(last_value, is_called)::text' : 't::text';
      const rows = await tx.query<{ row: string }>(`SELECT ${row} AS row FROM "${name}" t`);
      contents[name] = rows.map((r) => r.row).sort();
    }
    return contents;
  });
}

const count = async (url: string, table: string) => {
  const db = await openDb({ databaseUrl: url, dataDir: null });
  try {
    const [found] = await db.query<{ name: string | null }>(`SELECT to_regclass($1)::text AS name`, [table]);
    if (!found?.name) return null;
    return (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
  } finally {
    await db.close();
  }
};

if (process.env.TEST_DATABASE_URL) {
  describe('moving an embedded portal to PostgreSQL', () => {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const drops: Array<() => Promise<void>> = [];
    const fresh = async () => {
      const made = await freshDatabase(adminUrl, 'ontv_move');
      drops.push(made.drop);
      return made.url;
    };
    let source: StartedApi;
    let dataDir: string;
    let target: string;
    /** What the customer saw on the embedded portal. */
    const seen = {} as {
      token: string;
      pin: string;
      payments: unknown;
      messages: unknown;
      pdf: Buffer;
      devices: unknown;
    };

    before(async () => {
      // A populated embedded portal: the demo customers, and one who signed in, saved a card, bought a
      // package (a payment, a receipt in the outbox, an invoice PDF), and a staff account with its audit.
      source = await startApi({ engine: 'pglite' });
      dataDir = source.dataDir;
      const login = await source.call('POST', '/login', {
        body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, ...device },
      });
      assert.equal(login.status, 200);
      const token = login.body.token as string;
      seen.token = token;
      seen.pin = login.body.pin as string;
      const { code } = await addCard(source, token, '4242424242424242');
      const placed = await source.call('POST', '/ontv-payments/new-account/order', {
        token,
        body: { creditCardId: code, amount: 14.9, ontvPlanId: 'starton' },
      });
      const order = paymentOrderResponseSchema.parse(placed.body);
      assert.deepEqual((await payOrder(source, order.paymentSecret)).body, { status: 'succeeded' });
      seen.payments = (await source.call('GET', '/ontv-payments', { token })).body;
      assert.equal((seen.payments as unknown[]).length, 1);
      const pdf = await fetch(`${source.url}/api/ontv-payments/${order.orderNumber}/pdf`, {
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(pdf.status, 200);
      seen.pdf = Buffer.from(await pdf.arrayBuffer());
      seen.devices = (await source.call('GET', '/customer/devices', { token })).body;
      seen.messages = (await source.call('GET', `/dev/outbox?to=${DEMO_CUSTOMER.email}`)).body;
      assert.ok((seen.messages as unknown[]).length > 0, 'a receipt waits in the outbox');
      const store = new Store(source.db);
      assert.ok(await addStaff(store.staff, { email: 'admin@ontv.ba', name: 'Admin', role: 'admin' }));
      target = await fresh();
    });

    after(async () => {
      await source?.close().catch(() => undefined);
      for (const drop of drops) await drop();
    });

    it('refuses in one line while a portal runs on the embedded database, and writes nothing', () => {
      const refused = move(dataDir, target);
      assert.equal(refused.status, 1);
      assert.match(
        refused.stderr,
        /^The embedded database in .* is in use by process \d+ \(a running portal\?\)\. Stop it first/,
      );
      assert.equal(refused.stderr.split('\n').length, 1);
    });

    it('moves every row of every table as it was, in one command', async () => {
      await source.close();
      const moved = move(dataDir, target);
      assert.equal(moved.status, 0, moved.stderr);
      assert.match(moved.stdout, new RegExp(`^customers\\s+${DEMO_CUSTOMERS.length}$`, 'm'));
      assert.match(moved.stdout, /^payment_orders\s+1$/m);
      assert.match(moved.stdout, /^invoice_pdfs\s+1$/m);
      assert.match(moved.stdout, /^staff\s+1$/m);
      assert.match(
        moved.stdout,
        /^Moved \d+ rows of \d+ tables from .* to 127\.0\.0\.1:\d+\/ontv_move_\w+ in \d+ ms\.$/m,
      );
      assert.match(moved.stdout, /same JWT_SECRET and SEALING_KEYS/);
      assert.doesNotMatch(moved.stdout + moved.stderr, /password@/);
      const embedded = await openDb({ dataDir });
      const postgres = await openDb({ databaseUrl: target, dataDir: null });
      try {
        const [from, to] = [await contentsOf(embedded), await contentsOf(postgres)];
        assert.deepEqual(Object.keys(to).sort(), Object.keys(from).sort());
        for (const table of Object.keys(from)) assert.deepEqual(to[table], from[table], table);
        assert.ok(from.outbox!.length > 0 && from.device_sessions!.length > 0 && from.audit_events!.length >= 0);
      } finally {
        await embedded.close();
        await postgres.close();
      }
    });

    it('the customer signs in on PostgreSQL with the same password and PIN, and finds the payment, invoice and messages', async () => {
      // The same DATA_DIR: the keys the sandbox generated there are the keys that sealed the PIN and messages.
      const api = await startApi({ engine: 'postgres', dataDir, databaseUrl: target });
      try {
        // Signed in before the move, still signed in after it: the same session, token and device.
        const token = seen.token;
        assert.deepEqual((await api.call('GET', '/ontv-payments', { token })).body, seen.payments);
        assert.deepEqual((await api.call('GET', `/dev/outbox?to=${DEMO_CUSTOMER.email}`)).body, seen.messages);
        const devices = (await api.call('GET', '/customer/devices', { token })).body as Array<{ id: string }>;
        assert.ok(devices.some((d) => d.id === (seen.devices as Array<{ id: string }>)[0]!.id));
        const [order] = seen.payments as Array<{ orderNumber: string }>;
        const pdf = await fetch(`${api.url}/api/ontv-payments/${order!.orderNumber}/pdf`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.deepEqual(Buffer.from(await pdf.arrayBuffer()), seen.pdf, 'the stored invoice, byte for byte');
        // Signing in again, on the same device (which ends the session before): the same password and PIN.
        const login = await api.call('POST', '/login', {
          body: { username: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, ...device },
        });
        assert.equal(login.status, 200);
        assert.equal(login.body.pin, seen.pin, 'the PIN opens with the same keys');
        // The sequences go on where the embedded portal left them: a new customer gets a new id.
        const [next] = await api.db.query<{ taken: boolean }>(
          `SELECT nextval(pg_get_serial_sequence('customers', 'id')) <= (SELECT max(id) FROM customers) AS taken`,
        );
        assert.equal(next?.taken, false);
      } finally {
        await api.close();
      }
    });

    it('a second run refuses: the target holds customers now', () => {
      const again = move(dataDir, target);
      assert.equal(again.status, 1);
      assert.equal(
        again.stderr,
        `The target database already holds ${DEMO_CUSTOMERS.length} customers and 1 staff accounts: the move writes only into a new, empty database (create one: createdb -O <user> <name>).`,
      );
    });

    it('a failure midway leaves the target without a row of the embedded portal, and a new run then moves it', async () => {
      const url = await fresh();
      const db = await openDb({ databaseUrl: url, dataDir: null });
      try {
        await migrate(db);
        // The outbox, written after the customers, refuses every row on this target.
        await db.query('ALTER TABLE outbox ADD CONSTRAINT refuses_all CHECK (false) NOT VALID');
        const failed = move(dataDir, url);
        assert.equal(failed.status, 1);
        assert.match(failed.stderr, /refuses_all/);
        for (const table of ['customers', 'payment_orders', 'device_sessions', 'staff', 'outbox'])
          assert.equal(await count(url, table), 0, `${table} is empty`);
        assert.equal(await count(url, 'plans'), 2, 'what the migrations wrote is there as they wrote it');
        await db.query('ALTER TABLE outbox DROP CONSTRAINT refuses_all');
      } finally {
        await db.close();
      }
      const moved = move(dataDir, url);
      assert.equal(moved.status, 0, moved.stderr);
      assert.equal(await count(url, 'customers'), DEMO_CUSTOMERS.length);
    });

    it('refuses an embedded database not migrated to this release, and a folder with none', async () => {
      const behind = tempDir('ontv-move-');
      await copyEmptyPglite(path.join(behind, 'pglite'));
      const dir = path.join(tempDir('ontv-move-'), 'migrations');
      fs.mkdirSync(dir);
      const files = fs.readdirSync(path.join(API_DIR, 'migrations')).sort();
      for (const file of files.slice(0, 3))
        fs.copyFileSync(path.join(API_DIR, 'migrations', file), path.join(dir, file));
      const db = await openDb({ dataDir: behind });
      await migrate(db, { dir });
      await db.close();
      const url = await fresh();
      const refused = move(behind, url);
      assert.equal(refused.status, 1);
      assert.match(
        refused.stderr,
        new RegExp(
          `^The embedded database lacks ${files.length - 3} migrations of this release \\(${files[3]!.replace(/\./g, '\\.')}…\\): start this release on it once`,
        ),
      );
      assert.equal(await count(url, 'customers'), null, 'the target is not even migrated');
      const none = move(tempDir('ontv-move-'), url);
      assert.equal(none.status, 1);
      assert.match(none.stderr, /^DATA_DIR: no embedded database in /);
    });
  });
}
