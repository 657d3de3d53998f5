/** Dates are shown as `d.m.yyyy.` and times as `hh:mm` (product.md §9), in the portal's local time zone. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (`2025-10-31`) is a local date, not midnight UTC, so it never shows as the day before. */
export function parseDay(value: string): Date | null {
  const match = DAY.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getDate() === Number(match[3]) ? date : null;
}

function toDate(value: Date | string | number): Date | null {
  const date =
    value instanceof Date ? value : typeof value === 'string' && DAY.test(value) ? parseDay(value) : new Date(value);
  if (!date) return null;
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDate(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return `${date.getDate()}.${date.getMonth() + 1}.${date.getFullYear()}.`;
}

export function formatTime(value: Date | string | number): string {
  const date = toDate(value);
  if (!date) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

export function formatDateTime(value: Date | string | number): string {
  const date = toDate(value);
  return date ? `${formatDate(date)} ${formatTime(date)}` : '';
}
