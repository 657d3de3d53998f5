import type { Db, Queryable } from '../db/db';

/**
 * A repository runs its SQL on the database, or on the transaction it was made for (Store.transaction):
 * the same methods inside and outside a transaction.
 */
export abstract class Repository {
  constructor(protected readonly q: Queryable) {}

  /**
   * A statement of a busy call, planned once (db/db.ts `prepared`) when this repository is on the
   * database itself; inside a transaction, an ordinary query. `of`: the customer whose rows alone it
   * reads (db/types.ts).
   */
  protected prepared<T>(name: string, sql: string, params: unknown[], of?: number): Promise<T[]> {
    const db = this.q as Partial<Db>;
    return db.prepared ? db.prepared<T>(name, sql, params, of) : this.q.query<T>(sql, params);
  }
}
