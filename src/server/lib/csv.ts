/**
 * CSV (RFC 4180) for spreadsheets: every cell quoted when it holds a comma, a quote or a line break (quotes doubled),
 * lines ended by CRLF, and a UTF-8 byte order mark so that spreadsheet programs read names in any script. A text
 * cell that begins like a formula (`=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so opening the
 * file never runs what a member typed (CSV injection); numbers are written as they are.
 */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
