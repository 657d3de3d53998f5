/**
 * Dates in the API, one module: calendar days are `YYYY-MM-DD` strings in UTC, as the database stores
 * them; times are `Date`s from the context's clock.
 */

const DAY_MS = 86_400_000;

/** `2026-11-21`: a calendar day in UTC, as subscriptions store them; `plusDays` moves it. */
export function isoDay(date: Date, plusDays = 0): string {
  return new Date(date.getTime() + plusDays * DAY_MS).toISOString().slice(0, 10);
}

/** `2026-11-21` plus n days, as a calendar day. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(`${day}T00:00:00Z`), days);
}

/** Whole days from one calendar day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whole seconds from `now` until `until`, at least one: a Retry-After. */
export function secondsUntil(until: Date | string | null, now: Date): number {
  return Math.max(1, Math.ceil(((until ? new Date(until).getTime() : 0) - now.getTime()) / 1000));
}

/**
 * The same day a month later, or the month's last day when it has no such day (31 January → 28 or
 * 29 February): what PostgreSQL's `date + interval '1 month'` gives, which the renewals use.
 */
export function addMonth(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const lastOfNext = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return isoDay(new Date(Date.UTC(year, month, Math.min(date, lastOfNext))));
}

/** The time `days` whole days before `at`. */
export function daysBefore(at: Date, days: number): Date {
  return new Date(at.getTime() - days * DAY_MS);
}
