/** An invoice's states (docs/invoices.md). */
export const INVOICE_STATES = ['DUE', 'DRAFT', 'EXPIRED', 'PAID', 'PROCESSING'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];
