/**
 * Paying an invoice from a wallet (docs/pay-invoice.md, "Wallet"): connect the browser wallet or WalletConnect
 * through web3-onboard, then send the transfer (wallet-transfer.ts).
 *
 * Loaded with import() when the payer chooses a wallet, together with web3-onboard and viem.
 */
import type { Hex } from 'viem';
import { MESSAGES } from '../../../shared/messages';
import { connectWallet, getOnboard, injectedProvider } from '../auth';
import { sendPayment, WalletPaymentError, type WalletPayment, type WalletProvider } from './wallet-transfer';

export { WalletPaymentError } from './wallet-transfer';

export type WalletPaymentResult = { status: 'sent'; hash: Hex; from: string } | { status: 'no-account' };

/**
 * The whole wallet payment: connect, switch, send. `no-account` when the browser wallet shared no account
 * (closed, rejected); WalletPaymentError with the payer's text for every failure.
 */
export async function payWithWallet(payment: WalletPayment): Promise<WalletPaymentResult> {
  if (payment.kind === 'METAMASK' && injectedProvider() === null) throw new WalletPaymentError(MESSAGES.noMetaMask);
  let wallet;
  try {
    wallet = await connectWallet(getOnboard(payment.walletConnectProjectId), payment.kind);
  } catch (error) {
    console.error('Connecting the wallet failed', error);
    wallet = null;
  }
  if (wallet === null) {
    if (payment.kind === 'WALLET_CONNECT') throw new WalletPaymentError(MESSAGES.walletConnectNoAddress);
    return { status: 'no-account' };
  }
  const hash = await sendPayment(wallet.provider as WalletProvider, wallet.address, payment);
  return { status: 'sent', hash, from: wallet.address };
}
