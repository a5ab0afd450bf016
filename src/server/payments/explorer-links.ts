/** The page of a transaction on its network's public block explorer. */
const EXPLORERS: Readonly<Record<string, string>> = {
  ETHEREUM: 'https://etherscan.io/tx/',
  POLYGON: 'https://polygonscan.com/tx/',
  BINANCE_SMART_CHAIN: 'https://bscscan.com/tx/',
  FANTOM: 'https://ftmscan.com/tx/',
  AVALANCHE: 'https://snowtrace.io/tx/',
  RONIN: 'https://app.roninchain.com/tx/',
};

export const explorerTxUrl = (network: string, txHash: string): string => `${EXPLORERS[network] ?? 'https://etherscan.io/tx/'}${txHash}`;
