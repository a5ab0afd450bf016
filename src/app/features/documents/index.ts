/** What other features use of the documents feature. */
export { CreateReportDialog, type ReportDialogMode } from './create-report-dialog';
export { useActivityBounds } from './document-filter-bounds';
export { documentKeys, documentMutationKeys } from './document-keys';
export { createReportDefaults, deleteDocumentDefaults, updateReportDefaults } from './documents-queries';
export { StatusBadge } from './status-badge';
