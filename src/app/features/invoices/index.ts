/** What other features use of the invoices feature. */
export { InvoiceSheet } from './invoice-sheet';
export type { SheetAttachment, SheetInvoice } from './sheet-invoice';
export { amountPaidText, PAYMENT_SUMMARY_TEXT, paymentFlags } from './payment-status-text';
export { PaymentStatusNote } from './payment-status-note';
export { PaymentsReview } from './payments-review';
export { invoicePdfUrl } from './invoice-pdf-link';
export { invoiceFailure, invoiceKeys, invoiceQuery } from './invoice-queries';
