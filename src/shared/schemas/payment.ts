/**
 * The payments contract: what a payer and an invoice's owner send and receive about paying an invoice (see
 * docs/payments.md). Request bodies are validated with these schemas by the server; response shapes are
 * declared as schemas too so both sides share one definition (types inferred, never written twice).
 */
import * as v from 'valibot';
import { FIAT_CURRENCIES, INVOICE_STATES, INVOICE_TEMPLATES, NETWORKS } from '../enums';
import { MESSAGES } from '../messages';
import { txHashField } from './label';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An optional e-mail a payer may leave to hear when the payment is confirmed ('' and null: none). */
export const payerEmailField = v.pipe(
  v.nullable(v.pipe(v.string(MESSAGES.invalidEmail), v.trim(), v.maxLength(254, MESSAGES.invalidEmail))),
  v.transform((value) => (value === '' || value === null ? null : value.toLowerCase())),
  v.check((value) => value === null || EMAIL.test(value), MESSAGES.invalidEmail),
);

const optionalTxHash = v.pipe(
  v.nullable(v.pipe(v.string('Enter a valid transaction hash.'), v.trim())),
  v.transform((value) => (value === '' || value === null ? null : value)),
  v.check((value) => value === null || /^0x[0-9a-fA-F]{64}$/.test(value), 'Enter a valid transaction hash.'),
  v.transform((value) => value?.toLowerCase() ?? null),
);

const invoiceIdField = v.pipe(v.string(MESSAGES.required), v.trim(), v.uuid('Not a valid invoice id.'), v.toLowerCase());

/** How a payer says they paid: from the payment page's wallet, a manual transfer to the shown address, or a bank. */
export const PAYMENT_CLAIM_METHODS = ['WALLET', 'TRANSFER', 'BANK'] as const;
export type PaymentClaimMethod = (typeof PAYMENT_CLAIM_METHODS)[number];

/**
 * POST invoices/{id}/claims: 'I Paid the Invoice'. With a hash the server verifies it on the invoice's chain
 * (400 on tx_hash when it pays nothing of the invoice); without one the invoice shows "payment reported" until a
 * transfer is seen, and never becomes PAID by the claim alone.
 */
export const paymentClaimSchema = v.strictObject({
  method: v.optional(v.picklist(PAYMENT_CLAIM_METHODS, `Choose one of: ${PAYMENT_CLAIM_METHODS.join(', ')}.`), 'TRANSFER'),
  tx_hash: v.optional(optionalTxHash, null),
  email: v.optional(payerEmailField, null),
});
export type PaymentClaimInput = v.InferOutput<typeof paymentClaimSchema>;

/**
 * POST email-payment {hash, data}: sent by the payment page after a wallet payment; the server verifies the hash
 * against data.invoice, records the payment and e-mails the owner (and the payer when data.email is given).
 */
export const emailPaymentSchema = v.strictObject({
  hash: txHashField,
  data: v.strictObject({
    invoice: invoiceIdField,
    email: v.optional(payerEmailField, null),
  }),
});
export type EmailPaymentInput = v.InferOutput<typeof emailPaymentSchema>;

/** POST payments/{id}/assign {invoice}: the owner assigns a transfer that needs review to one of their invoices. */
export const assignPaymentSchema = v.strictObject({ invoice: invoiceIdField });
export type AssignPaymentInput = v.InferOutput<typeof assignPaymentSchema>;

/** POST invoices/{id}/mark-paid {note}: the owner marks an invoice paid by hand (recorded as marked). */
export const markPaidSchema = v.strictObject({
  note: v.optional(v.pipe(v.string('Must be a string.'), v.trim(), v.maxLength(500, 'Ensure this field has no more than 500 characters.')), ''),
});
export type MarkPaidInput = v.InferOutput<typeof markPaidSchema>;

// ---------------------------------------------------------------------------------------------------- responses

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
export const paymentOutSchema = v.object({
  tx_hash: v.string(),
  network: v.picklist(NETWORKS),
  /** The transaction on the network's block explorer. */
  explorer_url: v.string(),
  token_symbol: v.string(),
  /** Whole tokens (e.g. "125.5"). */
  amount: v.string(),
  /** Its value in the invoice's currency at the block's time; null while no price is known. */
  value: v.nullable(v.string()),
  from_address: v.string(),
  block_number: v.number(),
  /** ISO 8601. */
  block_time: v.string(),
  confirmations: v.number(),
  confirmed: v.boolean(),
  /** Made after the invoice's due day. */
  late: v.boolean(),
  source: v.picklist(PAYMENT_SOURCES),
});
export type PaymentOut = v.InferOutput<typeof paymentOutSchema>;

/** GET invoices/{id}/payment-status (public, the same for everyone who may see the invoice). */
export const paymentStatusSchema = v.object({
  state: v.picklist(INVOICE_STATES),
  summary: v.picklist(PAYMENT_SUMMARIES),
  fiat_currency: v.picklist(FIAT_CURRENCIES),
  total_amount: v.string(),
  /** Sum of the counted payments' values in the invoice's currency. */
  amount_paid: v.string(),
  /** Sum of the counted payments in whole tokens. */
  amount_paid_token: v.string(),
  /** What is left to pay in the invoice's currency ("0" once covered). */
  amount_due: v.string(),
  partially_paid: v.boolean(),
  overpaid: v.boolean(),
  paid_late: v.boolean(),
  /** A payer said they paid and no transfer has been verified yet ("payment reported"). */
  payment_reported: v.boolean(),
  marked_paid: v.boolean(),
  /** ISO 8601: when it became PAID; null before. */
  paid_at: v.nullable(v.string()),
  /** Confirmations the invoice's network needs before a payment counts as PAID. */
  confirmations_required: v.number(),
  payments: v.array(paymentOutSchema),
});
export type PaymentStatusOut = v.InferOutput<typeof paymentStatusSchema>;

/** A claim's method as stored: a payer's, or OWNER when the owner set the invoice PROCESSING themselves. */
export const CLAIM_RECORD_METHODS = [...PAYMENT_CLAIM_METHODS, 'OWNER'] as const;

/** A payer's claim as the owner sees it (GET invoices/{id}/payments). */
export const paymentClaimOutSchema = v.object({
  id: v.string(),
  method: v.picklist(CLAIM_RECORD_METHODS),
  tx_hash: v.nullable(v.string()),
  email: v.nullable(v.string()),
  /** ISO 8601. */
  created_at: v.string(),
});
export type PaymentClaimOut = v.InferOutput<typeof paymentClaimOutSchema>;

/** GET invoices/{id}/payments (owner only): the status plus the payers' claims. */
export const invoicePaymentsSchema = v.object({
  status: paymentStatusSchema,
  claims: v.array(paymentClaimOutSchema),
  /** The owner's note when marked paid by hand. */
  marked_note: v.nullable(v.string()),
});
export type InvoicePaymentsOut = v.InferOutput<typeof invoicePaymentsSchema>;

/** Why a transfer waits for the owner: it fits several open invoices, or none. */
export const REVIEW_REASONS = ['AMBIGUOUS', 'NO_MATCH'] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

/** GET payments/review (owner): transfers to a receiving address of theirs that no rule could assign. */
export const reviewPaymentSchema = v.object({
  id: v.string(),
  reason: v.picklist(REVIEW_REASONS),
  tx_hash: v.string(),
  network: v.picklist(NETWORKS),
  explorer_url: v.string(),
  token_symbol: v.string(),
  amount: v.string(),
  from_address: v.string(),
  to_address: v.string(),
  block_time: v.string(),
  confirmations: v.number(),
  /** The open invoices paid at that address in that token, each with the transfer's value in its currency. */
  candidates: v.array(
    v.object({
      invoice: v.string(),
      name: v.string(),
      number: v.string(),
      state: v.picklist(INVOICE_STATES),
      fiat_currency: v.picklist(FIAT_CURRENCIES),
      total_amount: v.string(),
      amount_due: v.string(),
      value: v.nullable(v.string()),
    }),
  ),
});
export type ReviewPaymentOut = v.InferOutput<typeof reviewPaymentSchema>;

// ------------------------------------------------------------------------------------------- the public invoice

const ownerBlockSchema = v.object({
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

/**
 * GET invoices/{id} for anyone but its owner (signed out too), and GET pay-invoices/{id}: what a payer needs and
 * nothing else (no ids of the owner's contacts, wallets, documents or items). Missing and DRAFT invoices are 404.
 * Every field also exists, with the same meaning, in the owner's InvoiceOut except `attachments[].url` and
 * `payment`, which the owner reads from the attachment and payment-status paths.
 */
export const publicInvoiceSchema = v.object({
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
  fiat_currency: v.picklist(FIAT_CURRENCIES),
  message: v.string(),
  /** The sender's name and address block (and bank details for the formal templates). */
  owner: v.nullable(ownerBlockSchema),
  /** The bill-to contact as it was when the invoice was sent. */
  contact: v.nullable(
    v.object({
      first_name: v.string(),
      last_name: v.string(),
      company: v.string(),
      email: v.string(),
      address_line1: v.string(),
      address_line2: v.string(),
      country: v.string(),
      city: v.string(),
      postal_code: v.string(),
      tax_number: v.string(),
    }),
  ),
  /** Where to pay: the receiving address on its network. */
  wallet: v.nullable(v.object({ network: v.picklist(NETWORKS), address: v.string() })),
  token: v.nullable(
    v.object({ id: v.string(), symbol: v.string(), name: v.string(), image_url: v.string(), decimals: v.number() }),
  ),
  /** The token's contract on the invoice's network; null for a native coin. */
  contract_address: v.nullable(v.string()),
  items: v.array(
    v.object({
      name: v.string(),
      description: v.string(),
      quantity: v.string(),
      unit_price: v.string(),
      discount: v.string(),
      discount_is_percent: v.boolean(),
      tax: v.string(),
      tax_is_percent: v.boolean(),
      total_amount: v.string(),
    }),
  ),
  /** Names and download URLs (GET invoices/{id}/attachments/{index}). */
  attachments: v.array(v.object({ name: v.string(), url: v.string() })),
  is_ftc: v.boolean(),
  /** Bank details for a euro transfer, when the invoice can be paid by bank. */
  ftc: v.nullable(v.object({ bank_iban: v.string(), bank_bic: v.string(), payment_ref: v.string() })),
  total_amount: v.string(),
  total_tax_amount: v.string(),
  total_base_amount: v.string(),
  total_tax_percentage: v.string(),
  payment: paymentStatusSchema,
});
export type PublicInvoiceOut = v.InferOutput<typeof publicInvoiceSchema>;
