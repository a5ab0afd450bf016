/** What other features use of wallets. */
export { registerWalletMutationDefaults } from './wallet-mutations';
export { exchangesQuery } from './wallet-queries';
