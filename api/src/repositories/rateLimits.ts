import { Repository } from './base';

/**
 * SQL: when a try that makes `hits` hits waits before the next (past `$spaceAfter` hits, 2, 4, 8 …
 * seconds, at most `$maxDelay`), from `$now`. One home for the spacing, used when a hit is taken and
 * when a reserved try is settled as counted.
 */
const spacedFrom = (hits: string, now: string, spaceAfter: string, maxDelay: string) =>
  `${now}::timestamptz + make_interval(secs => least(power(2, least(${hits} - ${spaceAfter}, 30)), ${maxDelay}))`;

interface LimitRow {
  window_ends: Date;
  not_before: Date | null;
  hits: number;
}

/** `rate_limits`: one row per limited key, counted in the statement that checks it. */
export class RateLimitsRepository extends Repository {
  /** Takes one hit in one statement that checks and counts; false when the window is spent or the next try must wait. */
  async take(
    key: string,
    now: Date,
    windowSeconds: number,
    max: number,
    spaceAfter: number,
    maxDelaySeconds: number,
  ): Promise<boolean> {
    const rows = await this.q.query(
      `INSERT INTO rate_limits AS r (key, hits, window_ends) VALUES ($1, 1, $2::timestamptz + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_ends <= $2 THEN 1 ELSE r.hits + 1 END,
         window_ends = CASE WHEN r.window_ends <= $2 THEN EXCLUDED.window_ends ELSE r.window_ends END,
         not_before = CASE WHEN r.window_ends > $2 AND r.hits + 1 > $5 THEN ${spacedFrom('(r.hits + 1)', '$2', '$5', '$6')} END
       WHERE r.window_ends <= $2 OR (r.hits < $4 AND (r.not_before IS NULL OR r.not_before <= $2))
       RETURNING hits`,
      [key, now, windowSeconds, max, spaceAfter, maxDelaySeconds],
    );
    return rows.length > 0;
  }

  /**
   * Reserves one try: below `soft` hits and tries in flight side by side, from it on one at a time, each
   * after the wait the last failure set. A reservation older than `lapseSeconds` no longer holds a place.
   */
  async reserve(
    key: string,
    now: Date,
    windowSeconds: number,
    max: number,
    soft: number,
    lapseSeconds: number,
  ): Promise<boolean> {
    const rows = await this.q.query(
      `INSERT INTO rate_limits AS r (key, hits, pending, pending_since, window_ends) VALUES ($1, 0, 1, $2, $2::timestamptz + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_ends <= $2 THEN 0 ELSE r.hits END,
         pending = CASE WHEN r.pending_since <= $2::timestamptz - make_interval(secs => $6) THEN 1 ELSE r.pending + 1 END,
         pending_since = $2,
         not_before = CASE WHEN r.window_ends <= $2 THEN NULL ELSE r.not_before END,
         window_ends = CASE WHEN r.window_ends <= $2 THEN EXCLUDED.window_ends ELSE r.window_ends END
       WHERE r.window_ends <= $2
          OR (r.hits < $4 AND (r.not_before IS NULL OR r.not_before <= $2)
              AND (r.hits + r.pending < $5 OR r.pending = 0 OR r.pending_since <= $2::timestamptz - make_interval(secs => $6)))
       RETURNING hits`,
      [key, now, windowSeconds, max, soft, lapseSeconds],
    );
    return rows.length > 0;
  }

  /** Ends a reservation; a counted one becomes a hit (past `spaceAfter` hits, the next try waits longer). */
  async settle(key: string, counted: boolean, now: Date, spaceAfter: number, maxDelaySeconds: number): Promise<void> {
    if (!counted) {
      await this.q.query('UPDATE rate_limits SET pending = greatest(pending - 1, 0) WHERE key = $1', [key]);
      return;
    }
    await this.q.query(
      `UPDATE rate_limits SET hits = hits + 1, pending = greatest(pending - 1, 0),
              not_before = CASE WHEN hits + 1 > $3 THEN ${spacedFrom('(hits + 1)', '$2', '$3', '$4')} ELSE not_before END
        WHERE key = $1`,
      [key, now, spaceAfter, maxDelaySeconds],
    );
  }

  /**
   * A code to `destination` (a phone number, an e-mail domain), in one statement: one a code went to
   * before passes ('known'); a new one takes a hit of `key`'s window, at most `max` ('new', and it is
   * known from then on), or is refused ('refused'). Two requests for the same new destination at once
   * may both count: the ceiling errs on the side of sending less.
   */
  async admitDestination(
    destination: string,
    kind: string,
    key: string,
    now: Date,
    windowSeconds: number,
    max: number,
  ): Promise<'known' | 'new' | 'refused'> {
    const [row] = await this.q.query<{ known: boolean; counted: boolean }>(
      `WITH known AS (SELECT 1 FROM code_destinations WHERE destination = $1),
       counted AS (
         INSERT INTO rate_limits AS r (key, hits, window_ends)
         SELECT $3, 1, $4::timestamptz + make_interval(secs => $5) WHERE NOT EXISTS (SELECT 1 FROM known)
         ON CONFLICT (key) DO UPDATE SET
           hits = CASE WHEN r.window_ends <= $4 THEN 1 ELSE r.hits + 1 END,
           window_ends = CASE WHEN r.window_ends <= $4 THEN EXCLUDED.window_ends ELSE r.window_ends END
         WHERE r.window_ends <= $4 OR r.hits < $6
         RETURNING hits),
       recorded AS (
         INSERT INTO code_destinations (destination, kind, first_at) SELECT $1, $2, $4 FROM counted
         ON CONFLICT (destination) DO NOTHING)
       SELECT EXISTS (SELECT 1 FROM known) AS known, EXISTS (SELECT 1 FROM counted) AS counted`,
      [destination, kind, key, now, windowSeconds, max],
    );
    return row?.known ? 'known' : row?.counted ? 'new' : 'refused';
  }

  async state(key: string): Promise<LimitRow | null> {
    const [row] = await this.q.query<LimitRow>('SELECT window_ends, not_before, hits FROM rate_limits WHERE key = $1', [
      key,
    ]);
    return row ?? null;
  }

  /** Returns one hit (the attempt did not count). */
  async giveBack(key: string): Promise<void> {
    await this.q.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key]);
  }

  /** Forgets the keys' counts. */
  async clear(keys: readonly string[]): Promise<void> {
    await this.q.query('DELETE FROM rate_limits WHERE key = ANY($1::text[])', [keys]);
  }

  /** Ends a run of counted tries, leaving the reservations in flight in place. */
  async forgive(keys: readonly string[]): Promise<void> {
    await this.q.query('UPDATE rate_limits SET hits = 0, not_before = NULL WHERE key = ANY($1::text[])', [keys]);
  }

  /** Drops windows that ended a day ago or more. */
  async sweep(now: Date): Promise<void> {
    await this.q.query(`DELETE FROM rate_limits WHERE window_ends < $1::timestamptz - interval '1 day'`, [now]);
  }
}
