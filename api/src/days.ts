/** `2026-11-21`: a calendar day in UTC, as subscriptions store them; `plusDays` moves it. */
export function isoDay(date: Date, plusDays = 0): string {
  return new Date(date.getTime() + plusDays * 86_400_000).toISOString().slice(0, 10);
}

/** `2026-11-21` plus n days, as a calendar day. */
export function addDays(day: string, days: number): string {
  return isoDay(new Date(`${day}T00:00:00Z`), days);
}

/** `2026-11-21` as the portal writes dates (spec 9): `21.11.2026.`. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date}.${month}.${year}.`;
}

/** An amount in fening as the portal writes it: `24,90 KM`. */
export function formatFening(fening: number): string {
  return `${(fening / 100).toFixed(2).replace('.', ',')} KM`;
}
