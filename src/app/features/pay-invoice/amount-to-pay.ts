import type { PublicInvoiceOut } from '../../../shared/contract/payments';

/** What is left to pay in the invoice's currency: the total, or what a partial payment left of it. */
export function fiatToPay(invoice: Pick<PublicInvoiceOut, 'total_amount' | 'payment'>): string {
  return invoice.payment.partially_paid ? invoice.payment.amount_due : invoice.total_amount;
}
