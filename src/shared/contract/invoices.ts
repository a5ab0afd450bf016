/** Invoices (docs/invoices.md): create, read, edit, delete, the PDF and the plan limit. */
import * as v from 'valibot';
import { INVOICE_STATES, INVOICE_TEMPLATES } from '../enums';
import { invoiceSchema, patchInvoiceSchema } from '../schemas/invoice';
import { markPaidSchema } from '../schemas/payment';
import { endpoint } from './endpoint';
import { invoiceContactBlockOut, invoiceItemBlockOut, invoiceOwnerOut, invoiceTokenOut, publicInvoiceOut } from './payments';
import { decimal, downloadQuery, fiatCurrency, network, timestamp } from './primitives';

export const invoiceItemOut = v.object({ id: v.string(), ...invoiceItemBlockOut.entries });
export type InvoiceItemOut = v.InferOutput<typeof invoiceItemOut>;

export const invoiceContactOut = v.object({ id: v.string(), ...invoiceContactBlockOut.entries });
export type InvoiceContactOut = v.InferOutput<typeof invoiceContactOut>;


export const invoiceOut = v.object({
  id: v.string(),
  document_id: v.string(),
  name: v.string(),
  number: v.string(),
  vendor: v.string(),
  project_name: v.string(),
  covering_period: v.string(),
  kind: v.picklist(INVOICE_TEMPLATES),
  state: v.picklist(INVOICE_STATES),
  /** yyyy-MM-dd, or null on a draft without dates. */
  issued_at: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  created_at: timestamp,
  /** Whole days from today (UTC) to expires_at; null without a due date. */
  days_to_expire: v.nullable(v.number()),
  fiat_currency: fiatCurrency,
  message: v.string(),
  contact: v.nullable(invoiceContactOut),
  owner: v.nullable(invoiceOwnerOut),
  wallet: v.nullable(v.object({ id: v.nullable(v.string()), network, address: v.string() })),
  token: v.nullable(invoiceTokenOut),
  contract_address: v.nullable(v.string()),
  items: v.array(invoiceItemOut),
  attachments: v.array(v.object({ name: v.string(), data: v.string() })),
  is_ftc: v.boolean(),
  ftc: v.nullable(
    v.object({
      bank_uuid: v.string(),
      bank_iban: v.string(),
      bank_bic: v.string(),
      payment_ref: v.string(),
      kyc: v.string(),
      amount_received: v.optional(v.string()),
    }),
  ),
  download_only: v.boolean(),
  total_amount: decimal,
  total_tax_amount: decimal,
  total_base_amount: decimal,
  total_tax_percentage: decimal,
  value_fiat: v.nullable(decimal),
});
export type InvoiceOut = v.InferOutput<typeof invoiceOut>;

export const invoiceEndpoints = {
  /** An Idempotency-Key header makes a repeated create answer the first one. */
  createInvoice: endpoint({ method: 'POST', path: '/api/invoices', access: 'full', body: invoiceSchema, response: invoiceOut }),
  /** The owner reads the whole invoice; anyone else (signed out too) the public invoice of an issued one. */
  getInvoice: endpoint({
    method: 'GET',
    path: '/api/invoices/:id',
    access: 'public',
    response: v.union([invoiceOut, publicInvoiceOut]),
  }),
  updateInvoice: endpoint({
    method: 'PATCH',
    path: '/api/invoices/:id',
    access: 'full',
    body: patchInvoiceSchema,
    response: invoiceOut,
  }),
  deleteInvoice: endpoint({ method: 'DELETE', path: '/api/invoices/:id', access: 'full' }),
  /** The owner marks an issued invoice paid by hand (docs/payments.md); answers the invoice. */
  markInvoicePaid: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/mark-paid',
    access: 'full',
    body: markPaidSchema,
    response: invoiceOut,
  }),
  /** A PDF file: the owner's in every state, anyone else's once issued. */
  invoicePdf: endpoint({ method: 'GET', path: '/api/invoices/:id/pdf', access: 'public', query: downloadQuery }),
} as const;
