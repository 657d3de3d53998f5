/**
 * Counts events per key in a fixed window. In-process: each API process limits on its own, which
 * bounds the total to (processes x limit); enough for login brute-force protection.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string): number {
    const entry = this.live(key);
    if (!entry || entry.count < this.limit) return 0;
    return Math.max(1, Math.ceil((entry.resetAt - this.now().getTime()) / 1000));
  }

  hit(key: string): void {
    const now = this.now().getTime();
    const entry = this.live(key) ?? { count: 0, resetAt: now + this.windowMs };
    entry.count += 1;
    this.hits.set(key, entry);
    if (this.hits.size > 50_000) this.sweep(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private live(key: string) {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt <= this.now().getTime()) {
      this.hits.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
