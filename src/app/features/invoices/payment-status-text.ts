/**
 * How an invoice's payment status reads (docs/pay-invoice.md, "What the owner sees"): the amount paid so far and
 * the flags the server sets (partially paid, overpaid, paid late, payment reported, marked paid).
 */
import { invoiceMoneyText } from '../../../shared/invoice-display';
import type { PaymentStatusOut, PaymentSummary } from '../../../shared/contract/payments';

export const PAYMENT_SUMMARY_TEXT: Record<PaymentSummary, string> = {
  UNPAID: 'Not paid yet',
  REPORTED: 'Payment reported',
  PARTIALLY_PAID: 'Partially paid',
  CONFIRMING: 'Payment received, waiting for confirmations',
  PAID: 'Paid',
  MARKED_PAID: 'Marked paid by the owner',
};

/** The short flags shown beside the summary, in a fixed order. */
export function paymentFlags(status: PaymentStatusOut): string[] {
  const flags: string[] = [];
  if (status.partially_paid) flags.push('Partially paid');
  if (status.overpaid) flags.push('Overpaid');
  if (status.paid_late) flags.push('Paid late');
  if (status.payment_reported) flags.push('Payment reported');
  if (status.marked_paid) flags.push('Marked paid');
  return flags;
}

/** 'Paid $120.00 of $250.00' in the invoice's currency. */
export function amountPaidText(status: PaymentStatusOut): string {
  const money = (value: string) => invoiceMoneyText(value, status.fiat_currency);
  return `Paid ${money(status.amount_paid)} of ${money(status.total_amount)}`;
}

/** A transaction hash shortened for a list: '0x12345678…9abcdef0'. */
export const shortHash = (hash: string): string => `${hash.slice(0, 10)}…${hash.slice(-8)}`;
