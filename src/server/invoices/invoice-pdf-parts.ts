/**
 * Drawing parts shared by the two invoice PDF layouts (invoice-pdf.ts): text the standard fonts can encode, page
 * breaks, labelled blocks, the items table and the totals. Only the 14 standard PDF fonts are used (Helvetica),
 * so nothing is loaded from the network or embedded.
 */
import type PDFDocument from 'pdfkit';
import type { InvoiceOut } from '../../shared/contract/invoices';
import { FIAT_SYMBOLS, type FiatCurrency } from '../../shared/enums';
import { ftcFee, invoiceMoneyText, invoiceStateText, itemRowText, type ItemRowText } from '../../shared/invoice-display';

export type Pdf = InstanceType<typeof PDFDocument>;

export const FONT = 'Helvetica';
export const BOLD = 'Helvetica-Bold';
export const MARGIN = 50;
export const INK = '#1f2933';
export const MUTED = '#5f6b7a';
export const RULE = '#d5dae1';

/** Characters above U+00FF that WinAnsiEncoding (the standard fonts' encoding) can draw. */
const WIN_ANSI_EXTRA = new Set(
  [0x20ac, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x017d, 0x2018, 0x2019,
    0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0x017e, 0x0178].map((code) =>
    String.fromCharCode(code),
  ),
);

/**
 * Text the standard fonts can draw: tabs and other control characters become spaces, characters WinAnsi lacks
 * (CJK, most currency signs) become '?', so a name never turns into unreadable bytes.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(char)) out += char;
    else out += '?';
  }
  return out;
}

/** The currency symbol when the standard fonts can draw it (€, $, ¥, CHF), else the currency code ('INR'). */
export function pdfSymbol(currency: FiatCurrency): string {
  const symbol = FIAT_SYMBOLS[currency];
  return pdfText(symbol) === symbol ? symbol : currency;
}

/** The drawable width of the page. */
export const contentWidth = (doc: Pdf): number => doc.page.width - 2 * MARGIN;

/** Starts a new page when less than `height` points are left; returns the y to draw at. */
export function ensureSpace(doc: Pdf, y: number, height: number): number {
  if (y + height <= doc.page.height - MARGIN) return y;
  doc.addPage();
  return MARGIN;
}

/** Writes `text` at (x, y) within `width`; returns the y below it. */
export function write(
  doc: Pdf,
  text: string,
  x: number,
  y: number,
  width: number,
  options: { font?: string; size?: number; color?: string; align?: 'left' | 'right' | 'center' } = {},
): number {
  const safe = pdfText(text);
  doc.font(options.font ?? FONT).fontSize(options.size ?? 10).fillColor(options.color ?? INK);
  doc.text(safe, x, y, { width, align: options.align ?? 'left', lineBreak: true });
  return y + doc.heightOfString(safe, { width });
}

/** A small bold caption above lines of text; returns the y below the block. */
export function block(doc: Pdf, caption: string, lines: readonly string[], x: number, y: number, width: number): number {
  let at = write(doc, caption.toUpperCase(), x, y, width, { font: BOLD, size: 8, color: MUTED }) + 3;
  for (const line of lines) at = write(doc, line, x, at, width);
  return at;
}

/** Label / value rows ('Issued', 'Jan 31, 2025'); returns the y below them. */
export function facts(doc: Pdf, rows: readonly [string, string][], x: number, y: number, width: number): number {
  let at = y;
  const labelWidth = Math.min(110, width / 2);
  for (const [label, value] of rows) {
    at = ensureSpace(doc, at, 14);
    write(doc, label, x, at, labelWidth, { color: MUTED });
    at = Math.max(at + 14, write(doc, value, x + labelWidth, at, width - labelWidth));
  }
  return at;
}

/** The state as a filled label ('SENT', 'DRAFT'), right-aligned at `y`. */
export function stateLabel(doc: Pdf, invoice: Pick<InvoiceOut, 'state'>, y: number): void {
  const text = `Status: ${invoiceStateText(invoice.state)}`;
  const colour = { DRAFT: '#c53030', EXPIRED: '#c53030', PROCESSING: '#b7791f', PAID: '#2f855a', DUE: '#2b6cb0' }[invoice.state];
  doc.font(BOLD).fontSize(10);
  const width = doc.widthOfString(text) + 16;
  const x = doc.page.width - MARGIN - width;
  doc.roundedRect(x, y, width, 20, 4).fill(colour);
  doc.fillColor('#ffffff').text(text, x, y + 5, { width, align: 'center' });
}

interface Column {
  title: string;
  key: keyof ItemRowText;
  share: number;
  align: 'left' | 'right';
}

const COLUMNS: readonly Column[] = [
  { title: 'Item', key: 'name', share: 0.3, align: 'left' },
  { title: 'Qty', key: 'quantity', share: 0.08, align: 'right' },
  { title: 'Unit price', key: 'unitPrice', share: 0.15, align: 'right' },
  { title: 'Discount', key: 'discount', share: 0.14, align: 'right' },
  { title: 'Tax', key: 'tax', share: 0.13, align: 'right' },
  { title: 'Total', key: 'total', share: 0.2, align: 'right' },
];
const GAP = 6;

function tableHeader(doc: Pdf, y: number): number {
  let x = MARGIN;
  for (const column of COLUMNS) {
    const width = contentWidth(doc) * column.share;
    write(doc, column.title, x, y, width - GAP, { font: BOLD, size: 9, color: MUTED, align: column.align });
    x += width;
  }
  const below = y + 14;
  doc.moveTo(MARGIN, below).lineTo(doc.page.width - MARGIN, below).lineWidth(0.7).strokeColor(RULE).stroke();
  return below + 6;
}

/** The items table (name with its description below, quantity, unit price, discount, tax, total). */
export function itemsTable(doc: Pdf, invoice: InvoiceOut, y: number): number {
  const symbol = pdfSymbol(invoice.fiat_currency);
  let at = tableHeader(doc, ensureSpace(doc, y, 40));
  if (invoice.items.length === 0) return write(doc, 'No items.', MARGIN, at, contentWidth(doc), { color: MUTED }) + 8;
  for (const item of invoice.items) {
    const row = itemRowText(item, invoice.fiat_currency, symbol);
    const nameWidth = contentWidth(doc) * (COLUMNS[0]?.share ?? 0.3) - GAP;
    doc.font(BOLD).fontSize(10);
    let height = doc.heightOfString(pdfText(row.name), { width: nameWidth });
    doc.font(FONT).fontSize(8.5);
    if (row.description.trim()) height += doc.heightOfString(pdfText(row.description), { width: nameWidth }) + 2;
    const next = ensureSpace(doc, at, height + 8);
    if (next !== at) at = tableHeader(doc, next);
    let x = MARGIN;
    for (const column of COLUMNS) {
      const width = contentWidth(doc) * column.share;
      if (column.key === 'name') {
        const below = write(doc, row.name, x, at, width - GAP, { font: BOLD });
        if (row.description.trim()) write(doc, row.description, x, below + 2, width - GAP, { size: 8.5, color: MUTED });
      } else {
        write(doc, row[column.key], x, at, width - GAP, { align: column.align });
      }
      x += width;
    }
    at += height + 6;
    doc.moveTo(MARGIN, at - 3).lineTo(doc.page.width - MARGIN, at - 3).lineWidth(0.4).strokeColor(RULE).stroke();
  }
  return at + 4;
}

/** Base, tax (and the FTC fee when there is one) and the total, right-aligned. */
export function totals(doc: Pdf, invoice: InvoiceOut, y: number): number {
  const symbol = pdfSymbol(invoice.fiat_currency);
  const money = (value: string): string => invoiceMoneyText(value, invoice.fiat_currency, symbol);
  const fee = ftcFee(invoice);
  const rows: [string, string][] = [
    ['Subtotal', money(invoice.total_base_amount)],
    ['Tax', money(invoice.total_tax_amount)],
    ...(fee === null ? [] : ([['Fiat-to-Crypto fee (1.5%)', money(fee)]] as [string, string][])),
  ];
  const width = 240;
  const x = doc.page.width - MARGIN - width;
  let at = ensureSpace(doc, y, rows.length * 16 + 30);
  for (const [label, value] of rows) {
    write(doc, label, x, at, width / 2, { color: MUTED });
    at = write(doc, value, x + width / 2, at, width / 2, { align: 'right' }) + 4;
  }
  doc.moveTo(x, at).lineTo(x + width, at).lineWidth(0.7).strokeColor(RULE).stroke();
  at += 6;
  write(doc, `Total (${invoice.fiat_currency})`, x, at, width / 2, { font: BOLD, size: 12 });
  return write(doc, money(invoice.total_amount), x + width / 2, at, width / 2, { font: BOLD, size: 12, align: 'right' }) + 10;
}
