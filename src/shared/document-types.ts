/** Response shapes of the documents and invoices API (docs/documents.md, Invoice, Invoice item, Owner). */
export type { DocumentOut, DocumentPage } from './contract/documents';
export type {
  InvoiceContactOut,
  InvoiceItemOut,
  InvoiceOut,
  InvoiceOwnerOut,
  InvoiceTokenOut,
} from './contract/invoices';
