/** Response shapes of the report data routes (docs/documents.md, docs/data-model.md: transaction and holdings report data). */
export type {
  HoldingsReportRow,
  ReportPage,
  ReportPdfData,
  ReportPdfKind,
  TransactionReportRow,
} from './contract/reports';
