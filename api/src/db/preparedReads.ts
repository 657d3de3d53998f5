/** The rule every prepared read keeps (db/db.ts, db/postgres.ts), checked once per name. */

/** What a kept read must not do: lock rows, read the clock, draw a random number or touch a sequence. */
const READS_MORE_THAN_ROWS =
  /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|nextval|currval|lastval|setval)\b|\bFOR\s+(NO\s+KEY\s+UPDATE|UPDATE|SHARE|KEY\s+SHARE)\b/i;

/**
 * Names must be plain identifiers, one name always names the same SQL, and that SQL is a read. Checked
 * once per name: a name already known with this very SQL passes at once (the busy reads come here on
 * every call).
 */
export function checkPrepared(known: Map<string, string>, name: string, sql: string): void {
  if (known.get(name) === sql) return;
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Bad prepared statement name: ${name}`);
  if (!/^\s*SELECT\s/i.test(sql) || READS_MORE_THAN_ROWS.test(sql)) {
    throw new Error(`Prepared statement ${name} must be a SELECT that reads rows only`);
  }
  const before = known.get(name);
  if (before !== undefined && before !== sql) throw new Error(`Prepared statement ${name} was made with other SQL`);
}
