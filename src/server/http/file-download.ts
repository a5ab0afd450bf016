/** Names and Content-Disposition of the files the API answers (CSV exports, report and invoice PDFs). */

const UNSAFE_IN_NAMES = new Set(['"', '\\', '/', ':', '*', '?', '<', '>', '|']);

/**
 * A download name from a document's or invoice's name: characters unsafe in file names dropped, at most 100 characters,
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
