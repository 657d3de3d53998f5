/** The rule every prepared read keeps (db/db.ts, db/postgres.ts), checked once per name. */

/** A row lock (`FOR UPDATE`, `FOR SHARE` and their kin): neither a kept read nor a plain read takes one. */
const LOCKS_ROWS = /\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|SHARE|KEY\s+SHARE)\b/i;

/** What a kept read must not do beside locking rows: read the clock, draw a random number or touch a sequence. */
const READS_MORE_THAN_ROWS =
  /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|currval|lastval|setval)\b/i;

/** What makes a statement more than a read of rows beside a lock: a write, a sequence, a setting, a message, a table made. */
const CHANGES_SOMETHING =
  /\b(INSERT|UPDATE|DELETE|MERGE|TRUNCATE|nextval|setval|set_config|pg_notify|pg_(?:try_)?advisory_\w+|INTO)\b/i;

/**
 * A statement that only reads rows (a SELECT that writes, locks and sets nothing): it cannot change what
 * a kept read answers, so it runs without counting as a write (db/keptReads.ts). Anything else counts.
 */
export const readsRowsOnly = (sql: string): boolean =>
  /^\s*SELECT\s/i.test(sql) && !CHANGES_SOMETHING.test(sql) && !LOCKS_ROWS.test(sql);

/**
 * Tables no kept read reads, beside the sandbox processor's (`sandbox_…`): their writes are made aside
 * (repositories/index.ts) and tell no other server (migration 044), so a console at work, a limit
 * counting logins or a message queued leaves every customer's kept reads kept. A prepared read that
 * names one of them is refused below: it would be served after such a write.
 */
export const TABLES_NO_KEPT_READ_READS = [
  'outbox',
  'staff',
  'staff_sessions',
  'staff_browsers',
  'audit_events',
  'rate_limits',
  'code_destinations',
] as const;
const READS_A_TABLE_ASIDE = new RegExp(`\\b(${TABLES_NO_KEPT_READ_READS.join('|')}|sandbox_\\w+)\\b`, 'i');

/**
 * Names must be plain identifiers, one name always names the same SQL, and that SQL is a read of rows
 * whose writes are heard. Checked once per name: a name already known with this very SQL passes at once
 * (the busy reads come here on every call).
 */
export function checkPrepared(known: Map<string, string>, name: string, sql: string): void {
  if (known.get(name) === sql) return;
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Bad prepared statement name: ${name}`);
  if (!/^\s*SELECT\s/i.test(sql) || READS_MORE_THAN_ROWS.test(sql) || LOCKS_ROWS.test(sql)) {
    throw new Error(`Prepared statement ${name} must be a SELECT that reads rows only`);
  }
  if (READS_A_TABLE_ASIDE.test(sql)) throw new Error(`Prepared statement ${name} reads a table written aside`);
  const before = known.get(name);
  if (before !== undefined && before !== sql) throw new Error(`Prepared statement ${name} was made with other SQL`);
}
