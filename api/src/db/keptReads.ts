/** Prepared reads' answers kept at most (one per session for the busy calls): about 10 MB. */
const KEPT_READS = 20_000;

/**
 * The answers of prepared reads, kept until anything else runs (decisions 027 and 047). Every write
 * of this process passes through here: any other statement or transaction counts as a write, and moves
 * `writes` on once before it starts and once after it ends (`writing`); another process's write moves it
 * on when it is heard (`heard`: on PostgreSQL, its notification, db/writesHeard.ts). An answer is kept
 * only if no write began or ended while it was read, and served only while `writes` is what it was read
 * at and for `maxAgeMs` at most: so a read that overlapped a write is never served, whatever order the
 * database ran them in. `read` with `keep` false reads and keeps nothing (nobody would say what changed).
 */
export function keptReads({ maxAgeMs = Infinity }: { maxAgeMs?: number } = {}) {
  let writes = 0;
  let keptAt = 0;
  const kept = new Map<string, { rows: readonly unknown[]; at: number }>();
  return {
    writing: async <T>(run: () => Promise<T>): Promise<T> => {
      writes += 1;
      try {
        return await run();
      } finally {
        writes += 1;
      }
    },
    /** Another process wrote: nothing read before now is served again. */
    heard: () => {
      writes += 1;
    },
    /** The answer of `call` kept, or read by `run` (and kept when nothing wrote meanwhile). */
    read: async <T>(call: string, run: () => Promise<T[]>, keep = true): Promise<T[]> => {
      if (keptAt !== writes || !keep) {
        kept.clear();
        keptAt = writes;
      }
      // Each caller gets rows of its own (shallow copies): one that changes its rows changes nothing kept.
      const known = kept.get(call);
      if (known && performance.now() - known.at < maxAgeMs)
        return known.rows.map((row) => ({ ...(row as object) })) as T[];
      const before = writes;
      const at = performance.now();
      const rows = await run();
      if (keep && writes === before && keptAt === before && kept.size < KEPT_READS)
        kept.set(call, { rows: rows.map((row) => ({ ...(row as object) })), at });
      return rows;
    },
    /** Nothing kept is answered once the database is closed. */
    close: () => {
      writes += 1;
      kept.clear();
    },
  };
}
