/**
 * Refreshes a wallet's holdings: EVM balances over JSON-RPC (native coin and every token its transactions
 * touched, read at one block), Bitcoin from Esplora; without a balance source, the sums of the stored
 * transactions.
 */
import { getAddress, type Address } from 'viem';
import type { EvmNetwork } from '../../../shared/enums';
import type { EsploraClient } from '../../providers/bitcoin/esplora';
import type { SyncDeps } from '../sync-deps';
import { storeHoldings, type Holding, type HoldingsOwner } from './store-holdings';
import { balancesFromTransactions, tokensSeen } from './transaction-sums';

export async function refreshEvmBalances(deps: SyncDeps, owner: HoldingsOwner & { walletId: string }, network: EvmNetwork, address: string): Promise<string> {
  const native = deps.catalog.native(network);
  const seen = await tokensSeen(deps.db, owner.walletId);
  const reader = deps.evmBalances(network);
  const holdings: Holding[] = [];
  if (reader) {
    const tokenAddresses = seen.map((entry) => getAddress(entry.token.address as Address));
    const read = await reader.readBalance(getAddress(address), tokenAddresses);
    holdings.push({ token: native, amount: read.native, isSpam: false, priceRef: { network, address: 'native' } });
    const byAddress = new Map(seen.map((entry) => [entry.token.address?.toLowerCase(), entry]));
    read.tokens.forEach((balance) => {
      const entry = byAddress.get(balance.token.toLowerCase());
      if (!entry || balance.balance === null) return;
      holdings.push({
        token: entry.token,
        amount: balance.balance,
        isSpam: entry.isSpam,
        priceRef: { network, address: balance.token },
      });
    });
  } else {
    const sums = await balancesFromTransactions(deps.db, { walletId: owner.walletId }, native.id);
    holdings.push({ token: native, amount: sums.get(native.id) ?? 0n, isSpam: false, priceRef: { network, address: 'native' } });
    for (const entry of seen) {
      holdings.push({
        token: entry.token,
        amount: sums.get(entry.token.id) ?? 0n,
        isSpam: entry.isSpam,
        priceRef: { network, address: getAddress(entry.token.address as Address) },
      });
    }
  }
  return storeHoldings(deps, owner, holdings);
}

export async function refreshBitcoinBalance(deps: SyncDeps, owner: HoldingsOwner & { walletId: string }, esplora: EsploraClient, address: string): Promise<string> {
  const balance = await esplora.getBalance(address);
  const token = deps.catalog.native('BITCOIN');
  return storeHoldings(deps, owner, [{ token, amount: balance.confirmed, isSpam: false, priceRef: { network: 'BITCOIN', address: 'native' } }]);
}
