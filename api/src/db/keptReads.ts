/** Prepared reads' answers kept at most (one per session for the busy calls): about 10 MB. */
const KEPT_READS = 20_000;

/**
 * Whose rows a write touches (decision 051): a customer's (their number as text) alone, beside tables
 * no kept read reads; `ASIDE`, only tables no kept read reads (the sandbox processor's); none given,
 * anything.
 */
export type WriteScope = string;
export const ASIDE: WriteScope = 'aside';

/**
 * The answers of prepared reads, kept until anything else runs (decisions 027, 047 and 051). Every write
 * of this process passes through here: any statement but a plain read (db/preparedReads.ts
 * `readsRowsOnly`) or transaction counts as a write, and moves its counter on once before it starts and
 * once after it ends (`writing`); another process's write moves it on when it is heard (`heard`: on
 * PostgreSQL, its notification, db/writesHeard.ts). A write of one customer's rows moves that customer's
 * counter and the one of reads of no customer; any other write moves every counter. An answer is kept
 * only if its counters did not move while it was read, and served only while they are what they were
 * read at and for `maxAgeMs` at most: so a read that overlapped a write it depends on is never served,
 * whatever order the database ran them in. `read` with `keep` false reads and keeps nothing (nobody
 * would say what changed).
 */
export function keptReads({ maxAgeMs = Infinity }: { maxAgeMs?: number } = {}) {
  /** Writes of anything; a customer's writes, since the last write of anything; writes of any one customer. */
  let writes = 0;
  const customerWrites = new Map<string, number>();
  let anyCustomer = 0;
  let keptAt = 0;
  const kept = new Map<string, { rows: readonly unknown[]; at: number; version: number }>();
  const version = (of: string | undefined) => (of === undefined ? anyCustomer : (customerWrites.get(of) ?? 0));

  const wrote = (scope: WriteScope | undefined) => {
    if (scope === ASIDE) return;
    if (scope === undefined || !/^\d{1,15}$/.test(scope) || customerWrites.size >= KEPT_READS) {
      writes += 1;
      return;
    }
    customerWrites.set(scope, (customerWrites.get(scope) ?? 0) + 1);
    anyCustomer += 1;
  };

  return {
    writing: async <T>(run: () => Promise<T>, scope?: WriteScope): Promise<T> => {
      wrote(scope);
      try {
        return await run();
      } finally {
        wrote(scope);
      }
    },
    /** Another process wrote (`scope` as its notification told): nothing it may have changed is served again. */
    heard: (scope?: WriteScope) => wrote(scope),
    /**
     * The answer of `call` kept, or read by `run` (and kept when nothing it depends on was written
     * meanwhile). `of`: the customer whose rows alone the read reads, beside tables no customer writes.
     */
    read: async <T>(call: string, run: () => Promise<T[]>, keep = true, of?: string): Promise<T[]> => {
      // Full (of sessions ended since the last write of anything): start again, as after such a write.
      if (kept.size >= KEPT_READS) writes += 1;
      if (keptAt !== writes || !keep) {
        kept.clear();
        customerWrites.clear();
        keptAt = writes;
      }
      // Each caller gets rows of its own (shallow copies): one that changes its rows changes nothing kept.
      const known = kept.get(call);
      if (known && known.version === version(of) && performance.now() - known.at < maxAgeMs)
        return known.rows.map((row) => ({ ...(row as object) })) as T[];
      const before = writes;
      const from = version(of);
      const at = performance.now();
      const rows = await run();
      if (keep && writes === before && keptAt === before && version(of) === from)
        kept.set(call, { rows: rows.map((row) => ({ ...(row as object) })), at, version: from });
      return rows;
    },
    /** Nothing kept is answered once the database is closed. */
    close: () => {
      writes += 1;
      kept.clear();
    },
  };
}
