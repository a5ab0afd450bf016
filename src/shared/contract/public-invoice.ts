/**
 * The invoice as its payer sees it (GET pay-invoices/{id}) and its payment status (GET invoices/{id}/payment-status),
 * in a module of their own: the payer's pages check an invoice they were handed with these schemas, and no other
 * page downloads them (docs/payments.md).
 */
import * as v from 'valibot';
import { INVOICE_STATES, INVOICE_TEMPLATES } from '../enums';
import { contactDetailsOut } from './contact-details';
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
