/** The chains wallets are tracked on, and their names as shown (docs/data-model.md). */
export const NETWORKS = [
  'ETHEREUM',
  'BITCOIN',
  'POLYGON',
  'FANTOM',
  'BINANCE_SMART_CHAIN',
  'RONIN',
  'AVALANCHE',
] as const;
export type Network = (typeof NETWORKS)[number];

export const NETWORK_LABELS: Record<Network, string> = {
  ETHEREUM: 'Ethereum',
  BITCOIN: 'Bitcoin',
  POLYGON: 'Polygon',
  FANTOM: 'Fantom',
  BINANCE_SMART_CHAIN: 'BSC',
  RONIN: 'Ronin',
  AVALANCHE: 'Avalanche',
};
