/** What other features use of wallets. */
export { registerWalletMutationDefaults } from './wallet-mutations';
export { exchangesQuery, walletDetailsQuery } from './wallet-queries';
