/** Dates are shown as `d.m.yyyy.` and times as `hh:mm` (spec 9), in the portal's local time zone. */
function toDate(value: Date | string | number): Date | null {
  const date = value instanceof Date ? value : new Date(value);
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
