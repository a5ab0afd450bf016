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

const UNSAFE_IN_NAMES = new Set(['"', '\\', '/', ':', '*', '?', '<', '>', '|']);

/**
 * A download name from the document's name: characters unsafe in file names dropped, at most 100 characters,
 * "document" when nothing is left, with `extension`.
 */
export function exportFileName(name: string, extension: 'csv' | 'pdf'): string {
  const base = [...name.normalize('NFKC')]
    .map((char) => (char.charCodeAt(0) < 0x20 || char === '\u007f' || UNSAFE_IN_NAMES.has(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 100)
    .trim();
  return `${base === '' ? 'document' : base}.${extension}`;
}

/** Content-Disposition naming `fileName`: an ASCII fallback and the exact name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
