/**
 * Paying an invoice (docs/payments.md): the public invoice and its payment status, the payer's claim and
 * email-payment (anonymous callers allowed, rate limited by invoice), the owner's payments view, the transfers that
 * need review (assign, dismiss), marking an invoice paid by hand, and the invoice's attachments.
 */
import * as v from 'valibot';
import { INVOICE_STATES, PAYMENT_CLAIM_METHODS } from '../enums';
import { assignPaymentSchema, emailPaymentSchema, paymentClaimSchema } from '../schemas/payment';
import { endpoint } from './endpoint';
import { decimal, fiatCurrency, network, timestamp } from './primitives';
import { paymentStatusOut, publicInvoiceOut } from './public-invoice';

export {
  PAYMENT_SOURCES,
  PAYMENT_SUMMARIES,
  invoiceContactBlockOut,
  invoiceItemBlockOut,
  invoiceOwnerOut,
  invoiceTokenOut,
  paymentOut,
  paymentStatusOut,
  publicInvoiceOut,
  type InvoiceOwnerOut,
  type InvoiceTokenOut,
  type PaymentOut,
  type PaymentSource,
  type PaymentStatusOut,
  type PaymentSummary,
  type PublicInvoiceOut,
} from './public-invoice';


/** A claim's method as stored: a payer's, or OWNER when the owner set the invoice PROCESSING themselves. */
export const CLAIM_RECORD_METHODS = [...PAYMENT_CLAIM_METHODS, 'OWNER'] as const;

/** A payer's claim as the owner sees it (GET invoices/{id}/payments). */
export const paymentClaimOut = v.object({
  id: v.string(),
  method: v.picklist(CLAIM_RECORD_METHODS),
  tx_hash: v.nullable(v.string()),
  email: v.nullable(v.string()),
  /** ISO 8601. */
  created_at: timestamp,
});
export type PaymentClaimOut = v.InferOutput<typeof paymentClaimOut>;

/** GET invoices/{id}/payments (owner only): the status plus the payers' claims. */
export const invoicePaymentsOut = v.object({
  status: paymentStatusOut,
  claims: v.array(paymentClaimOut),
  /** The owner's note when marked paid by hand. */
  marked_note: v.nullable(v.string()),
});
export type InvoicePaymentsOut = v.InferOutput<typeof invoicePaymentsOut>;

/** Why a transfer waits for the owner: it fits several open invoices, or none. */
export const REVIEW_REASONS = ['AMBIGUOUS', 'NO_MATCH'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** GET payments/review (owner): transfers to a receiving address of theirs that no rule could assign. */
export const reviewPaymentOut = v.object({
  id: v.string(),
  reason: v.picklist(REVIEW_REASONS),
  tx_hash: v.string(),
  network,
  explorer_url: v.string(),
  token_symbol: v.string(),
  amount: decimal,
  from_address: v.string(),
  to_address: v.string(),
  block_time: timestamp,
  confirmations: v.number(),
  /** The open invoices paid at that address in that token, each with the transfer's value in its currency. */
  candidates: v.array(
    v.object({
      invoice: v.string(),
      name: v.string(),
      number: v.string(),
      state: v.picklist(INVOICE_STATES),
      fiat_currency: fiatCurrency,
      total_amount: decimal,
      amount_due: decimal,
      value: v.nullable(decimal),
    }),
  ),
});
export type ReviewPaymentOut = v.InferOutput<typeof reviewPaymentOut>;


export const paymentEndpoints = {
  /** The invoice as its payer sees it; missing and draft invoices are 404. Rate limited for anyone but the owner. */
  getPayInvoice: endpoint({ method: 'GET', path: '/api/pay-invoices/:id', access: 'public', response: publicInvoiceOut }),
  /** Polled by the payer pages and the owner's lists; anyone who may see the invoice. */
  getPaymentStatus: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/payment-status',
    access: 'public',
    response: paymentStatusOut,
  }),
  /** The owner's view of the payments and the payers' claims. */
  getInvoicePayments: endpoint({
    method: 'GET',
    path: '/api/invoices/:id/payments',
    access: 'user',
    response: invoicePaymentsOut,
  }),
  /** 'I Paid the Invoice', anonymous callers allowed: 202 with the payment status. */
  claimPayment: endpoint({
    method: 'POST',
    path: '/api/invoices/:id/claims',
    access: 'public',
    body: paymentClaimSchema,
    response: paymentStatusOut,
  }),
  /** After a wallet payment, anonymous callers allowed: 202 with the payment status. */
  emailPayment: endpoint({
    method: 'POST',
    path: '/api/email-payment',
    access: 'public',
    body: emailPaymentSchema,
    response: paymentStatusOut,
  }),
  /** The owner's transfers that need review. */
  listReviewPayments: endpoint({
    method: 'GET',
    path: '/api/invoice-payments/review',
    access: 'user',
    response: v.array(reviewPaymentOut),
  }),
  /** Answers the payment status of the invoice the transfer now pays. */
  assignPayment: endpoint({
    method: 'POST',
    path: '/api/invoice-payments/review/:id/assign',
    access: 'full',
    body: assignPaymentSchema,
    response: paymentStatusOut,
  }),
  /** 204: the transfer is not an invoice payment (of this owner's). */
  dismissPayment: endpoint({ method: 'POST', path: '/api/invoice-payments/review/:id/dismiss', access: 'full' }),
  /** An attachment by position (owner: any invoice; others: issued ones), as a file; ?download=true saves it. */
  getInvoiceAttachment: endpoint({ method: 'GET', path: '/api/invoices/:id/attachments/:index', access: 'public' }),
} as const;
