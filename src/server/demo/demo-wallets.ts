import type { Network } from '../../shared/enums';

export interface DemoWalletDefinition {
  address: string;
  name: string;
  network: Network;
}

/**
 * The two demo wallets offered under 'Try our demo'. Their addresses are published example addresses (the
 * EIP-55 and BIP-173 specifications), so the demo never shows a real person's holdings.
 */
export const DEMO_WALLETS: readonly DemoWalletDefinition[] = [
  {
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    name: 'Demo Ethereum wallet',
    network: 'ETHEREUM',
  },
  {
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    name: 'Demo Bitcoin wallet',
    network: 'BITCOIN',
  },
];

/** auth_key of the demo user owning a demo wallet. */
export const demoAuthKey = (address: string): string => `demo:${address.toLowerCase()}`;
