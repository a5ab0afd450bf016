import type { PublicInvoiceOut } from '../../../shared/contract/payments';

/**
 * Whether the payer may pay by bank transfer in euro (docs/pay-invoice.md, "Bank Account"): a fiat-to-crypto
 * invoice whose owner's bank account is set up. The server gives the bank details only when the owner's account
 * has a bank id, an IBAN and a completed identity check; without them there is nothing to pay to.
 */
export function canPayByBank(invoice: Pick<PublicInvoiceOut, 'is_ftc' | 'ftc'>): boolean {
  return invoice.is_ftc && invoice.ftc !== null && invoice.ftc.bank_iban.trim() !== '';
}
