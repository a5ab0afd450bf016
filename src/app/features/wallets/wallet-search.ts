/** Filtering the wallets screen by a search text (?search=, docs/app-shell.md: a wallet result opens /wallets). */
import type { ExchangeAccount } from '../../../shared/contract/exchanges';
import type { WalletOut } from '../../../shared/contract/wallets';
import { NETWORK_LABELS } from '../../../shared/enums';
import { EXCHANGE_LABELS } from '../../components/network-icon';

function matchesWords(fields: readonly string[], text: string): boolean {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = fields.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** Whether every word of `text` is in the wallet's name, address or network. */
export function matchesWallet(wallet: Pick<WalletOut, 'name' | 'address' | 'network'>, text: string): boolean {
  return matchesWords([wallet.name, wallet.address, wallet.network, NETWORK_LABELS[wallet.network]], text);
}

/** Whether every word of `text` is in the exchange's name. */
export function matchesExchange(account: Pick<ExchangeAccount, 'exchange'>, text: string): boolean {
  return matchesWords([account.exchange, EXCHANGE_LABELS[account.exchange]], text);
}

/** The wallets and exchange accounts matching `text` (all of them for an empty text). */
export function filterAccounts(
  wallets: readonly WalletOut[],
  exchanges: readonly ExchangeAccount[],
  text: string,
): { wallets: WalletOut[]; exchanges: ExchangeAccount[] } {
  return {
    wallets: wallets.filter((wallet) => matchesWallet(wallet, text)),
    exchanges: exchanges.filter((account) => matchesExchange(account, text)),
  };
}
