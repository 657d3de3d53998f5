import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { keptReads } from './keptReads';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A transaction's connection. */
export interface Transaction extends Queryable {
  /**
   * SQL text of several statements and no parameters, such as a migration file, parsed by the server
   * itself (the simple query protocol; a parameterised query may hold one statement only).
   */
  script(sql: string): Promise<void>;
}

/** The database, whichever engine is behind it: embedded PGlite or a PostgreSQL server. */
export interface Db extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  /**
   * Runs `work` while this process holds the named lock (a PostgreSQL session advisory lock, released
   * when the work ends or the process dies); answers null at once when another process holds it.
   * PGlite is one process's database, so the work simply runs.
   */
  exclusively<T>(lockId: number, work: () => Promise<T>): Promise<T | null>;
  /**
   * Runs `work` while this process holds the named lock shared: beside any other process holding it
   * shared, never while one holds it `exclusively` (then null at once). PGlite: the work simply runs.
   */
  shared<T>(lockId: number, work: () => Promise<T>): Promise<T | null>;
  /**
   * A read run on every request of a busy call: planned once under `name` and then only executed
   * (PostgreSQL: a named prepared statement per connection; PGlite: PREPARE once, then EXECUTE, which on
   * this machine is 0.15 ms against 0.7 ms for the account-info query). One name, one SQL text, a
   * SELECT that reads rows only (never the clock: on PGlite its answer is kept until the next write,
   * see db/keptReads.ts).
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/**
 * A parameter as a PostgreSQL literal, for PGlite's EXECUTE (its query API has no named statements).
 * With standard_conforming_strings on (checked before first use), doubling quotes is the whole escape.
 */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('A prepared statement parameter must be a finite number');
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return sqlLiteral(value.toISOString());
  if (typeof value === 'string') {
    if (value.includes('\0')) throw new TypeError('A prepared statement parameter cannot hold a NUL character');
    return `'${value.replace(/'/g, "''")}'`;
  }
  throw new TypeError(`A prepared statement parameter cannot be a ${typeof value}`);
}

/** What a kept read must not do: lock rows, read the clock, draw a random number or touch a sequence. */
const READS_MORE_THAN_ROWS =
  /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|currval|lastval|setval)\b|\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|SHARE|KEY\s+SHARE)\b/i;

/**
 * Names must be plain identifiers, one name always names the same SQL, and that SQL is a read. Checked
 * once per name: a name already known with this very SQL passes at once (the busy reads come here on
 * every call).
 */
function checkPrepared(known: Map<string, string>, name: string, sql: string): void {
  if (known.get(name) === sql) return;
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Bad prepared statement name: ${name}`);
  if (!/^\s*SELECT\s/i.test(sql) || READS_MORE_THAN_ROWS.test(sql)) {
    throw new Error(`Prepared statement ${name} must be a SELECT that reads rows only`);
  }
  const before = known.get(name);
  if (before !== undefined && before !== sql) throw new Error(`Prepared statement ${name} was made with other SQL`);
}

/** Whether a process with this id is running (signal 0 tests without signalling). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is one process's database: a lock file beside its files keeps a second process (a second
 * portal, `npm run billing`) from opening it at the same time. A lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  // A lock file read as it is made is still empty: its maker is alive. Only one empty for a second is a leftover.
  const emptySince = Date.now();
  for (;;) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8');
      } catch (gone) {
        if ((gone as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile: try again
        throw gone;
      }
      if (text.trim() === '' && Date.now() - emptySince < 1_000) {
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
        continue;
      }
      const holder = Number(text);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by process ${holder} (a running portal?). Stop it first, or use PostgreSQL (DATABASE_URL), where several processes share one database.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
}

/** PREPARE on PGlite: one per name, however many calls arrive before it is done; a failed one is tried again. */
function preparing(pg: PGlite): (name: string, sql: string) => Promise<void> {
  const preparedSql = new Map<string, string>();
  const making = new Map<string, Promise<void>>();
  return async (name, sql) => {
    checkPrepared(preparedSql, name, sql);
    let made = making.get(name);
    if (!made) {
      made = (async () => {
        const [setting] = (await pg.query<{ standard_conforming_strings: string }>('SHOW standard_conforming_strings'))
          .rows;
        if (setting?.standard_conforming_strings !== 'on')
          throw new Error('PGlite must run with standard_conforming_strings on');
        await pg.exec(`PREPARE ${name} AS ${sql}`);
      })();
      making.set(name, made);
      preparedSql.set(name, sql);
      made.catch(() => {
        making.delete(name);
        preparedSql.delete(name);
      });
    }
    await made;
  };
}

/** PGlite started on its files under `dataDir` (in memory when null), holding their lock (lockDataDir). */
async function startPglite(dataDir: string | null): Promise<{ pg: PGlite; unlock: () => void }> {
  const { PGlite } = await import('@electric-sql/pglite');
  // The console's name search is indexed by trigrams (migration 025), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => undefined;
  try {
    const pg = new PGlite(dataDir ?? undefined, { extensions: { pg_trgm } });
    await pg.waitReady;
    return { pg, unlock };
  } catch (error) {
    unlock();
    throw error;
  }
}

async function openPglite(dataDir: string | null): Promise<Db> {
  const { pg, unlock } = await startPglite(dataDir);
  const prepare = preparing(pg);
  const reads = keptReads();
  return {
    engine: 'pglite',
    query<T>(sql: string, params: unknown[] = []) {
      return reads.writing(async () => (await pg.query<T>(sql, params)).rows);
    },
    transaction(work) {
      return reads.writing(() =>
        pg.transaction((tx) =>
          work({
            query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
            script: async (sql) => {
              await tx.exec(sql);
            },
          }),
        ),
      );
    },
    exclusively: (_lockId, work) => work(),
    shared: (_lockId, work) => work(),
    async prepared<T>(name: string, sql: string, params: unknown[]) {
      await prepare(name, sql);
      const call = params.length > 0 ? `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})` : `EXECUTE ${name}`;
      return reads.read(call, async () => (await pg.query<T>(call)).rows);
    },
    close: async () => {
      reads.close();
      await pg.close();
      unlock();
    },
  };
}

/**
 * `work` run while a connection of the pool holds the session advisory lock `lockId` (`mode` '' for
 * exclusive, '_shared' for shared), released after it (or with the connection, if the process dies);
 * null at once when it cannot be had.
 */
async function holding<T>(
  pool: import('pg').Pool,
  lockId: number,
  mode: '' | '_shared',
  work: () => Promise<T>,
): Promise<T | null> {
  const client = await pool.connect();
  try {
    const [row] = (
      await client.query<{ locked: boolean }>(`SELECT pg_try_advisory_lock${mode}($1) AS locked`, [lockId])
    ).rows;
    if (!row?.locked) return null;
    try {
      return await work();
    } finally {
      await client.query(`SELECT pg_advisory_unlock${mode}($1)`, [lockId]);
    }
  } finally {
    client.release();
  }
}

async function openPostgres(url: string): Promise<Db> {
  const { default: pg } = await import('pg');
  // A server that does not answer a new connection in 10 s is reported (db/reach.ts), not waited for for ever.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const preparedSql = new Map<string, string>();
  return {
    engine: 'postgres',
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async prepared<T>(name: string, sql: string, params: unknown[]) {
      checkPrepared(preparedSql, name, sql);
      preparedSql.set(name, sql);
      // node-postgres prepares a named statement once per connection of the pool.
      return (await pool.query({ name, text: sql, values: params })).rows as T[];
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
          // Without parameters node-postgres sends the simple query protocol, which takes several statements.
          script: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    exclusively: (lockId, work) => holding(pool, lockId, '', work),
    shared: (lockId, work) => holding(pool, lockId, '_shared', work),
    close: () => pool.end(),
  };
}

/**
 * `DATABASE_URL` selects a PostgreSQL server; otherwise PGlite keeps its files under the data
 * directory (or in memory when `dataDir` is null, for tests).
 */
export function openDb(options: { databaseUrl?: string | undefined; dataDir: string | null }): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : null);
}
