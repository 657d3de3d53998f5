import { Repository } from './base';

export type Channel = 'SMS' | 'EMAIL';

/** What the sender reads of a message; text and code stay sealed until it sends them. */
export interface OutboxRow {
  id: string;
  to_address: string;
  channel: Channel;
  kind: string;
  text_sealed: string;
  code_sealed: string | null;
  meta: { subject?: string; link?: { path: string; label: string }; invoice?: string; script?: 'cyrillic' };
  attempts: number;
  /** Tries a setting blocked (a refused login, no TLS, a relay refusing): they do not count in `attempts`. */
  blocked_tries: number;
}

/** `outbox`: the queue of messages, written in the transaction of the change that causes each one. */
export class OutboxRepository extends Repository {
  async add(
    message: {
      to: string;
      channel: Channel;
      kind: string;
      textSealed: string;
      codeSealed: string | null;
      meta: object;
      status: 'PENDING' | 'HELD';
    },
    at: Date,
  ): Promise<void> {
    await this.q.query(
      `INSERT INTO outbox (to_address, channel, kind, text_sealed, code_sealed, meta, status, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        message.to,
        message.channel,
        message.kind,
        message.textSealed,
        message.codeSealed,
        JSON.stringify(message.meta),
        message.status,
        at,
      ],
    );
  }

  /** Claims up to `batch` due messages of these channels for `leaseSeconds`; one sender gets each (SKIP LOCKED), and each claim counts a try. */
  async claim(at: Date, batch: number, channels: readonly Channel[], leaseSeconds: number): Promise<OutboxRow[]> {
    return this.q.query<OutboxRow>(
      `UPDATE outbox o SET locked_until = $1::timestamptz + make_interval(secs => $4), attempts = o.attempts + 1
        WHERE o.id IN (SELECT id FROM outbox
                        WHERE status = 'PENDING' AND next_attempt_at <= $1 AND (locked_until IS NULL OR locked_until <= $1) AND channel = ANY($3::text[])
                        ORDER BY next_attempt_at, id LIMIT $2 FOR UPDATE SKIP LOCKED)
        RETURNING o.id, o.to_address, o.channel, o.kind, o.text_sealed, o.code_sealed, o.meta, o.attempts, o.blocked_tries`,
      [at, batch, channels, leaseSeconds],
    );
  }

  async markSent(id: string, at: Date): Promise<void> {
    await this.q.query(
      `UPDATE outbox SET status = 'SENT', sent_at = $2, locked_until = NULL, last_error = NULL WHERE id = $1 AND status = 'PENDING'`,
      [id, at],
    );
  }

  async markFailed(id: string, reason: string): Promise<void> {
    await this.q.query(
      `UPDATE outbox SET status = 'FAILED', locked_until = NULL, last_error = $2 WHERE id = $1 AND status = 'PENDING'`,
      [id, reason],
    );
  }

  async retryAt(id: string, next: Date, reason: string): Promise<void> {
    await this.q.query(
      `UPDATE outbox SET next_attempt_at = $2, locked_until = NULL, last_error = $3 WHERE id = $1 AND status = 'PENDING'`,
      [id, next, reason],
    );
  }

  /**
   * A try a setting blocked (the operator's to fix): the claim's try is given back, the blocked one
   * counted apart, and the message waits until `next`, still PENDING.
   */
  async hold(id: string, next: Date, reason: string): Promise<void> {
    await this.q.query(
      `UPDATE outbox SET attempts = attempts - 1, blocked_tries = blocked_tries + 1, next_attempt_at = $2, locked_until = NULL, last_error = $3
        WHERE id = $1 AND status = 'PENDING'`,
      [id, next, reason],
    );
  }

  /** Messages a setting once blocked, of these channels, are due at `at` (a start, after the operator's fix); answers how many. */
  async releaseBlocked(at: Date, channels: readonly Channel[]): Promise<number> {
    const rows = await this.q.query<{ id: string }>(
      `UPDATE outbox SET next_attempt_at = $1
        WHERE status = 'PENDING' AND blocked_tries > 0 AND next_attempt_at > $1 AND channel = ANY($2::text[]) RETURNING id`,
      [at, channels],
    );
    return rows.length;
  }

  /**
   * Messages HELD for want of a transport, of these channels (a start with the setting now made): each
   * becomes PENDING and due at `at`, or FAILED with `lapsedReason` when it was written before its kind's
   * time in `lapsed` (a code past its validity), so that none is released twice. Never in a sandbox
   * (the sender's `sandbox`): its HELD messages are its outbox view's. One statement; rows another process starting at once has locked are skipped, as it releases them.
   */
  async releaseHeld(
    at: Date,
    channels: readonly Channel[],
    lapsed: ReadonlyArray<{ kind: string; writtenBefore: Date }>,
    lapsedReason: string,
  ): Promise<{ released: number; lapsed: number }> {
    const rows = await this.q.query<{ lapsed: boolean }>(
      `WITH lapse AS (SELECT * FROM unnest($3::text[], $4::timestamptz[]) AS l (kind, written_before)),
            held AS (SELECT o.id, EXISTS (SELECT 1 FROM lapse WHERE lapse.kind = o.kind AND o.created_at < lapse.written_before) AS lapsed
                       FROM outbox o
                      WHERE o.status = 'HELD' AND o.channel = ANY($2::text[])
                      FOR UPDATE OF o SKIP LOCKED)
       UPDATE outbox o SET status = CASE WHEN held.lapsed THEN 'FAILED' ELSE 'PENDING' END, next_attempt_at = $1,
              last_error = CASE WHEN held.lapsed THEN $5::text END
         FROM held WHERE o.id = held.id AND o.status = 'HELD'
       RETURNING held.lapsed`,
      [at, channels, lapsed.map((l) => l.kind), lapsed.map((l) => l.writtenBefore), lapsedReason],
    );
    const gone = rows.filter((row) => row.lapsed).length;
    return { released: rows.length - gone, lapsed: gone };
  }

  /** The latest 50 messages to an address, newest first (the sandbox's outbox view). */
  async latestTo(
    address: string,
  ): Promise<
    Array<{ to_address: string; channel: Channel; text_sealed: string; code_sealed: string | null; created_at: Date }>
  > {
    return this.q.query(
      'SELECT to_address, channel, text_sealed, code_sealed, created_at FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 50',
      [address],
    );
  }

  /** The newest messages to these addresses, without their text or code (the support console). */
  async sentTo(
    addresses: string[],
    limit: number,
  ): Promise<
    Array<{
      id: string;
      kind: string;
      channel: Channel;
      to_address: string;
      meta: { subject?: string };
      status: string;
      created_at: Date;
      sent_at: Date | null;
    }>
  > {
    return this.q.query(
      `SELECT id, kind, channel, to_address, meta, status, created_at, sent_at FROM outbox
        WHERE to_address = ANY ($1::text[]) ORDER BY id DESC LIMIT $2`,
      [addresses, limit],
    );
  }

  /** Messages waiting per channel, and the oldest one's age in seconds (the metrics' backlog). */
  async backlog(): Promise<Array<{ channel: string; pending: number; oldest_seconds: number }>> {
    return this.q.query(
      `SELECT channel, count(*)::int AS pending, COALESCE(extract(epoch FROM now() - min(created_at)), 0)::int AS oldest_seconds FROM outbox WHERE status = 'PENDING' GROUP BY channel`,
    );
  }
}
