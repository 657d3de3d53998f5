/**
 * Dates in the API, one module: calendar days are `YYYY-MM-DD` strings, each the day in Sarajevo
 * (`Europe/Sarajevo`, CET/CEST) that invoices print, as the database stores them; times are `Date`s from
 * the context's clock (decision 049).
 */

/** The portal's time zone: a day begins at midnight here, whatever the server's zone. */
export const TIME_ZONE = 'Europe/Sarajevo';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** A day string's arithmetic, which knows no zone: `ms` read as a UTC time. */
const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The zone's wall clock, part by part; formatToParts costs about 3 µs, so only the rare paths use it. */
function zoneClock(): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone: TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch (error) {
    throw new Error(
      `Node cannot tell the time in ${TIME_ZONE} (${(error as Error).message}): run a Node built with its full ICU data, as the official builds are`,
    );
  }
}
const CLOCK = zoneClock();

/** The wall clock in Sarajevo at `ms`, as the UTC time that reads the same. */
function wallClock(ms: number): number {
  const part: Record<string, number> = {};
  for (const { type, value } of CLOCK.formatToParts(ms)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** `en-CA` writes `2026-04-01` in one call (about 0.6 µs); should a Node's locale data not, the parts do. */
const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const formatDay: (ms: number) => string =
  DAY_FORMAT.format(Date.UTC(2026, 3, 1, 12)) === '2026-04-01'
    ? (ms) => DAY_FORMAT.format(ms)
    : (ms) => utcDay(wallClock(ms));

/**
 * The last hour asked for and its day: Sarajevo's offset is whole hours and changes on the hour
 * (01:00 UTC), so a UTC hour lies within one day, and a pass asking for today's day asks the same hour.
 */
let lastHour = Number.NaN;
let lastDay = '';

/** `2026-11-21`: the calendar day in Sarajevo at `date`; `plusDays` moves it that many days. */
export function isoDay(date: Date, plusDays = 0): string {
  const ms = date.getTime();
  const hour = Math.floor(ms / HOUR_MS);
  if (hour !== lastHour) {
    lastDay = formatDay(ms);
    lastHour = hour;
  }
  return plusDays === 0 ? lastDay : addDays(lastDay, plusDays);
}

/** The instant a calendar day begins: midnight in Sarajevo (23:00 or 22:00 UTC the day before). */
export function dayStart(day: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  const guess = midnight - (wallClock(midnight) - midnight);
  // The offset at the guess is the one in force at midnight: the clocks change at 02:00 and 03:00.
  return new Date(midnight - (wallClock(guess) - guess));
}

/** `2026-11-21` plus n days, as a calendar day. */
export function addDays(day: string, days: number): string {
  return utcDay(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);
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
  return utcDay(Date.UTC(year, month, Math.min(date, lastOfNext)));
}

/** The time `days` whole days before `at`. */
export function daysBefore(at: Date, days: number): Date {
  return new Date(at.getTime() - days * DAY_MS);
}
