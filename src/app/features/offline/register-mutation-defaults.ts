import type { QueryClient } from '@tanstack/react-query';
import { mutationKeys } from '../../lib/query-keys';
import { setWalletActiveDefaults } from '../../lib/wallet-queries';
import { registerWalletMutationDefaults } from '../wallets';
import { registerDataMutationDefaults } from './mutation-defaults';

/** Registers the defaults of every offline-capable mutation of the signed-in screens (a chunk of its own). */
export function registerMutationDefaults(client: QueryClient): void {
  registerDataMutationDefaults(client);
  registerWalletMutationDefaults(client);
  // The account menu's wallet toggle: its wallet schemas (address checks) stay out of the first download.
  client.setMutationDefaults(mutationKeys.setWalletActive, setWalletActiveDefaults(client));
}
