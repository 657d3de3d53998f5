/**
 * Other server processes' writes, heard on PostgreSQL (decision 047): every table's statement trigger
 * notifies `portal_writes` once per transaction (migration 031), and each server process listens on a
 * connection of its own, so that the reads it keeps (db/keptReads.ts) are dropped within milliseconds of
 * another process's commit. While that connection is down or does not answer its check, the process is
 * not `live`: it keeps nothing, and everything it kept is dropped.
 */
import type { Client } from 'pg';

const WRITES_CHANNEL = 'portal_writes';
/**
 * The setting a transaction names its writes' scope in (db/keptReads.ts `WriteScope`), which the
 * trigger sends as the notification's payload (migration 040); none, an empty one: anything.
 */
export const WRITES_SCOPE = 'portal.writes_scope';
/** The listening connection's name in pg_stat_activity. */
export const LISTENER_NAME = 'portal-writes-heard';
/** How often the listening connection is checked, and how long its answer may take. */
const CHECK_MS = 2_000;
const ANSWER_MS = 1_000;
/** How long after a loss the connection is made again. */
const RETRY_MS = 1_000;

interface WritesHeard {
  /** Whether every other process's write is heard now. */
  live(): boolean;
  close(): Promise<void>;
}

/** Listens for other processes' writes, calling `heard` for each (and whenever one may have been missed). */
export function hearWrites(url: string, heard: (scope?: string) => void): WritesHeard {
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const gone = new WeakSet<Client>();

  const lose = (lost: Client) => {
    if (gone.has(lost)) return;
    gone.add(lost);
    if (client === lost) client = null;
    heard();
    lost.removeAllListeners('notification');
    void lost.end().catch(() => undefined);
    if (!closed && !retry && !client) retry = setTimeout(() => void connect(), RETRY_MS);
  };

  async function connect(): Promise<void> {
    retry = null;
    const { default: pg } = await import('pg');
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 10_000,
      application_name: LISTENER_NAME,
    });
    next.on('notification', (message) => heard(message.payload || undefined));
    next.on('error', () => lose(next));
    next.on('end', () => lose(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${WRITES_CHANNEL}`);
    } catch {
      lose(next);
      return;
    }
    if (closed) return void next.end().catch(() => undefined);
    // Anything written before the LISTEN took effect was not heard.
    heard();
    client = next;
  }

  const check = setInterval(() => {
    const current = client;
    if (!current) return;
    const late = setTimeout(() => lose(current), ANSWER_MS);
    current.query('SELECT 1').then(
      () => clearTimeout(late),
      () => {
        clearTimeout(late);
        lose(current);
      },
    );
  }, CHECK_MS);
  check.unref();
  void connect();

  return {
    live: () => client !== null,
    close: async () => {
      closed = true;
      clearInterval(check);
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
