/**
 * How the owner's review list shows a euro bank transfer that named no invoice it could pay, and which invoices it
 * may be assigned to (docs/fiat-to-crypto.md, "Transfers to review").
 */
import type { DocumentOut } from '../../../shared/contract/documents';
import { invoiceMoneyText } from '../../../shared/invoice-display';
import { Big } from '../../../shared/money';
import type { FtcTransferOut } from '../../../shared/contract/ftc';

/** Invoice states a bank transfer may still settle; the server refuses the others. */
const OPEN_STATES = ['DUE', 'EXPIRED', 'PROCESSING'] as const;

export interface BankTransferText {
  /** '€121.80 bank transfer' (the partner reports euro with two decimals; other currencies by their code). */
  amount: string;
  /** 'reference "INV 42"' or 'no reference given'. */
  reference: string;
  /** The day it was received, yyyy-MM-dd (UTC). */
  day: string;
}

export function bankTransferText(transfer: Pick<FtcTransferOut, 'amount' | 'currency' | 'reference' | 'received_at'>): BankTransferText {
  const amount = transfer.currency === 'EUR' ? invoiceMoneyText(transfer.amount, 'EUR') : `${transfer.amount} ${transfer.currency}`;
  const reference = transfer.reference.trim();
  return {
    amount: `${amount} bank transfer`,
    reference: reference === '' ? 'no reference given' : `reference "${reference}"`,
    day: transfer.received_at.slice(0, 10),
  };
}

export interface FtcInvoiceChoice {
  /** The invoice id. */
  value: string;
  label: string;
}

/**
 * The owner's issued Fiat-to-Crypto invoices that still await payment, as choices for a transfer: name, number,
 * what a bank transfer must cover (the total in whole cents, rounded up) and what was received already.
 */
export function openFtcInvoiceChoices(documents: readonly DocumentOut[]): FtcInvoiceChoice[] {
  return documents.flatMap((document) => {
    const invoice = document.invoice;
    if (invoice === null || !invoice.is_ftc || !(OPEN_STATES as readonly string[]).includes(invoice.state)) return [];
    const number = invoice.number === '' ? '' : ` #${invoice.number}`;
    const due = invoiceMoneyText(new Big(invoice.total_amount).round(2, Big.roundUp).toFixed(2), 'EUR');
    const received = invoice.ftc?.amount_received;
    const got = received === undefined || received === '0.00' ? '' : `, ${invoiceMoneyText(received, 'EUR')} received`;
    return [{ value: invoice.id, label: `${invoice.name}${number} · ${due}${got}` }];
  });
}
