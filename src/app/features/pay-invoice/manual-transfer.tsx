import { paymentRequestUri } from '../../../shared/eip681';
import { CHAIN_IDS, EVM_NETWORKS, NETWORK_LABELS, type EvmNetwork } from '../../../shared/enums';
import type { TokenAmount } from '../../../shared/payment-amount';
import type { PublicInvoiceOut } from '../../../shared/contract/payments';
import { QrCode } from '../../components/qr-code';
import { CopyRow } from './copy-row';
import { PaidClaimForm } from './paid-claim-form';
import styles from './pay-invoice.module.css';

const isEvm = (network: string): network is EvmNetwork => (EVM_NETWORKS as readonly string[]).includes(network);

/** The EIP-681 request of the payment, or null when the invoice lacks what a wallet needs. */
export function paymentUri(invoice: Pick<PublicInvoiceOut, 'wallet' | 'contract_address'>, amount: TokenAmount): string | null {
  const wallet = invoice.wallet;
  if (wallet === null || !isEvm(wallet.network)) return null;
  const chainId = CHAIN_IDS[wallet.network];
  try {
    return invoice.contract_address === null
      ? paymentRequestUri({ kind: 'native', chainId, recipient: wallet.address, amount: amount.baseUnits })
      : paymentRequestUri({ kind: 'token', chainId, token: invoice.contract_address, recipient: wallet.address, amount: amount.baseUnits });
  } catch {
    return null;
  }
}

/**
 * Paying from any wallet by hand (docs/pay-invoice.md, "Manual transfer"): the receiving address, network, token
 * and exact amount with copy buttons, a QR code of the payment request for phone wallets, and 'I Paid the Invoice'.
 */
export function ManualTransfer({ invoice, amount }: { invoice: PublicInvoiceOut; amount: TokenAmount | null }) {
  const wallet = invoice.wallet;
  const symbol = invoice.token?.symbol ?? '';
  const uri = amount === null ? null : paymentUri(invoice, amount);
  if (wallet === null) return null;
  return (
    <section className={styles.manual} aria-label="Transfer manually">
      <h3 className={styles.subheading}>Transfer manually</h3>
      <p className="muted">
        Send exactly this amount to the address below, on {NETWORK_LABELS[wallet.network]}. Scan the code with a phone wallet to
        fill it in.
      </p>
      <div className={styles.manualBody}>
        {uri === null ? null : <QrCode value={uri} label={`Payment request: ${amount?.amount ?? ''} ${symbol} on ${NETWORK_LABELS[wallet.network]}`} />}
        <dl className={styles.copyList}>
          <CopyRow label="Address" value={wallet.address} />
          <CopyRow label="Network" value={NETWORK_LABELS[wallet.network]} />
          <CopyRow label="Token" value={invoice.contract_address === null ? symbol : `${symbol} (${invoice.contract_address})`} />
          {amount === null ? null : <CopyRow label="Amount" value={`${amount.amount}`} />}
        </dl>
      </div>
      <PaidClaimForm invoiceId={invoice.id} method="TRANSFER" />
    </section>
  );
}
