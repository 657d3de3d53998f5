import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { openDb, type Db } from '../src/db/db';
import { spawn } from 'node:child_process';
import { migrate, newerMigrations, pendingMigrations, type AppliedMigration } from '../src/db/migrate';
import { API_DIR } from '../src/apiDir';
import { engines, type Engine } from './harness';
import { freshDatabase } from '../../test/lib/postgres';
import { copyEmptyPglite } from '../../test/lib/pgliteTemplate';
import { tempDir } from '../../test/lib/tempDir';

const MIGRATIONS_DIR = path.join(API_DIR, 'migrations');
const FILES = fs
  .readdirSync(MIGRATIONS_DIR)
  .filter((file) => file.endsWith('.sql'))
  .sort();

/** An empty database on the engine: its URL (PostgreSQL, for more connections to it) and how to be rid of it. */
async function emptyDatabase(engine: Engine): Promise<{ db: Db; url?: string; drop: () => Promise<void> }> {
  if (engine === 'postgres') {
    const fresh = await freshDatabase(process.env.TEST_DATABASE_URL!, 'ontv_migrations');
    const db = await openDb({ databaseUrl: fresh.url, dataDir: null });
    const drop = async () => {
      await db.close();
      await fresh.drop();
    };
    return { db, url: fresh.url, drop };
  }
  const dataDir = tempDir('ontv-migrations-');
  await copyEmptyPglite(path.join(dataDir, 'pglite'));
  const db = await openDb({ dataDir });
  return { db, drop: () => db.close() };
}

/**
 * What the hand-written migrator before postgrator did (api/src/db/migrate.ts until decision 025),
 * kept here to make the databases it left: each file under its name of then, `001_name.sql`.
 */
async function migrateTheOldWay(db: Db, files: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [727_001]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
    );
    for (const file of files) {
      await tx.script(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file.replace(/^(\d+)\.do\./, '$1_')]);
    }
  });
}

/** The schema as the catalogue describes it: tables, columns and their types, indexes, functions. */
async function schemaOf(db: Db): Promise<string[]> {
  const rows = await db.query<{ item: string }>(`
    SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type AS item FROM information_schema.columns WHERE table_schema = 'public'
    UNION ALL SELECT 'index ' || indexname || ' ' || indexdef FROM pg_indexes WHERE schemaname = 'public'
    UNION ALL SELECT 'function ' || p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public'`);
  return rows.map((row) => row.item).sort();
}

const recorded = async (db: Db) =>
  (
    await db.query<{ version: number }>(
      'SELECT version::int AS version FROM schemaversion WHERE version > 0 ORDER BY version',
    )
  ).map((row) => row.version);
const versionsOf = (files: string[]) => files.map((file) => Number(file.split('.')[0]));

for (const engine of engines()) {
  describe(`migrations on ${engine}`, () => {
    describe('from an empty database', () => {
      let database: Awaited<ReturnType<typeof emptyDatabase>>;
      before(async () => {
        database = await emptyDatabase(engine);
      });
      after(async () => {
        await database?.drop();
      });

      it('every migration runs, in order, and is recorded once, each reported with its time', async () => {
        assert.ok(FILES.length >= 14, 'the migrations are there');
        assert.deepEqual(await pendingMigrations(database.db), FILES, 'all pending before');
        const reported: AppliedMigration[] = [];
        assert.deepEqual(await migrate(database.db, { onApplied: (m) => reported.push(m) }), FILES);
        assert.deepEqual(
          reported.map((m) => m.file),
          FILES,
        );
        assert.ok(reported.every((m) => Number.isInteger(m.ms) && m.ms >= 0));
        assert.deepEqual(await recorded(database.db), versionsOf(FILES));
        // The last migration's table exists: the files ran, not only their records.
        assert.equal((await database.db.query('SELECT 1 FROM invoice_pdfs')).length, 0);
      });

      it('a second migrate applies nothing, and nothing is pending', async () => {
        const schema = await schemaOf(database.db);
        assert.deepEqual(await migrate(database.db), []);
        assert.deepEqual(await pendingMigrations(database.db), []);
        assert.deepEqual(await recorded(database.db), versionsOf(FILES));
        assert.deepEqual(await schemaOf(database.db), schema);
      });
    });

    it('a database the old migrator made is taken over with nothing applied, and the old release still finds it migrated', async () => {
      const { db, drop } = await emptyDatabase(engine);
      try {
        await migrateTheOldWay(db, FILES);
        const schema = await schemaOf(db);
        assert.deepEqual(await migrate(db), []);
        assert.deepEqual(
          await schemaOf(db),
          [
            ...schema,
            'column schemaversion.md5 text',
            'column schemaversion.name text',
            'column schemaversion.run_at timestamp with time zone',
            'column schemaversion.version bigint',
            'index schemaversion_pkey CREATE UNIQUE INDEX schemaversion_pkey ON public.schemaversion USING btree (version)',
          ].sort(),
        );
        assert.deepEqual(await pendingMigrations(db), []);
        assert.deepEqual(await recorded(db), versionsOf(FILES));
        // Recorded as postgrator records them: its name and checksum, and when the old migrator applied each.
        const [first] = await db.query<{ name: string; md5: string; same_time: boolean }>(
          `SELECT name, md5, run_at = (SELECT applied_at FROM schema_migrations WHERE version = '001_customers_and_sessions.sql') AS same_time FROM schemaversion WHERE version = 1`,
        );
        assert.equal(first?.name, 'customers_and_sessions');
        assert.match(first?.md5 ?? '', /^[0-9a-f]{32}$/);
        assert.equal(first?.same_time, true);
        // A later start checks the checksums taken over and again applies nothing.
        assert.deepEqual(await migrate(db), []);
        // The old table is left as it was, so the release before this one starts on the database too.
        assert.equal((await db.query('SELECT version FROM schema_migrations')).length, FILES.length);
      } finally {
        await drop();
      }
    });

    it('a database the old migrator left at an earlier release gets only the migrations it lacks', async () => {
      const { db, drop } = await emptyDatabase(engine);
      try {
        await migrateTheOldWay(db, FILES.slice(0, 10));
        assert.deepEqual(await pendingMigrations(db), FILES.slice(10), 'read from the old record until taken over');
        assert.deepEqual(await migrate(db), FILES.slice(10));
        assert.deepEqual(await recorded(db), versionsOf(FILES));
        assert.equal((await db.query('SELECT 1 FROM invoice_pdfs')).length, 0, 'the last migration ran');
      } finally {
        await drop();
      }
    });

    it('starts a new database with no promo, and keeps those of one with customers (migration 039)', async () => {
      const promos = async (db: Db) =>
        (await db.query<{ plan_code: string }>('SELECT plan_code FROM plan_promos ORDER BY plan_code')).map(
          (row) => row.plan_code,
        );
      const fresh = await emptyDatabase(engine);
      try {
        await migrate(fresh.db);
        assert.deepEqual(await promos(fresh.db), [], 'nobody chose one');
      } finally {
        await fresh.drop();
      }
      const used = await emptyDatabase(engine);
      try {
        await migrateTheOldWay(
          used.db,
          FILES.filter((file) => Number(file.split('.')[0]) < 39),
        );
        await used.db.query(
          `INSERT INTO customers (customer_number, email, first_name, last_name, password_hash, pin_sealed)
           VALUES ('100001', 'kupac@example.ba', 'Amra', 'Hodžić', 'x', 'x')`,
        );
        await migrate(used.db);
        assert.deepEqual(await promos(used.db), ['maxon', 'starton'], 'customers may have bought under them');
      } finally {
        await used.drop();
      }
    });

    it('a failing migration leaves nothing applied, and runs once mended', async () => {
      // Awkward for postgrator's glob: the folder's name has the characters globs give meaning to.
      const dir = path.join(tempDir('ontv-migrations-'), 'mig [1] (x) {a,b} *?');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, '001.do.first.sql'), 'CREATE TABLE first_table (id INT);\n');
      fs.writeFileSync(
        path.join(dir, '002.do.broken.sql'),
        'CREATE TABLE second_table (id INT);\nINSERT INTO second_table VALUES (1 / 0);\n',
      );
      const { db, drop } = await emptyDatabase(engine);
      try {
        await assert.rejects(
          migrate(db, { dir }),
          /Migration 002\.do\.broken\.sql failed, so none of this start's migrations is applied: division by zero/,
        );
        const [tables] = await db.query<{ first: string | null; second: string | null; record: string | null }>(
          `SELECT to_regclass('first_table')::text AS first, to_regclass('second_table')::text AS second, to_regclass('schemaversion')::text AS record`,
        );
        assert.deepEqual(tables, { first: null, second: null, record: null });
        assert.deepEqual(await pendingMigrations(db, dir), ['001.do.first.sql', '002.do.broken.sql']);
        fs.writeFileSync(
          path.join(dir, '002.do.broken.sql'),
          'CREATE TABLE second_table (id INT);\nINSERT INTO second_table VALUES (1);\n',
        );
        assert.deepEqual(await migrate(db, { dir }), ['001.do.first.sql', '002.do.broken.sql']);
        assert.deepEqual(await recorded(db), [1, 2]);
      } finally {
        await drop();
      }
    });

    it('the release before starts on a database this release migrated (a rollback): nothing runs, nothing is pending', async () => {
      const dir = path.join(tempDir('ontv-migrations-'), 'migrations');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, '001.do.first.sql'), 'CREATE TABLE first_table (id INT);\n');
      fs.writeFileSync(path.join(dir, '002.do.second.sql'), 'ALTER TABLE first_table ADD COLUMN added TEXT;\n');
      const { db, drop } = await emptyDatabase(engine);
      try {
        assert.deepEqual(await migrate(db, { dir }), ['001.do.first.sql', '002.do.second.sql']);
        // The previous release's files: it has no 002, and it neither fails nor undoes anything.
        fs.rmSync(path.join(dir, '002.do.second.sql'));
        const reported: AppliedMigration[] = [];
        assert.deepEqual(await migrate(db, { dir, onApplied: (m) => reported.push(m) }), []);
        assert.deepEqual(reported, []);
        assert.deepEqual(await pendingMigrations(db, dir), [], 'ready');
        assert.deepEqual(await newerMigrations(db, dir), [2]);
        assert.equal((await db.query('SELECT added FROM first_table')).length, 0, 'the expanded schema stays');
      } finally {
        await drop();
      }
    });

    it('refuses a file postgrator would pass over, and one numbered below migrations already applied', async () => {
      const dir = path.join(tempDir('ontv-migrations-'), 'migrations');
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, '001.do.first.sql'), 'CREATE TABLE first_table (id INT);\n');
      fs.writeFileSync(path.join(dir, '003.do.third.sql'), 'CREATE TABLE third_table (id INT);\n');
      const { db, drop } = await emptyDatabase(engine);
      try {
        assert.deepEqual(await migrate(db, { dir }), ['001.do.first.sql', '003.do.third.sql']);
        // A branch merged after 003 was applied: postgrator alone would never run it.
        fs.writeFileSync(path.join(dir, '002.do.late.sql'), 'CREATE TABLE late_table (id INT);\n');
        await assert.rejects(
          migrate(db, { dir }),
          /Migrations 002\.do\.late\.sql are numbered below ones already applied/,
        );
        assert.deepEqual(await pendingMigrations(db, dir), ['002.do.late.sql'], 'readiness says so too');
        fs.rmSync(path.join(dir, '002.do.late.sql'));
        // Named the old way: postgrator would not see it at all.
        fs.writeFileSync(path.join(dir, '004_old_style.sql'), 'CREATE TABLE old_style (id INT);\n');
        await assert.rejects(migrate(db, { dir }), /Migration 004_old_style\.sql is not named NNN\.do\.name\.sql/);
      } finally {
        await drop();
      }
    });
  });
}

// Several API processes starting at once against one PostgreSQL: each migration is applied by one of them.
if (process.env.TEST_DATABASE_URL) {
  describe('migrations by 5 processes starting at once on one PostgreSQL', () => {
    for (const old of [false, true]) {
      it(
        old ? 'take over a database the old migrator made once, applying nothing' : 'apply each migration exactly once',
        async () => {
          const { url, drop } = await emptyDatabase('postgres');
          const processes = await Promise.all(
            Array.from({ length: 5 }, () => openDb({ databaseUrl: url, dataDir: null })),
          );
          try {
            if (old) await migrateTheOldWay(processes[0]!, FILES);
            const applied = await Promise.all(processes.map((db) => migrate(db)));
            assert.deepEqual(applied.flat().sort(), old ? [] : FILES, 'each file applied by one process, once');
            if (!old) assert.equal(applied.filter((files) => files.length > 0).length, 1, 'by one process');
            const [rows] = await processes[0]!.query<{ count: number }>(
              'SELECT count(*)::int AS count FROM schemaversion',
            );
            assert.equal(rows?.count, FILES.length + 1, 'one row each, and postgrator’s row 0');
            for (const db of processes) assert.deepEqual(await pendingMigrations(db), []);
          } finally {
            await Promise.all(processes.map((db) => db.close()));
            await drop();
          }
        },
      );
    }
  });
}

const MIGRATE = path.join(API_DIR, 'src', 'cli', 'migrate.ts');

/** `npm run migrate` as an operator runs it (tsx's loader in a node process), with its output. */
function runMigrate(
  databaseUrl: string,
  ...args: string[]
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', MIGRATE, ...args], {
      cwd: path.join(API_DIR, '..'),
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) => resolve({ status, stdout, stderr: stderr.trim() }));
  });
}

describe('the migrate command', () => {
  it('names DATABASE_URL in one line when the database cannot be reached, never its password', async () => {
    const run = await runMigrate('postgres://ontv:s3cret-pass@127.0.0.1:1/ontv', '--check');
    assert.equal(run.status, 1);
    assert.equal(
      run.stderr,
      'DATABASE_URL: cannot use the PostgreSQL database at 127.0.0.1:1/ontv: nothing listens there (ECONNREFUSED). Check DATABASE_URL and that the server runs.',
    );
    assert.doesNotMatch(run.stdout + run.stderr, /s3cret/);
  });

  if (process.env.TEST_DATABASE_URL) {
    it('--check lists what would run and exits 3, applying nothing; migrate applies and logs each; then --check exits 0', async () => {
      const { url, drop } = await emptyDatabase('postgres');
      try {
        const check = await runMigrate(url!, '--check');
        assert.equal(check.status, 3, check.stderr);
        assert.deepEqual(check.stdout.trim().split('\n'), [
          ...FILES.map((file) => `Pending: ${file}`),
          `${FILES.length} migrations to apply: run npm run migrate.`,
        ]);
        const db = await openDb({ databaseUrl: url, dataDir: null });
        try {
          assert.deepEqual(await pendingMigrations(db), FILES, 'nothing applied');
        } finally {
          await db.close();
        }
        // Two at once, as a second process starting during a migration: each file applied once, both end well.
        const runs = await Promise.all([runMigrate(url!), runMigrate(url!)]);
        for (const run of runs) assert.equal(run.status, 0, run.stderr);
        const applied = runs.flatMap((run) => [...run.stdout.matchAll(/^Applied (\S+) in \d+ ms$/gm)].map((m) => m[1]));
        assert.deepEqual(applied, FILES, 'each migration applied once, by one of them');
        assert.equal(runs.filter((run) => /^Up to date: no migration to apply\.$/m.test(run.stdout)).length, 1);
        const after = await runMigrate(url!, '--check');
        assert.equal(after.status, 0);
        assert.equal(after.stdout, 'Up to date: no migration to apply.\n');
      } finally {
        await drop();
      }
    });
  }
});
