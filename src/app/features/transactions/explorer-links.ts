/** Block explorer pages of a transaction hash per network (docs/transactions.md "Explorer links"). */
import type { Network } from '../../../shared/enums';

const EXPLORER_TX_URLS: Record<Network, (hash: string) => string> = {
  ETHEREUM: (hash) => `https://etherscan.io/tx/${hash}`,
  BINANCE_SMART_CHAIN: (hash) => `https://bscscan.com/tx/${hash}`,
  POLYGON: (hash) => `https://polygonscan.com/tx/${hash}`,
  FANTOM: (hash) => `https://ftmscan.com/tx/${hash}`,
  AVALANCHE: (hash) => `https://snowtrace.io/tx/${hash}`,
  RONIN: (hash) => `https://app.roninchain.com/tx/${hash}`,
  BITCOIN: (hash) => `https://mempool.space/tx/${hash}`,
};

export const EXPLORER_NAMES: Record<Network, string> = {
  ETHEREUM: 'Etherscan',
  BINANCE_SMART_CHAIN: 'BscScan',
  POLYGON: 'PolygonScan',
  FANTOM: 'FTMScan',
  AVALANCHE: 'Snowtrace',
  RONIN: 'Ronin Explorer',
  BITCOIN: 'mempool.space',
};

/** The explorer page of a transaction, or null (exchange rows, no hash, unknown network). */
export function explorerTxUrl(network: Network | null, hash: string): string | null {
  if (network === null || hash.trim() === '') return null;
  const build = EXPLORER_TX_URLS[network];
  return build(encodeURIComponent(hash.trim()));
}
