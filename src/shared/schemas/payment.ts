/**
 * What a payer and an invoice's owner send about paying an invoice (docs/payments.md). The routes, their answers
 * and these bodies are declared together in src/shared/contract/payments.ts.
 */
import * as v from 'valibot';
import { PAYMENT_CLAIM_METHODS } from '../enums';
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

/** POST payments/{id}/assign {invoice}: the owner assigns a transfer that needs review to one of their invoices. */
export const assignPaymentSchema = v.strictObject({ invoice: invoiceIdField });

/** POST invoices/{id}/mark-paid {note}: the owner marks an invoice paid by hand (recorded as marked). */
export const markPaidSchema = v.strictObject({
  note: v.optional(v.pipe(v.string('Must be a string.'), v.trim(), v.maxLength(500, 'Ensure this field has no more than 500 characters.')), ''),
});
