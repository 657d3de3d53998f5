/**
 * PostgreSQL through node-postgres's pool (db/db.ts opens it for a DATABASE_URL): statements, prepared
 * reads kept by a server (decision 047), transactions and advisory locks.
 */
import { ASIDE, keptReads, type WriteScope } from './keptReads';
import { checkPrepared, readsRowsOnly } from './preparedReads';
import type { Db, Transaction } from './types';
import { hearWrites, WRITES_SCOPE } from './writesHeard';

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

/** How long a kept read is served on PostgreSQL at most, should another process's write go unheard. */
const KEPT_ON_POSTGRES_MS = 5_000;

/**
 * PostgreSQL through a pool. With `keepReads` (a server), prepared reads are kept as on PGlite, dropped
 * on this process's writes and, heard, on every other's (db/writesHeard.ts, decision 047).
 */
export async function openPostgres(url: string, keepReads: boolean): Promise<Db> {
  const { default: pg } = await import('pg');
  // A server that does not answer a new connection in 10 s is reported (db/reach.ts), not waited for for ever.
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const preparedSql = new Map<string, string>();
  const reads = keptReads({ maxAgeMs: KEPT_ON_POSTGRES_MS });
  const others = keepReads ? hearWrites(url, reads.heard) : null;
  const close = async () => {
    reads.close();
    await others?.close();
    await pool.end();
  };
  const db = (scope?: WriteScope): Db => ({
    engine: 'postgres',
    query<T>(sql: string, params: unknown[] = []) {
      const run = async () => (await pool.query(sql, params)).rows as T[];
      if (readsRowsOnly(sql)) return run();
      // A write of one customer tells it in its notification (migration 040), which needs a transaction;
      // one aside (tables whose writes tell nobody) needs none.
      if (scope !== undefined && scope !== ASIDE) return db(scope).transaction((tx) => tx.query<T>(sql, params));
      return reads.writing(run, scope);
    },
    async prepared<T>(name: string, sql: string, params: unknown[], of?: number) {
      checkPrepared(preparedSql, name, sql);
      preparedSql.set(name, sql);
      // node-postgres prepares a named statement once per connection of the pool.
      const run = async () => (await pool.query({ name, text: sql, values: params })).rows as T[];
      return reads.read(`${name}${JSON.stringify(params)}`, run, others?.live() ?? false, of?.toString());
    },
    transaction(work) {
      return reads.writing(() => inTransaction(pool, work, scope), scope);
    },
    exclusively: (lockId, work) => holding(pool, lockId, '', work),
    shared: (lockId, work) => holding(pool, lockId, '_shared', work),
    writingFor: (next) => db(next),
    close,
  });
  return db();
}

async function inTransaction<T>(
  pool: import('pg').Pool,
  work: (tx: Transaction) => Promise<T>,
  scope: WriteScope | undefined,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // The trigger reads the scope for tables that notify (migration 040); a write aside touches none.
    if (scope !== undefined && scope !== ASIDE)
      await client.query(`SELECT set_config('${WRITES_SCOPE}', $1, true)`, [scope]);
    const result = await work({
      query: async <R>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as R[],
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
}
