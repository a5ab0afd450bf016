/**
 * The invoice PDF (docs/invoices.md, Documents 'Export as PDF'): a standard layout for the DEFAULT
 * template and a formal letter for TAHOTM and ADVISORY (number, project, covering period, vendor and the owner's
 * bank details). Both show the state, 'Invoice from …', the bill-to contact, the issued and due dates as
 * 'MMM dd, yyyy' (drafts have no due date), the items, the totals in the invoice currency, the receiving wallet
 * and token, and the message (or N/A).
 */
import PDFDocument from 'pdfkit';
import type { InvoiceOut } from '../../shared/contract/invoices';
import {
  bankDetailLines,
  fullName,
  invoiceDayText,
  invoiceDueDay,
  invoiceFromText,
  isLetterTemplate,
  messageText,
  NOT_GIVEN,
  ownerDisplayName,
  partyLines,
  paymentText,
} from '../../shared/invoice-display';
import { BOLD, block, contentWidth, ensureSpace, facts, itemsTable, MARGIN, MUTED, pdfText, stateLabel, totals, write, type Pdf } from './invoice-pdf-parts';

function dateRows(invoice: InvoiceOut): [string, string][] {
  const rows: [string, string][] = [['Issued', invoiceDayText(invoice.issued_at) ?? NOT_GIVEN]];
  // Drafts show no due date (docs/invoices.md).
  if (invoice.state !== 'DRAFT') rows.push(['Due', invoiceDueDay(invoice) ?? NOT_GIVEN]);
  return rows;
}

function caption(doc: Pdf, text: string, y: number): number {
  return write(doc, text.toUpperCase(), MARGIN, y, contentWidth(doc), { font: BOLD, size: 8, color: MUTED }) + 3;
}

/** Receiving wallet and token, the owner's bank details when given (`bank`), the message (or N/A) and the attachments' names. */
function paymentAndMessage(doc: Pdf, invoice: InvoiceOut, y: number, bank: [string, string][] = []): number {
  const payment = paymentText(invoice);
  let at = caption(doc, 'Payment', ensureSpace(doc, y, 90));
  at = facts(doc, [['Network', payment.network], ['Wallet address', payment.address], ['Token', payment.token]], MARGIN, at, contentWidth(doc));
  if (bank.length > 0) at = facts(doc, bank, MARGIN, caption(doc, 'Bank details', ensureSpace(doc, at + 10, 60)), contentWidth(doc));
  at = ensureSpace(doc, at + 10, 40);
  at = block(doc, 'Message', messageText(invoice.message).split(/\r?\n/), MARGIN, at, contentWidth(doc)) + 10;
  if (invoice.attachments.length === 0) return at;
  at = ensureSpace(doc, at, 30);
  return block(doc, 'Attachments', invoice.attachments.map((file) => file.name), MARGIN, at, contentWidth(doc)) + 10;
}

function standardLayout(doc: Pdf, invoice: InvoiceOut): void {
  const width = contentWidth(doc);
  stateLabel(doc, invoice, MARGIN);
  let y = write(doc, 'INVOICE', MARGIN, MARGIN, width / 2, { font: BOLD, size: 22 }) + 4;
  y = write(doc, invoice.name, MARGIN, y, width - 140, { font: BOLD, size: 13 }) + 2;
  y = write(doc, invoiceFromText(invoice.owner), MARGIN, y, width, { color: MUTED }) + 16;

  const column = (width - 20) / 2;
  const from = block(doc, 'From', partyLines(invoice.owner), MARGIN, y, column);
  const billTo = block(doc, 'Bill to', partyLines(invoice.contact), MARGIN + column + 20, y, column);
  y = Math.max(from, billTo) + 12;
  const numberRow: [string, string][] = invoice.number.trim() ? [['Number', invoice.number]] : [];
  y = facts(doc, [...numberRow, ...dateRows(invoice)], MARGIN, y, column) + 14;

  y = itemsTable(doc, invoice, y);
  y = totals(doc, invoice, y) + 10;
  paymentAndMessage(doc, invoice, y);
}

function letterLayout(doc: Pdf, invoice: InvoiceOut): void {
  const width = contentWidth(doc);
  stateLabel(doc, invoice, MARGIN);
  // Letterhead: the sender, then the recipient's address block.
  const sender = ownerDisplayName(invoice.owner);
  let y = write(doc, sender, MARGIN, MARGIN, width - 140, { font: BOLD, size: 14 }) + 2;
  for (const line of partyLines(invoice.owner).filter((text) => text !== sender && text !== NOT_GIVEN)) {
    y = write(doc, line, MARGIN, y, width - 140, { size: 9, color: MUTED });
  }
  y += 18;
  const issued = invoiceDayText(invoice.issued_at);
  if (issued !== null) write(doc, issued, MARGIN + width / 2, y, width / 2, { align: 'right' });
  y = block(doc, 'To', partyLines(invoice.contact), MARGIN, y, width / 2) + 8;

  y = write(doc, `Invoice ${invoice.number.trim() || invoice.name}`, MARGIN, y + 6, width, { font: BOLD, size: 16 }) + 2;
  y = write(doc, invoiceFromText(invoice.owner), MARGIN, y, width, { color: MUTED }) + 10;
  y = facts(
    doc,
    [
      ['Invoice', invoice.name],
      ['Invoice number', invoice.number.trim() || NOT_GIVEN],
      ['Project', invoice.project_name.trim() || NOT_GIVEN],
      ['Covering period', invoice.covering_period.trim() || NOT_GIVEN],
      ['Vendor', invoice.vendor.trim() || NOT_GIVEN],
      ...dateRows(invoice),
    ],
    MARGIN,
    y,
    width,
  ) + 12;

  const greeting = invoice.contact === null ? 'Dear Sir or Madam,' : `Dear ${fullName(invoice.contact) || 'Sir or Madam'},`;
  y = write(doc, greeting, MARGIN, y, width) + 4;
  const project = invoice.project_name.trim();
  y = write(doc, `Please find below our invoice${project ? ` for ${project}` : ''}. We kindly ask you to pay the total by the due date.`, MARGIN, y, width) + 14;

  y = itemsTable(doc, invoice, y);
  y = totals(doc, invoice, y) + 10;
  y = paymentAndMessage(doc, invoice, y, bankDetailLines(invoice.owner));
  y = ensureSpace(doc, y, 50);
  y = write(doc, 'Kind regards,', MARGIN, y, width) + 4;
  write(doc, invoice.owner === null ? NOT_GIVEN : fullName(invoice.owner) || ownerDisplayName(invoice.owner), MARGIN, y, width, { font: BOLD });
}

export interface InvoicePdfOptions {
  /** Deflate the content streams (default true; tests may read them plain). */
  compress?: boolean;
}

/** Renders the invoice as an A4 PDF. */
export function renderInvoicePdf(invoice: InvoiceOut, options: InvoicePdfOptions = {}): Promise<Buffer> {
  const doc: Pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: pdfText(invoice.name),
      Author: pdfText(ownerDisplayName(invoice.owner)),
      Subject: 'Invoice',
      Producer: 'Ledgerloop',
      Creator: 'Ledgerloop',
      CreationDate: new Date(invoice.created_at),
    },
  });
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      if (isLetterTemplate(invoice.kind)) letterLayout(doc, invoice);
      else standardLayout(doc, invoice);
      doc.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
