import fs from 'node:fs';
import path from 'node:path';
import type { Db, Queryable } from './db';
import { API_DIR } from '../apiDir';

const MIGRATIONS_DIR = path.join(API_DIR, 'migrations');
/** Serialises migrations when several API processes start against one PostgreSQL. */
const LOCK_ID = 727_001;

const migrationFiles = () =>
  fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();

/** Migrations this code has that the database has not applied (readiness: none). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const done = new Set((await db.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
  return migrationFiles().filter((f) => !done.has(f));
}

/** Applies `migrations/NNN_name.sql` files in order, each once, each in its own transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = migrationFiles();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_ID]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version TEXT PRIMARY KEY,
      applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`);
    const done = new Set((await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
      applied.push(file);
    }
  });
  return applied;
}

/**
 * Migrations are plain SQL; statements end with `;` at the end of a line, except inside a `$$ … $$`
 * body (a function's), whose own statements end with `;` too.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inBody) continue;
    current.push(line);
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, '').trim());
      current = [];
    }
  }
  const rest = current.join('\n').trim();
  if (rest) statements.push(rest);
  return statements.filter(Boolean);
}
