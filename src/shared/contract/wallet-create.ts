/** Adding a wallet (docs/wallets.md), apart from the other wallet routes: its body checks the address. */
import { createWalletSchema } from '../schemas/wallet-create';
import { endpoint } from './endpoint';
import { walletOut } from './wallets';

export const walletCreateEndpoints = {
  createWallet: endpoint({ method: 'POST', path: '/api/wallets', access: 'full', body: createWalletSchema, response: walletOut }),
} as const;
