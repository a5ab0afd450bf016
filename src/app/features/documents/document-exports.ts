/**
 * Document downloads from the row menus (docs/documents.md: Export as CSV, Export as PDF; docs/data-model.md:
 * documents/{id}/export_csv downloaded as a file, invoices/{id}/pdf?download=true) and the rule for
 * accounting-software reports: their actions open the report's link, or say it cannot be shown.
 */
import { pathOf } from '../../../shared/contract/endpoint';
import { invoiceEndpoints } from '../../../shared/contract/invoices';
import { reportEndpoints } from '../../../shared/contract/reports';
import type { DocumentOut } from '../../../shared/contract/documents';
import { MESSAGES } from '../../../shared/messages';
import { buildUrl } from '../../lib/api-client';
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

/** What a refused download says: its non_field_errors, its detail, or the generic server error. */
async function refusalText(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const record = body as Record<string, unknown>;
      const errors = record.non_field_errors;
      if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join(' ');
      if (typeof record.detail === 'string') return record.detail;
    }
  } catch {
    // Not JSON: the generic text below.
  }
  return response.status === 401 ? MESSAGES.loggedOut : MESSAGES.serverError;
}

/**
 * Fetches `url` (same origin, with the session cookie) and saves the answer as a file named by its
 * Content-Disposition. Failures are told in a toast unless `silent` (the caller tells them). Resolves true when the
 * file was saved.
 */
export async function downloadFile(url: string, fallbackName: string, { silent = false } = {}): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Accept: 'text/csv, application/pdf, application/json' } });
  } catch {
    if (!silent) toast(MESSAGES.networkProblem, 'error');
    return false;
  }
  if (!response.ok) {
    if (!silent) toast(await refusalText(response), 'error');
    return false;
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName);
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
  return downloadFile(pathOf(reportEndpoints.reportCsv.path, { id: document.id }), `${document.name || 'document'}.csv`);
}

/** The PDF download URL: invoices/{id}/pdf for an invoice, documents/{id}/pdf for a report. */
export function documentPdfUrl(document: Pick<DocumentOut, 'id' | 'kind' | 'invoice'>): string {
  const path =
    document.kind === 'INVOICE' && document.invoice !== null
      ? pathOf(invoiceEndpoints.invoicePdf.path, { id: document.invoice.id })
      : pathOf(reportEndpoints.reportPdf.path, { id: document.id });
  return buildUrl(path, { download: true });
}

/** Export as PDF: the report's PDF (holdings landscape, transactions portrait), or the invoice's. */
export function exportDocumentPdf(document: DocumentOut): Promise<boolean> {
  if (openQuickbooksReport(document)) return Promise.resolve(false);
  return downloadFile(documentPdfUrl(document), `${document.name || 'document'}.pdf`);
}
