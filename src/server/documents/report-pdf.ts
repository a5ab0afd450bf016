/**
 * Report PDFs (docs/documents.md: 'Holdings report PDF (landscape) and Transaction report PDF exist'; docs/documents.md dates
 * dd.MM.yyyy HH:mm in the transaction PDF, ITIN in groups 4-4-rest): a header (name, kind, range, accounts)
 * and the rows as a table, its header repeated on every page. Drawn with the standard Helvetica fonts only, so
 * nothing is loaded or embedded.
 */
import PDFDocument from 'pdfkit';
import { DOCUMENT_KIND_LABELS } from '../../shared/enums';
import { itinGroups, reportDateTime, reportDay } from '../../shared/report-format';
import type { ReportPdfData } from '../../shared/contract/reports';

type Pdf = InstanceType<typeof PDFDocument>;

const MARGIN = 36;
const ROW_HEIGHT = 16;
const FONT_SIZE = 8;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#d5dae1';

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** Text Helvetica (WinAnsi) can draw: control characters become spaces, anything beyond Latin-1 '?'. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else out += code <= 0xff ? char : '?';
  }
  return out;
}

/** First 4 characters, '...', last 7 (docs/documents.md address display). */
const short = (address: string): string => (address.length <= 14 ? address : `${address.slice(0, 4)}...${address.slice(-7)}`);

function cell(doc: Pdf, text: string, x: number, y: number, column: Column, bold = false): void {
  doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(FONT_SIZE)
    .fillColor(bold ? MUTED : INK)
    .text(pdfSafe(text), x + 2, y + 4, { width: column.width - 4, height: ROW_HEIGHT - 4, ellipsis: true, lineBreak: false, align: column.align ?? 'left' });
}

function tableHeader(doc: Pdf, columns: readonly Column[], y: number): number {
  let x = MARGIN;
  for (const column of columns) {
    cell(doc, column.title, x, y, column, true);
    x += column.width;
  }
  doc.moveTo(MARGIN, y + ROW_HEIGHT).lineTo(doc.page.width - MARGIN, y + ROW_HEIGHT).strokeColor(RULE).stroke();
  return y + ROW_HEIGHT;
}

/** The rows under a header, a new page (with the header again) when one is full. */
function table(doc: Pdf, columns: readonly Column[], rows: readonly string[][], top: number): number {
  let y = tableHeader(doc, columns, top);
  for (const row of rows) {
    if (y + ROW_HEIGHT > doc.page.height - MARGIN) {
      doc.addPage();
      y = tableHeader(doc, columns, MARGIN);
    }
    let x = MARGIN;
    columns.forEach((column, index) => {
      cell(doc, row[index] ?? '', x, y, column);
      x += column.width;
    });
    y += ROW_HEIGHT;
  }
  return y;
}

/** Columns scaled to fill the page's width. */
function fit(doc: Pdf, columns: readonly Column[]): Column[] {
  const total = columns.reduce((sum, column) => sum + column.width, 0);
  const width = doc.page.width - 2 * MARGIN;
  return columns.map((column) => ({ ...column, width: (column.width * width) / total }));
}

function header(doc: Pdf, data: ReportPdfData): number {
  const width = doc.page.width - 2 * MARGIN;
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(pdfSafe(data.name), MARGIN, MARGIN, { width });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(pdfSafe(`${DOCUMENT_KIND_LABELS[data.kind]} · ${reportDay(data.start_date)} - ${reportDay(data.end_date)}`), { width })
    .text(pdfSafe(`Accounts: ${data.accounts.length === 0 ? 'none' : data.accounts.join(', ')}`), { width })
    .text(pdfSafe(`Times in ${data.time_zone}`), { width });
  if (data.truncated) {
    doc.text(pdfSafe(`Shows the first ${String(data.transactions?.length ?? data.holdings?.length ?? 0)} of ${String(data.count)} rows; export as CSV for all.`), { width });
  }
  return doc.y + 10;
}

function transactionTable(doc: Pdf, data: ReportPdfData, top: number): void {
  const columns = fit(doc, [
    // dd.MM.yyyy HH:mm on one line.
    { title: 'Date', width: 78 },
    { title: 'Wallet', width: 56 },
    { title: 'Direction', width: 40 },
    { title: 'Token', width: 36 },
    { title: 'Amount', width: 66, align: 'right' },
    { title: 'Value', width: 56, align: 'right' },
    { title: 'Fee', width: 46, align: 'right' },
    { title: 'From / To', width: 62 },
    { title: 'Hash', width: 62 },
  ]);
  const rows = (data.transactions ?? []).map((row) => [
    reportDateTime(row.created_at, data.time_zone),
    row.account,
    row.direction === 'INCOMING' ? 'In' : 'Out',
    row.token_symbol,
    row.amount,
    row.value_fiat === null ? '' : `${row.value_fiat} ${row.fiat_currency}`,
    row.fee ?? '',
    short(row.direction === 'INCOMING' ? row.from_address : row.to_address),
    short(row.tx_hash),
  ]);
  table(doc, columns, rows, top);
}

function holdingsTable(doc: Pdf, data: ReportPdfData, top: number): void {
  const columns = fit(doc, [
    { title: 'Token', width: 50 },
    // A contract address in groups of 4 (51 characters) on one line.
    { title: 'ITIN', width: 225 },
    { title: 'Holdings at start', width: 78, align: 'right' },
    { title: 'Inflow', width: 72, align: 'right' },
    { title: 'Outflow', width: 72, align: 'right' },
    { title: 'Holdings at end', width: 78, align: 'right' },
    { title: 'Change', width: 72, align: 'right' },
    { title: 'Wallet', width: 93 },
  ]);
  const rows = (data.holdings ?? []).map((row) => [
    row.token.symbol,
    itinGroups(row.itin_number),
    row.holdings_at_start,
    row.inflow,
    row.outflow,
    row.holdings_at_end,
    row.change,
    row.wallet,
  ]);
  table(doc, columns, rows, top);
}

/** The report's PDF: holdings reports on landscape A4, transaction reports on portrait A4. */
export function renderReportPdf(data: ReportPdfData, createdAt: Date): Promise<Buffer> {
  const holdings = data.holdings !== null;
  const doc = new PDFDocument({
    size: 'A4',
    layout: holdings ? 'landscape' : 'portrait',
    margin: MARGIN,
    info: { Title: pdfSafe(data.name), CreationDate: createdAt, ModDate: createdAt },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const top = header(doc, data);
  if (holdings) holdingsTable(doc, data, top);
  else transactionTable(doc, data, top);
  doc.end();
  return done;
}
