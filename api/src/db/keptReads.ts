/** Prepared reads' answers kept at most on PGlite (one per session for the busy calls): about 10 MB. */
const KEPT_READS = 20_000;

/**
 * The answers of prepared reads, kept until anything else runs. PGlite is this process's database
 * alone (db.ts lockDataDir), so every write passes through here: any other statement or transaction counts
 * as a write, and moves `writes` on once before it starts and once after it ends (`writing`). An answer
 * is kept only if no write began or ended while it was read, and served only while `writes` is what it
 * was read at: so a read that overlapped a write is never served, whatever order PGlite ran them in.
 */
export function keptReads() {
  let writes = 0;
  let keptAt = 0;
  const kept = new Map<string, readonly unknown[]>();
  return {
    writing: async <T>(run: () => Promise<T>): Promise<T> => {
      writes += 1;
      try {
        return await run();
      } finally {
        writes += 1;
      }
    },
    /** The answer of `call` kept, or read by `run` (and kept when nothing wrote meanwhile). */
    read: async <T>(call: string, run: () => Promise<T[]>): Promise<T[]> => {
      if (keptAt !== writes) {
        kept.clear();
        keptAt = writes;
      }
      // Each caller gets rows of its own (shallow copies): one that changes its rows changes nothing kept.
      const known = kept.get(call);
      if (known) return known.map((row) => ({ ...(row as object) })) as T[];
      const before = writes;
      const rows = await run();
      if (writes === before && keptAt === before && kept.size < KEPT_READS)
        kept.set(
          call,
          rows.map((row) => ({ ...(row as object) })),
        );
      return rows;
    },
    /** Nothing kept is answered once the database is closed. */
    close: () => {
      writes += 1;
      kept.clear();
    },
  };
}
