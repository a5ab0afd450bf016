import { epcQrPayload } from '../../../shared/epc-qr';
import { invoiceMoneyText, ownerDisplayName } from '../../../shared/invoice-display';
import { roundHalfUp, EURO_DECIMALS } from '../../../shared/money';
import type { PublicInvoiceOut } from '../../../shared/contract/payments';
import { QrCode } from '../../components/qr-code';
import { fiatToPay } from './amount-to-pay';
import { canPayByBank } from './bank-eligibility';
import { CopyRow } from './copy-row';
import { PaidClaimForm } from './paid-claim-form';
import { PAYMENT_TEXTS } from './pay-invoice-texts';
import styles from './pay-invoice.module.css';

/** The EPC QR payload of the invoice's bank transfer, or null when the details do not make one. */
export function bankQrPayload(invoice: PublicInvoiceOut, amountEur: string): string | null {
  if (invoice.ftc === null) return null;
  try {
    return epcQrPayload({
      bic: invoice.ftc.bank_bic,
      name: ownerDisplayName(invoice.owner).slice(0, 70),
      iban: invoice.ftc.bank_iban,
      amountEur,
      reference: invoice.ftc.payment_ref,
    });
  } catch (error) {
    console.error('The bank details do not make a bank QR code', error);
    return null;
  }
}

/**
 * Paying in euro by bank transfer (docs/pay-invoice.md, "Bank Account"): only for an invoice that can be paid in
 * fiat, else the refusal text. IBAN, BIC, the amount in EUR and the payment reference, each with a copy button, an
 * EPC QR code for banking apps, and 'I Paid the Invoice'.
 */
export function BankTransfer({ invoice }: { invoice: PublicInvoiceOut }) {
  if (!canPayByBank(invoice) || invoice.ftc === null) {
    return (
      <p className={styles.refusal} role="alert">
        {PAYMENT_TEXTS.fiatRefused}
      </p>
    );
  }
  const amountEur = roundHalfUp(fiatToPay(invoice), EURO_DECIMALS).toFixed(EURO_DECIMALS);
  const payload = bankQrPayload(invoice, amountEur);
  return (
    <section className={styles.manual} aria-label="Bank transfer">
      <p className="muted">
        Transfer the amount in euro (SEPA or wire) and quote the payment reference. Processing takes {PAYMENT_TEXTS.bankProcessing}.
      </p>
      <div className={styles.manualBody}>
        {payload === null ? null : <QrCode value={payload} label="Bank transfer QR code (EPC)" utf8Bytes maxVersion={13} />}
        <dl className={styles.copyList}>
          <CopyRow label="IBAN" value={invoice.ftc.bank_iban} />
          {invoice.ftc.bank_bic.trim() ? <CopyRow label="BIC" value={invoice.ftc.bank_bic} /> : null}
          <CopyRow label="Amount (EUR)" value={amountEur} />
          <CopyRow label="Payment reference" value={invoice.ftc.payment_ref} />
        </dl>
      </div>
      <p className="muted">
        {invoiceMoneyText(amountEur, 'EUR')} · {PAYMENT_TEXTS.bankProcessing}
      </p>
      <PaidClaimForm invoiceId={invoice.id} method="BANK" />
    </section>
  );
}
