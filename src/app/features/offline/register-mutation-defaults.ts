import type { QueryClient } from '@tanstack/react-query';
import { registerWalletMutationDefaults } from '../wallets';
import { registerDataMutationDefaults } from './mutation-defaults';

/** Registers the defaults of every offline-capable mutation of the signed-in screens (a chunk of its own). */
export function registerMutationDefaults(client: QueryClient): void {
  registerDataMutationDefaults(client);
  registerWalletMutationDefaults(client);
}
