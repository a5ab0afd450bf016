/** What other features use of the documents feature. */
export { CreateReportDialog, type ReportDialogMode } from './create-report-dialog';
