/**
 * Document downloads from the row menus (docs/documents.md: Export as CSV, Export as PDF; docs/data-model.md:
 * documents/{id}/export_csv downloaded as a file, invoices/{id}/pdf?download=true) and the rule for
 * accounting-software reports: their actions open the report's link, or say it cannot be shown.
 */
import { invoiceEndpoints } from '../../../shared/contract/invoices';
import { reportEndpoints } from '../../../shared/contract/reports';
import type { DocumentOut } from '../../../shared/contract/documents';
import type { Endpoint } from '../../../shared/contract/endpoint';
import { alreadyAnnounced, api, nonFieldErrorText } from '../../lib/api-client';
import { toast } from '../../lib/toast';

/** docs/documents.md 'Report link missing' (the wording names the integration). */
export const QUICKBOOKS_CANNOT_SHOW = 'Sorry, cannot show this report in the Quickbooks app.';

export const isQuickbooksReport = (document: Pick<DocumentOut, 'kind'>): boolean => document.kind === 'QUICKBOOKS_REPORT';

/**
 * An accounting-software report's action (view or export): opens its link in a new tab when it exists, else
 * says it cannot be shown. Returns false for other documents (the caller does its own action).
 */
export function openQuickbooksReport(document: Pick<DocumentOut, 'kind' | 'quickbooks_url'>, open: (url: string) => void = openInNewTab): boolean {
  if (!isQuickbooksReport(document)) return false;
  if (document.quickbooks_url) open(document.quickbooks_url);
  else toast(QUICKBOOKS_CANNOT_SHOW, 'error');
  return true;
}

function openInNewTab(url: string): void {
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** The file name a Content-Disposition header gives (filename* preferred), else `fallback`. */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (header === null) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding: the plain name below.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"/i.exec(header) ?? /filename\s*=\s*([^;]+)/i.exec(header);
  const name = plain?.[1]?.trim();
  return name ? name : fallback;
}

/** A file route of the contract with its path parameters (and query): what a download asks for. */
export interface DownloadTarget {
  endpoint: Endpoint;
  params: Record<string, string>;
  query?: Record<string, string | boolean>;
}

/** The CSV export of a document: GET documents/{id}/export_csv. */
export const csvTarget = (id: string): DownloadTarget => ({ endpoint: reportEndpoints.reportCsv, params: { id } });


/**
 * Downloads a file route of the API (same origin, with the session cookie) and saves it under the name its
 * Content-Disposition gives. Failures are told in a toast unless `silent` (the caller tells them). Resolves true
 * when the file was saved.
 */
export async function downloadFile(target: DownloadTarget, fallbackName: string, { silent = false } = {}): Promise<boolean> {
  let file: { blob: Blob; disposition: string | null };
  try {
    file = await api.download(target.endpoint, { params: target.params, query: target.query, silent } as never);
  } catch (error) {
    if (!silent && !alreadyAnnounced(error)) toast(nonFieldErrorText(error), 'error');
    return false;
  }
  const href = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFromDisposition(file.disposition, fallbackName);
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
  return true;
}

/** Export as CSV: GET documents/{id}/export_csv (report rows, or an invoice's items and totals). */
export function exportDocumentCsv(document: DocumentOut): Promise<boolean> {
  if (openQuickbooksReport(document)) return Promise.resolve(false);
  return downloadFile(csvTarget(document.id), `${document.name || 'document'}.csv`);
}

/** The PDF download: invoices/{id}/pdf for an invoice, documents/{id}/pdf for a report. */
export function documentPdfTarget(document: Pick<DocumentOut, 'id' | 'kind' | 'invoice'>): DownloadTarget {
  return document.kind === 'INVOICE' && document.invoice !== null
    ? { endpoint: invoiceEndpoints.invoicePdf, params: { id: document.invoice.id }, query: { download: true } }
    : { endpoint: reportEndpoints.reportPdf, params: { id: document.id }, query: { download: true } };
}



/** Export as PDF: the report's PDF (holdings landscape, transactions portrait), or the invoice's. */
export function exportDocumentPdf(document: DocumentOut): Promise<boolean> {
  if (openQuickbooksReport(document)) return Promise.resolve(false);
  return downloadFile(documentPdfTarget(document), `${document.name || 'document'}.pdf`);
}
