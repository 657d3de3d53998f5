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

/** TLS to the server (docs/deploy/README.md, PostgreSQL over TLS): its certificate as Node.js judged it. */
const UNTRUSTED =
  "the server's certificate is not trusted: name its CA with sslrootcert=/path/ca.pem in DATABASE_URL (or NODE_EXTRA_CA_CERTS)";
const TLS_REASONS: Record<string, string> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: UNTRUSTED,
  SELF_SIGNED_CERT_IN_CHAIN: UNTRUSTED,
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: UNTRUSTED,
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: UNTRUSTED,
  CERT_HAS_EXPIRED: "the server's certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "the server's certificate does not name the host in DATABASE_URL",
  ENOENT: 'the sslrootcert file cannot be read',
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
  const message = error instanceof Error ? error.message : '';
  const reason =
    typeof code === 'string'
      ? (REASONS[code] ?? TLS_REASONS[code])
      : /does not support SSL/.test(message)
        ? 'the server offers no TLS, and DATABASE_URL asks for it (sslmode)'
        : undefined;
  const timedOut = /timeout/i.test(message) && /connect/i.test(message);
  if (!reason && !timedOut) return null;
  return `DATABASE_URL: cannot use the PostgreSQL database at ${databaseWhere(databaseUrl)}: ${reason ?? 'no answer in time'}${typeof code === 'string' ? ` (${code})` : ''}. Check DATABASE_URL and that the server runs.`;
}

/**
 * A warning for a DATABASE_URL that reaches another machine in the clear (no `sslmode`): its password
 * and every customer's data cross the network readable. Null on this machine or with TLS asked for.
 */
export function plainTextWarning(databaseUrl: string | undefined): string | null {
  if (!databaseUrl) return null;
  const parsed = new URL(databaseUrl);
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const here = host === '' || host === 'localhost' || host === '::1' || host.startsWith('127.') || host.startsWith('/');
  if (here || parsed.searchParams.has('sslmode') || parsed.searchParams.has('ssl')) return null;
  return `DATABASE_URL: the connection to ${databaseWhere(databaseUrl)} is not encrypted (no sslmode): add ?sslmode=verify-full (and sslrootcert=/path/ca.pem for a private CA) unless the network between is yours alone (docs/deploy/README.md#postgresql-over-tls).`;
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
