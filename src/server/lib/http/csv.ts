/**
 * CSV (RFC 4180) for spreadsheets: every cell quoted when it holds a comma, a quote or a line break (quotes doubled),
 * lines ended by CRLF, and a UTF-8 byte order mark so that spreadsheet programs read names in any script. A text
 * cell that begins like a formula (`=`, `+`, `-`, `@`, a tab or a carriage return) gets a leading `'`, so opening the
 * file never runs what a member typed (CSV injection); numbers are written as they are.
 */
export function toCsv(header: string[], rows: unknown[][]): string {
  return CSV_BOM + [header, ...rows].map(csvLine).join('');
}

/** What a CSV file starts with: the UTF-8 byte order mark (a file written line by line starts with it, then the header). */
export const CSV_BOM = '\uFEFF';

/** One line of a CSV file, its CRLF included (the same cells as `toCsv`, for a file written a batch at a time). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * The line of one record: its values under `keys`, in that order (what `csvLine(keys.map((k) => record[k]))` gives,
 * without an array per line: an export writes millions of lines).
 */
export function csvRecord(record: Record<string, unknown>, keys: readonly string[]): string {
  let line = '';
  for (let i = 0; i < keys.length; i++) line += i ? `,${csvCell(record[keys[i]!])}` : csvCell(record[keys[i]!]);
  return `${line}\r\n`;
}

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
