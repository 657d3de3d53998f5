import type { FastifyRequest } from 'fastify';
import type { RateLimitsRepository } from './repositories/rateLimits';
import { secondsUntil } from './days';

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
/** Without `spaceAfter`, tries are never spaced; without `maxDelaySeconds`, a wait is at most a minute. */
const NO_SPACING = 2_147_483_647;
const MAX_DELAY_SECONDS = 60;

/**
 * Limits kept in the database (`rate_limits`), so that every API process on one PostgreSQL counts
 * together. A hit is reserved before the work it limits, in one statement that both checks and counts
 * (the row is locked by the upsert), so a burst can never get more than `max` through; work that
 * turns out not to count (a right password) gives its hit back.
 */
export class Limits {
  constructor(
    private readonly rows: RateLimitsRepository,
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
    for (const limit of limits) await this.rows.giveBack(limit.key);
  }

  /** Forgets the keys' counts (a right answer ends a run of wrong ones). */
  async clear(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.rows.clear(keys);
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
    for (const limit of limits)
      await this.rows.settle(
        limit.key,
        counted,
        now,
        limit.spaceAfter ?? NO_SPACING,
        limit.maxDelaySeconds ?? MAX_DELAY_SECONDS,
      );
  }

  /**
   * A password check under sign-in limits (docs/limits.md): every sign-in from the address counts
   * (`client`, given back when `guards` refuse it); a try of each of `guards` is reserved before `check`
   * runs, so a burst gets no more checks than the limit, and counted only when the check fails.
   * Answers whether the check passed, or when to try again.
   */
  async checkWithin(
    client: Limit,
    guards: readonly Limit[],
    check: () => Promise<boolean>,
  ): Promise<{ ok: true; valid: boolean } | { ok: false; retryAfter: number }> {
    const taken = await this.take([client]);
    let reserved: Taken | null = null;
    try {
      reserved = taken.ok ? await this.reserve(guards) : taken;
    } finally {
      if (taken.ok && !reserved?.ok) await this.giveBack([client]);
    }
    if (!reserved.ok) return reserved;
    let valid = false;
    try {
      valid = await check();
    } finally {
      await this.settle(guards, !valid);
    }
    return { ok: true, valid };
  }

  /** Ends a run of counted tries (a right answer), leaving the reservations in flight in place. */
  async forgive(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await this.rows.forgive(keys);
  }

  /** Drops windows that ended a day ago or more. */
  async sweep(): Promise<void> {
    await this.rows.sweep(this.now());
  }

  /** 0 when the hit was taken, else the seconds to wait. */
  private async takeOne(limit: Limit): Promise<number> {
    const now = this.now();
    if (
      await this.rows.take(
        limit.key,
        now,
        limit.windowSeconds,
        limit.max,
        limit.spaceAfter ?? NO_SPACING,
        limit.maxDelaySeconds ?? MAX_DELAY_SECONDS,
      )
    )
      return 0;
    const spent = await this.rows.state(limit.key);
    if (!spent) return 1;
    return secondsUntil(spent.hits >= limit.max || !spent.not_before ? spent.window_ends : spent.not_before, now);
  }

  /** 0 when the try was reserved; else the seconds to wait, or 'busy' while tries in flight hold the places left. */
  private async reserveOne(limit: Limit): Promise<number | 'busy'> {
    const now = this.now();
    // Below the soft limit (the spacing's start, or the limit) tries are reserved side by side; from it
    // on, one at a time, each after the wait the last failure set.
    const soft = Math.min(limit.max, limit.spaceAfter ?? limit.max);
    if (await this.rows.reserve(limit.key, now, limit.windowSeconds, limit.max, soft, PENDING_LAPSE_SECONDS)) return 0;
    const spent = await this.rows.state(limit.key);
    if (!spent) return 'busy';
    if (spent.hits >= limit.max) return secondsUntil(spent.window_ends, now);
    if (spent.not_before && new Date(spent.not_before) > now) return secondsUntil(spent.not_before, now);
    return 'busy';
  }
}

/** Requests whose refusal is logged already (by the route, with what only it knows): never twice. */
const refusalsLogged = new WeakSet<FastifyRequest>();

/**
 * One warn line for a refused attempt (docs/decisions/036-operator-logs-and-headers.md): the event,
 * the reason and what the caller adds (never a secret; a username only masked), with the client's
 * address; the request id comes with the request's logger.
 */
export function logRefusal(request: FastifyRequest, event: string, fields: Record<string, unknown>): void {
  refusalsLogged.add(request);
  request.log.warn({ event, ip: request.ip, ...fields }, event);
}

/** Whether the request's refusal was logged already (http/limits.ts logs the others once). */
export const refusalLogged = (request: FastifyRequest): boolean => refusalsLogged.has(request);
