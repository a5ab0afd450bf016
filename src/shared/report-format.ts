/** Display rules of reports shared by the PWA and the server's PDFs (docs/reports.md). */

/** ITIN shown as groups of 4, 4 and the rest (docs/reports.md): "0xa0b86991c6…" → "0xa0 b869 91c6…". */
export function itinGroups(itin: string | null): string {
  if (itin === null || itin === '') return '';
  const parts = [itin.slice(0, 4), itin.slice(4, 8), itin.slice(8)].filter((part) => part !== '');
  return parts.join(' ');
}

const pad = (value: string | undefined): string => (value ?? '').padStart(2, '0');

/**
 * dd.MM.yyyy HH:mm of an instant in `timeZone` (docs/reports.md: transaction PDF). An unknown zone falls back to UTC.
 */
export function reportDateTime(iso: string, timeZone: string): string {
  const at = new Date(iso);
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  } catch {
    format = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, part.value]));
  return `${pad(parts.day)}.${pad(parts.month)}.${parts.year ?? ''} ${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** dd.MM.yyyy of a yyyy-MM-dd day. */
export function reportDay(day: string): string {
  const [year = '', month = '', date = ''] = day.split('-');
  return `${date}.${month}.${year}`;
}
