/** The database as the API sees it, whichever engine is behind it (db/db.ts opens one). */
import type { WriteScope } from './keptReads';

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
   * see db/keptReads.ts). `of`: the customer (their number) whose rows alone it reads, beside tables
   * no customer's write touches, so that another customer's writes leave its answer kept.
   */
  prepared<T = Record<string, unknown>>(name: string, sql: string, params: unknown[], of?: number): Promise<T[]>;
  /**
   * The same database, for writes that touch `scope`'s rows alone (db/keptReads.ts `WriteScope`): a
   * customer's renewal, the sandbox processor's tables. Reads of other customers stay kept.
   */
  writingFor(scope: WriteScope): Db;
  close(): Promise<void>;
}
