/** `2026-11-21`: a calendar day in UTC, as subscriptions store them; `plusDays` moves it. */
export function isoDay(date: Date, plusDays = 0): string {
  return new Date(date.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}

/** `2026-11-21` plus n days, as a calendar day. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(`${day}T00:00:00Z`), days);
}
