/**
 * Paying an invoice (docs/payments.md): the public invoice and its payment status, the payer's claim and
 * email-payment (anonymous callers allowed, rate limited by invoice), the owner's payments view, the transfers that
 * need review (assign, dismiss), marking an invoice paid by hand, and the invoice's attachments.
 */
import * as v from 'valibot';
import { INVOICE_STATES, INVOICE_TEMPLATES } from '../enums';
import { assignPaymentSchema, emailPaymentSchema, PAYMENT_CLAIM_METHODS, paymentClaimSchema } from '../schemas/payment';
import { contactDetailsOut } from './contact-details';
import { endpoint } from './endpoint';
import { decimal, fiatCurrency, network, timestamp } from './primitives';

/** Where a counted payment came from: a hash a payer reported, the watcher, or the owner's assignment. */
export const PAYMENT_SOURCES = ['REPORTED', 'FOUND', 'ASSIGNED'] as const;
export type PaymentSource = (typeof PAYMENT_SOURCES)[number];

/**
 * The payment summary of an invoice:
 * UNPAID (nothing seen), REPORTED (a payer said they paid; nothing verified), PARTIALLY_PAID (verified payments
 * below the total), CONFIRMING (covered, waiting for confirmations: PROCESSING), PAID (confirmed), MARKED_PAID
 * (the owner marked it paid by hand).
 */
export const PAYMENT_SUMMARIES = ['UNPAID', 'REPORTED', 'PARTIALLY_PAID', 'CONFIRMING', 'PAID', 'MARKED_PAID'] as const;
export type PaymentSummary = (typeof PAYMENT_SUMMARIES)[number];

/** One verified transfer counted for an invoice. Amounts are decimal strings. */
export const paymentOut = v.object({
  tx_hash: v.string(),
  network,
  /** The transaction on the network's block explorer. */
  explorer_url: v.string(),
  token_symbol: v.string(),
  /** Whole tokens (e.g. "125.5"). */
  amount: decimal,
  /** Its value in the invoice's currency at the block's time; null while no price is known. */
  value: v.nullable(decimal),
  from_address: v.string(),
  block_number: v.number(),
  /** ISO 8601. */
  block_time: timestamp,
  confirmations: v.number(),
  confirmed: v.boolean(),
  /** Made after the invoice's due day. */
  late: v.boolean(),
  source: v.picklist(PAYMENT_SOURCES),
});
export type PaymentOut = v.InferOutput<typeof paymentOut>;

/** GET invoices/{id}/payment-status (public, the same for everyone who may see the invoice). */
export const paymentStatusOut = v.object({
  state: v.picklist(INVOICE_STATES),
  summary: v.picklist(PAYMENT_SUMMARIES),
  fiat_currency: fiatCurrency,
  total_amount: decimal,
  /** Sum of the counted payments' values in the invoice's currency. */
  amount_paid: decimal,
  /** Sum of the counted payments in whole tokens. */
  amount_paid_token: decimal,
  /** What is left to pay in the invoice's currency ("0" once covered). */
  amount_due: decimal,
  partially_paid: v.boolean(),
  overpaid: v.boolean(),
  paid_late: v.boolean(),
  /** A payer said they paid and no transfer has been verified yet ("payment reported"). */
  payment_reported: v.boolean(),
  marked_paid: v.boolean(),
  /** ISO 8601: when it became PAID; null before. */
  paid_at: v.nullable(timestamp),
  /** Confirmations the invoice's network needs before a payment counts as PAID. */
  confirmations_required: v.number(),
  payments: v.array(paymentOut),
});
export type PaymentStatusOut = v.InferOutput<typeof paymentStatusOut>;

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

/** The sender's name and address block, with the bank details the formal templates print. */
export const invoiceOwnerOut = v.object({
  first_name: v.string(),
  last_name: v.string(),
  email: v.string(),
  company: v.string(),
  address_line1: v.string(),
  address_line2: v.string(),
  city: v.string(),
  postal_code: v.string(),
  country: v.string(),
  bank_name: v.string(),
  bank_account: v.string(),
  iban: v.string(),
  clearing_number: v.string(),
  swift: v.string(),
  tax_number: v.string(),
});
export type InvoiceOwnerOut = v.InferOutput<typeof invoiceOwnerOut>;

/** The bill-to contact as it was when the invoice was sent. */
export const invoiceContactBlockOut = contactDetailsOut;

/** An invoice line as the invoice holds it. */
export const invoiceItemBlockOut = v.object({
  name: v.string(),
  description: v.string(),
  /** Decimals computed with 5 decimals. */
  quantity: decimal,
  unit_price: decimal,
  discount: decimal,
  discount_is_percent: v.boolean(),
  tax: decimal,
  tax_is_percent: v.boolean(),
  total_amount: decimal,
});

/** The token an invoice is paid in. */
export const invoiceTokenOut = v.object({ id: v.string(), symbol: v.string(), name: v.string(), image_url: v.string() });
export type InvoiceTokenOut = v.InferOutput<typeof invoiceTokenOut>;

/**
 * GET invoices/{id} for anyone but its owner (signed out too), and GET pay-invoices/{id}: what a payer needs and
 * nothing else (no ids of the owner's contacts, wallets, documents or items). Missing and DRAFT invoices are 404.
 * Every field also exists, with the same meaning, in the owner's InvoiceOut except `attachments[].url` and
 * `payment`, which the owner reads from the attachment and payment-status paths.
 */
export const publicInvoiceOut = v.object({
  id: v.string(),
  name: v.string(),
  number: v.string(),
  vendor: v.string(),
  project_name: v.string(),
  covering_period: v.string(),
  kind: v.picklist(INVOICE_TEMPLATES),
  state: v.picklist(INVOICE_STATES),
  issued_at: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  days_to_expire: v.nullable(v.number()),
  fiat_currency: fiatCurrency,
  message: v.string(),
  /** The sender's name and address block (and bank details for the formal templates). */
  owner: v.nullable(invoiceOwnerOut),
  /** The bill-to contact as it was when the invoice was sent. */
  contact: v.nullable(invoiceContactBlockOut),
  /** Where to pay: the receiving address on its network. */
  wallet: v.nullable(v.object({ network, address: v.string() })),
  token: v.nullable(v.object({ ...invoiceTokenOut.entries, decimals: v.number() })),
  /** The token's contract on the invoice's network; null for a native coin. */
  contract_address: v.nullable(v.string()),
  items: v.array(invoiceItemBlockOut),
  /** Names and download URLs (GET invoices/{id}/attachments/{index}). */
  attachments: v.array(v.object({ name: v.string(), url: v.string() })),
  is_ftc: v.boolean(),
  /** Bank details for a euro transfer, when the invoice can be paid by bank. */
  ftc: v.nullable(v.object({ bank_iban: v.string(), bank_bic: v.string(), payment_ref: v.string() })),
  total_amount: decimal,
  total_tax_amount: decimal,
  total_base_amount: decimal,
  total_tax_percentage: decimal,
  payment: paymentStatusOut,
});
export type PublicInvoiceOut = v.InferOutput<typeof publicInvoiceOut>;

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
