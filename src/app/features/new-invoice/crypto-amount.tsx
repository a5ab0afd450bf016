import styles from './new-invoice.module.css';

interface CryptoAmountProps {
  /** The total in the receiving token, 4 decimals (total / quote rate, docs/invoices.md); null while unknown. */
  amount: string | null;
  symbol: string;
}

/** What the invoice's total comes to in the receiving token (the line items editor shows the fiat totals). */
export function CryptoAmount({ amount, symbol }: CryptoAmountProps) {
  return (
    <p className={styles.crypto} aria-live="polite">
      <span>In crypto</span>
      <output>{amount === null ? '—' : `≈ ${amount} ${symbol}`}</output>
    </p>
  );
}
