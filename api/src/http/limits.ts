import type { Queryable } from '../db/db';

/** One limited key: at most `max` hits per window; past `spaceAfter` hits each next one waits longer. */
export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
  /** Growing delay: after this many hits in the window, the next waits 2, 4, 8 … seconds, at most `maxDelaySeconds`. */
  spaceAfter?: number;
  maxDelaySeconds?: number;
}

export type Taken = { ok: true } | { ok: false; retryAfter: number };

/**
 * Limits kept in the database (`rate_limits`), so that every API process on one PostgreSQL counts
 * together. A hit is reserved before the work it limits, in one statement that both checks and counts
 * (the row is locked by the upsert), so a burst can never get more than `max` through; work that
 * turns out not to count (a right password) gives its hit back.
 */
export class Limits {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => Date,
  ) {}

  /** Takes one hit of each limit, in order; if one is spent, those already taken are given back. */
  async take(limits: readonly Limit[]): Promise<Taken> {
    const taken: Limit[] = [];
    for (const limit of limits) {
      const wait = await this.takeOne(limit);
      if (wait > 0) {
        await this.giveBack(taken);
        return { ok: false, retryAfter: wait };
      }
      taken.push(limit);
    }
    return { ok: true };
  }

  /** Returns one hit of each limit (the attempt did not count against it). */
  async giveBack(limits: readonly Limit[]): Promise<void> {
    for (const limit of limits) await this.db.query('UPDATE rate_limits SET hits = hits - 1 WHERE key = $1 AND hits > 0', [limit.key]);
  }

  /** Forgets the keys' counts (a right answer ends a run of wrong ones). */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.query('DELETE FROM rate_limits WHERE key = ANY($1::text[])', [keys]);
  }

  /** Drops windows that ended a day ago or more. */
  async sweep(): Promise<void> {
    await this.db.query(`DELETE FROM rate_limits WHERE window_ends < $1::timestamptz - interval '1 day'`, [this.now()]);
  }

  /** 0 when the hit was taken, else the seconds to wait. */
  private async takeOne(limit: Limit): Promise<number> {
    const now = this.now();
    const spaceAfter = limit.spaceAfter ?? 2_147_483_647;
    const [row] = await this.db.query<{ hits: number }>(
      `INSERT INTO rate_limits AS r (key, hits, window_ends) VALUES ($1, 1, $2::timestamptz + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_ends <= $2 THEN 1 ELSE r.hits + 1 END,
         window_ends = CASE WHEN r.window_ends <= $2 THEN EXCLUDED.window_ends ELSE r.window_ends END,
         not_before = CASE WHEN r.window_ends > $2 AND r.hits + 1 > $5
                           THEN $2::timestamptz + make_interval(secs => least(power(2, least(r.hits + 1 - $5, 30)), $6)) END
       WHERE r.window_ends <= $2 OR (r.hits < $4 AND (r.not_before IS NULL OR r.not_before <= $2))
       RETURNING hits`,
      [limit.key, now, limit.windowSeconds, limit.max, spaceAfter, limit.maxDelaySeconds ?? 60],
    );
    if (row) return 0;
    const [spent] = await this.db.query<{ window_ends: Date; not_before: Date | null; hits: number }>(
      'SELECT window_ends, not_before, hits FROM rate_limits WHERE key = $1',
      [limit.key],
    );
    if (!spent) return 1;
    const until = spent.hits >= limit.max || !spent.not_before ? new Date(spent.window_ends) : new Date(spent.not_before);
    return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  }
}
