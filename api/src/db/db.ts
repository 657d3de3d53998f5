import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './dataDirLock';
import { keptReads, type WriteScope } from './keptReads';
import { openPostgres } from './postgres';
import { checkPrepared, readsRowsOnly } from './preparedReads';
import type { Db } from './types';

export type { Db, Queryable, Transaction } from './types';

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
  const close = async () => {
    reads.close();
    await pg.close();
    unlock();
  };
  const db = (scope?: WriteScope): Db => ({
    engine: 'pglite',
    query<T>(sql: string, params: unknown[] = []) {
      const run = async () => (await pg.query<T>(sql, params)).rows;
      return readsRowsOnly(sql) ? run() : reads.writing(run, scope);
    },
    transaction(work) {
      return reads.writing(
        () =>
          pg.transaction((tx) =>
            work({
              query: async <T>(sql: string, params: unknown[] = []) => (await tx.query<T>(sql, params)).rows,
              script: async (sql) => {
                await tx.exec(sql);
              },
            }),
          ),
        scope,
      );
    },
    exclusively: (_lockId, work) => work(),
    shared: (_lockId, work) => work(),
    async prepared<T>(name: string, sql: string, params: unknown[], of?: number) {
      await prepare(name, sql);
      const call = params.length > 0 ? `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})` : `EXECUTE ${name}`;
      return reads.read(call, async () => (await pg.query<T>(call)).rows, true, of?.toString());
    },
    writingFor: (next) => db(next),
    close,
  });
  return db();
}

/**
 * `DATABASE_URL` selects a PostgreSQL server; otherwise PGlite keeps its files under the data
 * directory (or in memory when `dataDir` is null, for tests).
 */
export function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** A server's: keep prepared reads on PostgreSQL too (PGlite keeps them always). */
  keepReads?: boolean;
}): Promise<Db> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.keepReads ?? false);
  return openPglite(options.dataDir ? path.join(options.dataDir, 'pglite') : null);
}
