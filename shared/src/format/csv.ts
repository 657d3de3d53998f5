/**
 * Every CSV file the portal writes (the audit trail, a voucher batch for the print shop, any other) is
 * made of these cells and lines, so none can carry a formula into a spreadsheet (CSV injection): a cell
 * that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`, which spreadsheets
 * show as text. Every cell is quoted, its quotes doubled.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** A CSV line: its cells (csvCell) joined by `separator`, ending in CRLF. */
export const csvLine = (cells: readonly unknown[], separator: ',' | ';'): string =>
  `${cells.map(csvCell).join(separator)}\r\n`;
