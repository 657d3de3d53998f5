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

/** How long a reservation waits for the tries in flight before it is refused (reserve). */
const RESERVE_WAIT_MS = 5_000;
/** A reservation older than this was left by a process that stopped mid-way: it no longer holds a place. */
const PENDING_LAPSE_SECONDS = 30;

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

  /**
   * Reserves one try of each limit, in order, for work whose outcome decides whether it counts (a
   * password check): a reservation is `pending` until `settle`, and only a try settled as counted is a
   * hit. While the tries in flight could still reach the limit, a reservation waits for them (up to
   * `waitMs`) instead of being refused: so a burst gets no more tries evaluated than the limit, and a
   * right answer is never refused because of other right answers still being checked.
   */
  async reserve(limits: readonly Limit[], waitMs = RESERVE_WAIT_MS): Promise<Taken> {
    const reserved: Limit[] = [];
    const until = Date.now() + waitMs;
    try {
      for (const limit of limits) {
        // Waits grow (25, 50, 100, 200, 250 ms, with jitter), so a crowd of waiters asks the database less often.
        for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
          const outcome = await this.reserveOne(limit);
          if (outcome === 0) break;
          if (outcome === 'busy' && Date.now() < until) {
            await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause));
            continue;
          }
          await this.settle(reserved, false);
          return { ok: false, retryAfter: outcome === 'busy' ? 1 : outcome };
        }
        reserved.push(limit);
      }
    } catch (error) {
      // A database error mid-way leaves no reservation behind.
      await this.settle(reserved, false).catch(() => undefined);
      throw error;
    }
    return { ok: true };
  }

  /** Ends reservations: `counted` tries become hits (past `spaceAfter`, the next try waits longer); the others leave no trace. */
  async settle(limits: readonly Limit[], counted: boolean): Promise<void> {
    const now = this.now();
    for (const limit of limits) {
      if (!counted) {
        await this.db.query('UPDATE rate_limits SET pending = greatest(pending - 1, 0) WHERE key = $1', [limit.key]);
        continue;
      }
      await this.db.query(
        `UPDATE rate_limits SET hits = hits + 1, pending = greatest(pending - 1, 0),
                not_before = CASE WHEN hits + 1 > $3 THEN $2::timestamptz + make_interval(secs => least(power(2, least(hits + 1 - $3, 30)), $4)) ELSE not_before END
          WHERE key = $1`,
        [limit.key, now, limit.spaceAfter ?? 2_147_483_647, limit.maxDelaySeconds ?? 60],
      );
    }
  }

  /** Ends a run of counted tries (a right answer), leaving the reservations in flight in place. */
  async forgive(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.db.query('UPDATE rate_limits SET hits = 0, not_before = NULL WHERE key = ANY($1::text[])', [keys]);
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

  /** 0 when the try was reserved; else the seconds to wait, or 'busy' while tries in flight hold the places left. */
  private async reserveOne(limit: Limit): Promise<number | 'busy'> {
    const now = this.now();
    // Below the soft limit (the spacing's start, or the limit) tries are reserved side by side; from it
    // on, one at a time, each after the wait the last failure set.
    const soft = Math.min(limit.max, limit.spaceAfter ?? limit.max);
    const [row] = await this.db.query<{ hits: number }>(
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
      [limit.key, now, limit.windowSeconds, limit.max, soft, PENDING_LAPSE_SECONDS],
    );
    if (row) return 0;
    const [spent] = await this.db.query<{ window_ends: Date; not_before: Date | null; hits: number }>('SELECT window_ends, not_before, hits FROM rate_limits WHERE key = $1', [limit.key]);
    if (!spent) return 'busy';
    if (spent.hits >= limit.max) return Math.max(1, Math.ceil((new Date(spent.window_ends).getTime() - now.getTime()) / 1000));
    if (spent.not_before && new Date(spent.not_before) > now) return Math.max(1, Math.ceil((new Date(spent.not_before).getTime() - now.getTime()) / 1000));
    return 'busy';
  }
}
