import { Repository } from './base';

/** What the daily clean-up removes (retention/cleanUp.ts), each from its own table. */
export type RetentionKind =
  'outbox' | 'device_sessions' | 'staff_sessions' | 'verifications' | 'invoice_pdfs' | 'passkey_challenges';

/**
 * Each kind's rows that may go, as SQL on the row aliased `t`: `$3` the time before which it ended, and
 * for device sessions `$4` the time before which an idle one was last refreshed. The key walks the table
 * in its primary key's order (`$1`, the last key of the batch before), so a first run on a large table
 * reads it once, not once per batch.
 */
const REMOVABLE: Record<
  RetentionKind,
  { table: string; key: string; type: string; first: string; where: string; idle?: true }
> = {
  // Delivered or given up; PENDING and HELD messages are still to be sent.
  outbox: {
    table: 'outbox',
    key: 'id',
    type: 'bigint',
    first: '0',
    where: `t.status IN ('SENT', 'FAILED') AND COALESCE(t.sent_at, t.next_attempt_at, t.created_at) < $3`,
  },
  // Signed out, or past the refresh window, long enough ago; the newest session of a device not
  // distrusted stays, as the login limits know a device by it (docs/limits.md).
  device_sessions: {
    table: 'device_sessions',
    key: 'id',
    type: 'uuid',
    first: '00000000-0000-0000-0000-000000000000',
    where: `(t.revoked_at < $3 OR (t.revoked_at IS NULL AND t.refreshed_at < $4))
            AND (t.untrusted_at IS NOT NULL OR EXISTS (
                   SELECT 1 FROM device_sessions n WHERE n.customer_id = t.customer_id AND n.device_username = t.device_username
                      AND (n.created_at, n.id) > (t.created_at, t.id)))`,
    idle: true,
  },
  // Ended, or idle far beyond the console's idle limit.
  staff_sessions: {
    table: 'staff_sessions',
    key: 'id',
    type: 'uuid',
    first: '00000000-0000-0000-0000-000000000000',
    where: 'COALESCE(t.ended_at, t.last_seen_at) < $3',
  },
  // Registrations and resets whose last step (the code's expiry, its approval, the end) is that old.
  verifications: {
    table: 'verifications',
    key: 'id',
    type: 'uuid',
    first: '00000000-0000-0000-0000-000000000000',
    where: 'GREATEST(t.created_at, t.resend_window_start, t.code_expires_at, t.approved_at, t.completed_at) < $3',
  },
  // Rendered that long ago: the next download renders it again from the order (money/invoices/invoiceFiles.ts).
  invoice_pdfs: {
    table: 'invoice_pdfs',
    key: 'order_number',
    type: 'text',
    first: '',
    where: 't.created_at < $3',
  },
  // Passkey challenges never answered, expired that long ago (an answered one is gone when it is taken).
  passkey_challenges: {
    table: 'passkey_challenges',
    key: 'challenge_hash',
    type: 'text',
    first: '',
    where: 't.expires_at < $3',
  },
};

/** A removed batch: how many rows went, and the key to go on after (null when the table is done). */
interface RemovedBatch {
  removed: number;
  next: string | null;
}

/** `retention_runs` and the rows the daily clean-up removes (migration 037). */
export class RetentionRepository extends Repository {
  /**
   * Claims the day's clean-up, in one statement: true for one caller only, or for a caller after a
   * claim that did not finish within `leaseSeconds` (its process stopped midway).
   */
  async claim(day: string, at: Date, leaseSeconds: number): Promise<boolean> {
    const rows = await this.q.query(
      `INSERT INTO retention_runs AS r (day, started_at) VALUES ($1, $2)
       ON CONFLICT (day) DO UPDATE SET started_at = $2
        WHERE r.finished_at IS NULL AND r.started_at < $2::timestamptz - make_interval(secs => $3)
       RETURNING day`,
      [day, at, leaseSeconds],
    );
    return rows.length > 0;
  }

  /** Records the day's clean-up as done, with what it removed. */
  async finish(day: string, at: Date, removed: Record<RetentionKind, number>): Promise<void> {
    await this.q.query('UPDATE retention_runs SET finished_at = $2, removed = $3 WHERE day = $1', [
      day,
      at,
      JSON.stringify(removed),
    ]);
  }

  /**
   * Removes up to `limit` rows of the kind that ended before `before` (sessions: and were last
   * refreshed before `idleBefore`), the first after key `after` (null: from the start), in one
   * statement. Rows another transaction holds are passed over: the next day's run finds them.
   */
  async removeBatch(
    kind: RetentionKind,
    cutoffs: { before: Date; idleBefore?: Date },
    after: string | null,
    limit: number,
  ): Promise<RemovedBatch> {
    const { table, key, type, first, where, idle } = REMOVABLE[kind];
    const params = [after ?? first, limit, cutoffs.before];
    const [row] = await this.q.query<{ removed: number; last: string | null }>(
      `WITH picked AS (
         SELECT t.${key} FROM ${table} t WHERE t.${key} > $1::${type} AND ${where}
          ORDER BY t.${key} LIMIT $2 FOR UPDATE OF t SKIP LOCKED),
       gone AS (DELETE FROM ${table} d USING picked WHERE d.${key} = picked.${key} RETURNING 1)
       SELECT (SELECT count(*)::int FROM gone) AS removed,
              (SELECT ${key}::text FROM picked ORDER BY ${key} DESC LIMIT 1) AS last`,
      idle ? [...params, cutoffs.idleBefore ?? cutoffs.before] : params,
    );
    const removed = row?.removed ?? 0;
    return { removed, next: removed < limit ? null : (row?.last ?? null) };
  }
}
