/**
 * CSV for document exports (RFC 4180): every cell quoted when it holds a quote, comma, CR or LF, quotes
 * doubled, CRLF line ends. A text cell starting with = + - @ (or a tab or CR, which some spreadsheets skip
 * before reading a formula) is prefixed with a single quote so a spreadsheet shows it rather than running it
 * (CSV/formula injection). Numbers the report itself writes (amounts, which may be negative) are passed as
 * `number` cells and kept as they are.
 */

/** A text cell (user-controlled: guarded against formulas), or a decimal the server computed. */
export type CsvCell = string | null | { number: string };

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? (FORMULA_START.test(cell) ? `'${cell}` : cell) : cell.number;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A decimal cell. */
export const num = (value: string | null): CsvCell => (value === null ? null : { number: value });
