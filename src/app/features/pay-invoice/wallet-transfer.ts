/**
 * The transfer of a wallet payment, on any EIP-1193 provider (docs/pay-invoice.md, "Wallet"): switch the wallet to
 * the invoice's network (adding it when the wallet does not know it), set the fee priority from eth_feeHistory
 * (50th percentile; not on BSC) and send an ERC-20 `transfer` of the token amount, or a native transfer when the
 * invoice is paid in the network's coin. Every failure is a WalletPaymentError carrying the payer's text.
 */
import { encodeFunctionData, erc20Abi, numberToHex, type Hex } from 'viem';
import { CHAIN_IDS, NETWORK_LABELS, type EvmNetwork } from '../../../shared/enums';
import { PAYMENT_TEXTS } from './pay-invoice-texts';

export type PaymentWalletKind = 'METAMASK' | 'WALLET_CONNECT';

/** Gas a WalletConnect token transfer is sent with (phone wallets do not all estimate it). */
export const WALLET_CONNECT_TOKEN_GAS = 65_000n;
/** The percentile of recent priority fees the payment offers. */
export const FEE_PERCENTILE = 50;
const FEE_HISTORY_BLOCKS = 5;

/** A failure the payer is told about with this exact text. */
export class WalletPaymentError extends Error {
  override readonly name = 'WalletPaymentError';
}

export interface WalletPayment {
  kind: PaymentWalletKind;
  walletConnectProjectId: string | null;
  network: EvmNetwork;
  recipient: Hex;
  /** The token contract; null for the network's own coin. */
  token: Hex | null;
  /** Base units of the token (or wei). */
  amount: bigint;
}

export interface WalletProvider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** Chain data for wallet_addEthereumChain when the wallet does not know the invoice's network. */
const ADD_CHAIN: Partial<Record<EvmNetwork, { nativeCurrency: { name: string; symbol: string; decimals: number }; rpcUrls: string[]; blockExplorerUrls: string[] }>> = {
  ETHEREUM: {
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['https://ethereum-rpc.publicnode.com'],
    blockExplorerUrls: ['https://etherscan.io'],
  },
  POLYGON: {
    nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
    rpcUrls: ['https://polygon-rpc.com'],
    blockExplorerUrls: ['https://polygonscan.com'],
  },
  BINANCE_SMART_CHAIN: {
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: ['https://bsc-dataseed.bnbchain.org'],
    blockExplorerUrls: ['https://bscscan.com'],
  },
  FANTOM: {
    nativeCurrency: { name: 'Fantom', symbol: 'FTM', decimals: 18 },
    rpcUrls: ['https://rpcapi.fantom.network'],
    blockExplorerUrls: ['https://ftmscan.com'],
  },
};

/** The EIP-1193 error code of a request, also when a wallet wraps it (MetaMask mobile, WalletConnect). */
function errorCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const direct = (error as { code?: unknown }).code;
  if (typeof direct === 'number') return direct;
  const nested = (error as { data?: { originalError?: { code?: unknown } } }).data?.originalError?.code;
  return typeof nested === 'number' ? nested : null;
}

const hexChainId = (network: EvmNetwork): Hex => numberToHex(CHAIN_IDS[network]);

async function currentChainId(provider: WalletProvider): Promise<string> {
  return String(await provider.request({ method: 'eth_chainId' })).toLowerCase();
}

/**
 * Puts the wallet on the invoice's network: wallet_switchEthereumChain, and on 4902 (a chain the wallet does not
 * know) wallet_addEthereumChain. Throws WalletPaymentError with the payer's text when that fails.
 */
export async function switchNetwork(provider: WalletProvider, network: EvmNetwork): Promise<void> {
  const chainId = hexChainId(network);
  if ((await currentChainId(provider)) === chainId) return;
  const chain = NETWORK_LABELS[network];
  try {
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
  } catch (error) {
    if (errorCode(error) !== 4902) throw new WalletPaymentError(PAYMENT_TEXTS.cannotSwitch(chain));
    const data = ADD_CHAIN[network];
    try {
      if (!data) throw new Error(`No chain data for ${network}`);
      await provider.request({ method: 'wallet_addEthereumChain', params: [{ chainId, chainName: chain, ...data }] });
    } catch {
      throw new WalletPaymentError(PAYMENT_TEXTS.addChainFailed(chain));
    }
  }
  if ((await currentChainId(provider)) !== chainId) throw new WalletPaymentError(PAYMENT_TEXTS.cannotSwitch(chain));
}

/** 0x-hex quantity → bigint; null for anything else. */
function quantity(value: unknown): bigint | null {
  return typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value) ? BigInt(value) : null;
}

export interface FeeSuggestion {
  maxPriorityFeePerGas: bigint;
  maxFeePerGas: bigint;
}

/**
 * EIP-1559 fees from eth_feeHistory: the priority fee is the median of the last blocks' 50th-percentile rewards,
 * the fee cap twice the next block's base fee plus that priority. null when the node gives no usable history
 * (the wallet then sets the fees itself).
 */
export async function suggestFees(provider: WalletProvider): Promise<FeeSuggestion | null> {
  let history: unknown;
  try {
    history = await provider.request({ method: 'eth_feeHistory', params: [numberToHex(FEE_HISTORY_BLOCKS), 'latest', [FEE_PERCENTILE]] });
  } catch {
    return null;
  }
  const { reward, baseFeePerGas } = (history ?? {}) as { reward?: unknown[][]; baseFeePerGas?: unknown[] };
  const rewards = (reward ?? []).map((row) => quantity(row[0])).filter((value): value is bigint => value !== null);
  const baseFee = quantity(baseFeePerGas?.at(-1));
  if (rewards.length === 0 || baseFee === null) return null;
  rewards.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const priority = rewards[Math.floor(rewards.length / 2)] ?? 0n;
  return { maxPriorityFeePerGas: priority, maxFeePerGas: baseFee * 2n + priority };
}

/** The eth_sendTransaction parameters of a payment from `from`. */
export function paymentTransaction(
  payment: Pick<WalletPayment, 'kind' | 'recipient' | 'token' | 'amount'>,
  from: string,
  fees: FeeSuggestion | null,
): Record<string, string> {
  const transaction: Record<string, string> =
    payment.token === null
      ? { from, to: payment.recipient, value: numberToHex(payment.amount) }
      : {
          from,
          to: payment.token,
          value: '0x0',
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [payment.recipient, payment.amount] }),
        };
  if (payment.token !== null && payment.kind === 'WALLET_CONNECT') transaction.gas = numberToHex(WALLET_CONNECT_TOKEN_GAS);
  if (fees) {
    transaction.maxPriorityFeePerGas = numberToHex(fees.maxPriorityFeePerGas);
    transaction.maxFeePerGas = numberToHex(fees.maxFeePerGas);
  }
  return transaction;
}

/** Sends a prepared payment from a connected wallet; the transaction hash, or WalletPaymentError. */
export async function sendPayment(provider: WalletProvider, from: string, payment: WalletPayment): Promise<Hex> {
  await switchNetwork(provider, payment.network);
  const fees = payment.network === 'BINANCE_SMART_CHAIN' ? null : await suggestFees(provider);
  let hash: unknown;
  try {
    hash = await provider.request({ method: 'eth_sendTransaction', params: [paymentTransaction(payment, from, fees)] });
  } catch (error) {
    console.error('The wallet did not send the payment', error);
    throw new WalletPaymentError(PAYMENT_TEXTS.paymentFailed);
  }
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) throw new WalletPaymentError(PAYMENT_TEXTS.paymentFailed);
  return hash as Hex;
}
