import fs from 'node:fs';
import path from 'node:path';
import type Postgrator from 'postgrator';
import type { Db, Queryable, Transaction } from './db';
import { API_DIR } from '../apiDir';

export const MIGRATIONS_DIR = path.join(API_DIR, 'migrations');
/** Serialises migrations when several API processes start against one PostgreSQL (the id the old migrator took too). */
const LOCK_ID = 727_001;
/** postgrator's record: a row per migration applied (version, name, md5, run_at), and a row 0. */
const TABLE = 'schemaversion';
/** postgrator's naming. It passes over a `.sql` file named otherwise without a word: here that is an error. */
const NAMED = /^(\d+)\.do\.[\w-]+\.sql$/;

/** The migration files, checked for postgrator's naming. */
function migrationFiles(dir: string): { version: number; file: string }[] {
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const match = NAMED.exec(file);
      if (!match)
        throw new Error(
          `Migration ${file} is not named NNN.do.name.sql (docs/decisions/026-migrations-through-postgrator.md)`,
        );
      return { version: Number(match[1]), file };
    });
}

/**
 * The versions the database records as applied: postgrator's table, or, on a database the migrator
 * before postgrator left (see takeOver), its `schema_migrations` under the old names.
 */
async function appliedVersions(db: Queryable): Promise<Set<number>> {
  const [tables] = await db.query<{ current: string | null; old: string | null }>(
    `SELECT to_regclass('${TABLE}')::text AS current, to_regclass('schema_migrations')::text AS old`,
  );
  if (tables?.current)
    return new Set(
      (await db.query<{ version: number }>(`SELECT version::int AS version FROM ${TABLE} WHERE version > 0`)).map(
        (row) => row.version,
      ),
    );
  if (!tables?.old) return new Set();
  const old = await db.query<{ version: string }>('SELECT version FROM schema_migrations');
  return new Set(old.map((row) => Number(/^(\d+)_/.exec(row.version)?.[1])).filter(Number.isInteger));
}

/** Migrations this code has that the database has not applied (readiness: none; `migrate --check` lists them). */
export async function pendingMigrations(db: Queryable, dir = MIGRATIONS_DIR): Promise<string[]> {
  const done = await appliedVersions(db);
  return migrationFiles(dir)
    .filter((migration) => !done.has(migration.version))
    .map((migration) => migration.file);
}

/**
 * Versions the database records that this code has no file for: a newer release migrated it. This
 * release still runs on it (an upgrade only adds, docs/decisions/026-migrations-through-postgrator.md),
 * which is how a rollback works; postgrator then applies nothing.
 */
export async function newerMigrations(db: Queryable, dir = MIGRATIONS_DIR): Promise<number[]> {
  const known = new Set(migrationFiles(dir).map((migration) => migration.version));
  return [...(await appliedVersions(db))].filter((version) => !known.has(version)).sort((a, b) => a - b);
}

/** A migration applied: its file, and how long it ran. */
export interface AppliedMigration {
  file: string;
  ms: number;
}

/**
 * Applies the `migrations/NNN.do.name.sql` files the database has not had, in order, through
 * postgrator (docs/decisions/026-migrations-through-postgrator.md); answers their file names. All of
 * one start's migrations run in one transaction, under an advisory lock: a process starting beside
 * this one waits, then finds them applied; a failing migration leaves the database as it was.
 * `onApplied` hears of each one, with its time, once they are committed (the server and `migrate` log them).
 */
export async function migrate(
  db: Db,
  options: { dir?: string; onApplied?: (migration: AppliedMigration) => void } = {},
): Promise<string[]> {
  const { dir = MIGRATIONS_DIR, onApplied } = options;
  migrationFiles(dir);
  const { default: Postgrator } = await import('postgrator');
  const applied = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    const postgrator = new Postgrator({
      driver: 'pg',
      schemaTable: TABLE,
      migrationPattern: `${globLiteral(dir)}/*.sql`,
      // Checksums of applied migrations are compared on each start; a checkout with CRLF endings keeps them.
      newline: 'LF',
      execQuery: async (sql) => ({ rows: await tx.query(sql) }),
      execSqlScript: (sql) => tx.script(sql),
    });
    let running = '';
    let started = 0;
    const timed: AppliedMigration[] = [];
    postgrator.on('migration-started', (migration: Postgrator.Migration) => {
      running = path.basename(migration.filename);
      started = performance.now();
    });
    postgrator.on('migration-finished', (migration: Postgrator.Migration) =>
      timed.push({ file: path.basename(migration.filename), ms: Math.round(performance.now() - started) }),
    );
    await takeOver(tx, await postgrator.getMigrations());
    try {
      await postgrator.migrate();
    } catch (error) {
      const what = running ? `Migration ${running} failed` : 'Migrating failed';
      throw new Error(`${what}, so none of this start's migrations is applied: ${(error as Error).message}`, {
        cause: error,
      });
    }
    // postgrator applies only what is numbered above the database's version: one below it, never applied
    // (a branch merged late), would wait for ever. The server must not start on a schema missing it.
    const skipped = await pendingMigrations(tx, dir);
    if (skipped.length > 0)
      throw new Error(
        `Migrations ${skipped.join(', ')} are numbered below ones already applied and were never applied: number them after the last one`,
      );
    return timed;
  });
  for (const migration of applied) onApplied?.(migration);
  return applied.map((migration) => migration.file);
}

/**
 * A database migrated before postgrator (by this file's earlier, hand-written version) lists the files
 * it applied in `schema_migrations` by their old names (`001_customers_and_sessions.sql`). On its first
 * start with postgrator, they are written into postgrator's table as applied, with the checksums of
 * today's files, so nothing runs twice. `schema_migrations` stays, no longer written: the release before
 * this one still starts on the database (it finds its migrations applied).
 */
async function takeOver(tx: Transaction, migrations: Postgrator.Migration[]): Promise<void> {
  const [tables] = await tx.query<{ old: string | null; current: string | null }>(
    `SELECT to_regclass('schema_migrations')::text AS old, to_regclass('${TABLE}')::text AS current`,
  );
  if (!tables?.old || tables.current) return;
  const byOldName = new Map(
    migrations.map((migration) => [path.basename(migration.filename).replace(/^(\d+)\.do\./, '$1_'), migration]),
  );
  const old = await tx.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
  const unknown = old.filter((row) => !byOldName.has(row.version)).map((row) => row.version);
  if (unknown.length > 0)
    throw new Error(
      `schema_migrations records ${unknown.join(', ')}, which this release does not have: the database was migrated by other code`,
    );
  // The table as postgrator makes it (its Client.ensureTable), with its row 0.
  await tx.query(`CREATE TABLE ${TABLE} (version BIGINT PRIMARY KEY, name TEXT, md5 TEXT, run_at TIMESTAMPTZ)`);
  await tx.query(`INSERT INTO ${TABLE} (version) VALUES (0)`);
  for (const row of old) {
    const migration = byOldName.get(row.version)!;
    await tx.query(
      `INSERT INTO ${TABLE} (version, name, md5, run_at) SELECT $1, $2, $3, applied_at FROM schema_migrations WHERE version = $4`,
      [migration.version, migration.name, migration.md5, row.version],
    );
  }
}

/** postgrator finds the files with a glob pattern: the folder's own name must match only itself. */
function globLiteral(dir: string): string {
  if (process.platform === 'win32')
    return dir
      .split(path.sep)
      .join('/')
      .replace(/[?*()[\]]/g, '[$&]');
  return dir.replace(/[?*()[\]\\{}]/g, '\\$&');
}

/** Whether the database answers: one prepared read (on the embedded database it keeps what is kept, db.ts). */
export async function databaseAnswers(db: Db): Promise<void> {
  await db.prepared('ready_ping', 'SELECT 1 AS up', []);
}
