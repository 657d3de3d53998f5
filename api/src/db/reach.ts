/**
 * Why the server or a command could not reach its PostgreSQL server, in one line naming DATABASE_URL:
 * what a person fixes (the address, the password, the database's name), never the password itself.
 */

/** The errors of reaching a server (node's sockets) and of signing in to it (PostgreSQL's SQLSTATEs). */
const REASONS: Record<string, string> = {
  ECONNREFUSED: 'nothing listens there',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'no answer in time',
  EHOSTUNREACH: 'the host cannot be reached',
  ECONNRESET: 'the server closed the connection',
  '28P01': 'the server refused the user name or password',
  '28000': 'the server refused this client (pg_hba.conf)',
  '3D000': 'the database does not exist',
  '57P03': 'the server is starting up or shutting down',
};

/** `postgres://user:secret@db:5432/ontv` → `db:5432/ontv`: what may be shown of the URL. */
export function databaseWhere(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'the address given';
  }
}

/**
 * One line for an error met while opening the database, or null when it is not one of reaching it
 * (a failing migration, a bug: those are reported as they are).
 */
export function unreachableLine(error: unknown, databaseUrl: string | undefined): string | null {
  if (!databaseUrl) return null;
  const code = (error as { code?: unknown })?.code;
  const reason = typeof code === 'string' ? REASONS[code] : undefined;
  const timedOut = error instanceof Error && /timeout/i.test(error.message) && /connect/i.test(error.message);
  if (!reason && !timedOut) return null;
  return `DATABASE_URL: cannot use the PostgreSQL database at ${databaseWhere(databaseUrl)}: ${reason ?? 'no answer in time'}${typeof code === 'string' ? ` (${code})` : ''}. Check DATABASE_URL and that the server runs.`;
}

/** Runs `open` (opening, migrating), turning an unreachable database into its one line. */
export async function reaching<T>(databaseUrl: string | undefined, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const line = unreachableLine(error, databaseUrl);
    throw line ? new Error(line) : error;
  }
}
