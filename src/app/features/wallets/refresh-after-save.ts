/**
 * What follows a saved wallet or exchange change (docs/wallets.md): the lists at once, all data 2 seconds later
 * (balances, transactions and documents are recomputed on the server meanwhile), and a 'reset-filters' event so
 * filtered screens show the new data unfiltered. The saved filters are dropped as well, so a screen opened later
 * (they are not mounted while the wallets page is) starts unfiltered too.
 */
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../lib/query-keys';
import { RESET_FILTERS_EVENT } from '../../lib/reset-filters-event';
import { safeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { exchangeKeys } from './wallet-queries';

/** Saved filters a wallet change makes stale. */
const WALLET_DEPENDENT_FILTERS = [STORAGE_KEYS.transactionsFilters, STORAGE_KEYS.documentsFilters] as const;

/** Delay before everything is refreshed after a save (docs/wallets.md: 2000 ms). */
export const WALLET_REFRESH_DELAY_MS = 2000;

export function refreshAfterWalletSave(client: QueryClient, delay: number = WALLET_REFRESH_DELAY_MS): void {
  void client.invalidateQueries({ queryKey: queryKeys.wallets });
  void client.invalidateQueries({ queryKey: exchangeKeys.all });
  for (const key of WALLET_DEPENDENT_FILTERS) safeStorage.remove(key);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(RESET_FILTERS_EVENT));
  setTimeout(() => {
    void client.invalidateQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.config[0] });
  }, delay);
}
