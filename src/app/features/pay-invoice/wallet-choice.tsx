import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EVM_NETWORKS, type EvmNetwork } from '../../../shared/enums';
import type { TokenAmount } from '../../../shared/payment-amount';
import type { PublicInvoiceOut } from '../../../shared/contract/payments';
import { publicConfigQuery } from '../../lib/public-config';
import { ManualTransfer } from './manual-transfer';
import { PAYMENT_TEXTS } from './pay-invoice-texts';
import { recordWalletPayment } from './payment-calls';
import styles from './pay-invoice.module.css';
import type { PaymentWalletKind } from './wallet-transfer';

/** web3-onboard, viem and the payment flow come in their own chunk, fetched when the Wallet choice opens. */
const loadWalletPayment = () => import('./wallet-payment');

const isEvm = (network: string): network is EvmNetwork => (EVM_NETWORKS as readonly string[]).includes(network);
const isHex = (value: string): value is `0x${string}` => /^0x[0-9a-fA-F]+$/.test(value);

interface WalletChoiceProps {
  invoice: PublicInvoiceOut;
  amount: TokenAmount | null;
  onPaid: (hash: string) => void;
}

/**
 * The Wallet choice (docs/pay-invoice.md, "Wallet"): pay from a browser wallet or WalletConnect, or transfer
 * by hand. Every failure is told with its exact text.
 */
export function WalletChoice({ invoice, amount, onPaid }: WalletChoiceProps) {
  const config = useQuery(publicConfigQuery);
  const projectId = config.data?.walletconnect_project_id ?? null;
  const [busy, setBusy] = useState<PaymentWalletKind | null>(null);
  const wallet = invoice.wallet;
  const payable = amount !== null && wallet !== null && isEvm(wallet.network) && isHex(wallet.address);

  async function pay(kind: PaymentWalletKind): Promise<void> {
    if (!payable || wallet === null || !isEvm(wallet.network) || !isHex(wallet.address)) return;
    setBusy(kind);
    try {
      let flow: Awaited<ReturnType<typeof loadWalletPayment>>;
      try {
        flow = await loadWalletPayment();
      } catch {
        window.alert(PAYMENT_TEXTS.paymentFailed);
        return;
      }
      try {
        const token = invoice.contract_address;
        const result = await flow.payWithWallet({
          kind,
          walletConnectProjectId: projectId,
          network: wallet.network,
          recipient: wallet.address,
          token: token !== null && isHex(token) ? token : null,
          amount: amount.baseUnits,
        });
        if (result.status === 'no-account') return;
        await recordWalletPayment({ invoice, hash: result.hash });
        onPaid(result.hash);
      } catch (error) {
        window.alert(error instanceof flow.WalletPaymentError ? error.message : PAYMENT_TEXTS.paymentFailed);
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className={styles.choiceBody}>
      <div className={styles.walletButtons} role="group" aria-label="Pay from a wallet">
        <button
          type="button"
          className="btn btn-primary btn-block"
          disabled={!payable || busy !== null}
          aria-busy={busy === 'METAMASK' || undefined}
          onClick={() => void pay('METAMASK')}
          onPointerEnter={() => void loadWalletPayment().catch(() => undefined)}
        >
          Pay with browser wallet
        </button>
        {projectId ? (
          <button
            type="button"
            className="btn btn-block"
            disabled={!payable || busy !== null}
            aria-busy={busy === 'WALLET_CONNECT' || undefined}
            onClick={() => void pay('WALLET_CONNECT')}
          >
            Pay with WalletConnect
          </button>
        ) : null}
      </div>
      <ManualTransfer invoice={invoice} amount={amount} />
    </div>
  );
}
