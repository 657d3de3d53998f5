/** `2026-11-21`: a calendar day in UTC, as subscriptions store them; `plusDays` moves it. */
export function isoDay(date: Date, plusDays = 0): string {
  return new Date(date.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}
