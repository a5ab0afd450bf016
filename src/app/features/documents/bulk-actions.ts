/**
 * Bulk actions on the selected documents (docs/documents.md): 'Delete Selected' (DELETE documents/{id} for
 * each, invoices included) and 'Export Selected As CSV' (GET documents/{id}/export_csv for each, saved as a file).
 * Both need the network; each document is asked on its own, so some may fail while others succeed.
 */
import type { QueryClient } from '@tanstack/react-query';
import { documentEndpoints } from '../../../shared/contract/documents';
import type { DocumentOut } from '../../../shared/contract/documents';
import { api, nonFieldErrorText } from '../../lib/api-client';
import { csvTarget, downloadFile, type DownloadTarget } from './document-exports';
import { refreshAfterDocumentChange } from './documents-queries';

/** Exactly the catalogue's text (docs/documents.md Bulk CSV failure). */
export const BULK_CSV_FAILED = 'Some of the chosen documents could not be exported as CSV.';

export interface BulkOutcome {
  done: DocumentOut[];
  failed: { document: DocumentOut; error: unknown }[];
}

/** Runs `action` for each document, one after another, and sorts them into done and failed. */
export async function runForEach(documents: readonly DocumentOut[], action: (document: DocumentOut) => Promise<void>): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], failed: [] };
  for (const document of documents) {
    try {
      await action(document);
      outcome.done.push(document);
    } catch (error) {
      outcome.failed.push({ document, error });
    }
  }
  return outcome;
}

function noun(count: number, tab: 'invoice' | 'report'): string {
  return `${String(count)} ${tab}${count === 1 ? '' : 's'}`;
}

/** '2 invoices were deleted.' / '1 report was deleted.' */
export function deletedText(count: number, tab: 'invoice' | 'report'): string {
  return `${noun(count, tab)} ${count === 1 ? 'was' : 'were'} deleted.`;
}

/** What a delete with failures tells: how many went, how many stayed, and the first reason. */
export function partialDeleteText(outcome: BulkOutcome, tab: 'invoice' | 'report'): string {
  const first = outcome.failed[0];
  const reason = first ? nonFieldErrorText(first.error, ' ') : '';
  const kept = `${noun(outcome.failed.length, tab)} could not be deleted${reason ? `: ${reason}` : '.'}`;
  return outcome.done.length > 0 ? `${deletedText(outcome.done.length, tab)} ${kept}` : kept;
}

/** Deletes the documents one by one, then asks every documents list again. */
export async function deleteDocuments(client: QueryClient, documents: readonly DocumentOut[]): Promise<BulkOutcome> {
  const outcome = await runForEach(documents, async (document) => {
    await api.call(documentEndpoints.deleteDocument, { params: { id: document.id }, silent: true });
  });
  await refreshAfterDocumentChange(client);
  return outcome;
}

/** A file name for a document's CSV: its name without characters file systems refuse. */
export function csvFileName(document: Pick<DocumentOut, 'name' | 'id'>): string {
  const printable = Array.from(document.name, (ch) => (ch < ' ' ? ' ' : ch)).join('');
  const base = printable.replace(/[\\/:*?"<>|]+/g, ' ').trim() || document.id;
  return `${base}.csv`;
}

/** Downloads each document's CSV (GET documents/{id}/export_csv); the documents that failed are in the outcome. */
export function exportDocumentsCsv(
  documents: readonly DocumentOut[],
  download: (target: DownloadTarget, fileName: string) => Promise<boolean> = (target, fileName) =>
    downloadFile(target, fileName, { silent: true }),
): Promise<BulkOutcome> {
  return runForEach(documents, async (document) => {
    if (!(await download(csvTarget(document.id), csvFileName(document)))) throw new Error('The CSV export failed.');
  });
}
