/** Display names for provider hosts, used in user-facing error messages. */

const HOST_NAMES: readonly (readonly [RegExp, string])[] = [
  [/(^|\.)etherscan\.io$/, 'Etherscan'],
  [/(^|\.)blockscout\.com$/, 'Blockscout'],
  [/(^|\.)routescan\.io$/, 'Routescan'],
  [/(^|\.)mempool\.space$/, 'mempool.space'],
  [/(^|\.)blockstream\.info$/, 'Blockstream'],
  [/(^|\.)llama\.fi$/, 'DefiLlama'],
  [/(^|\.)coingecko\.com$/, 'CoinGecko'],
  [/(^|\.)frankfurter\.(app|dev)$/, 'Frankfurter'],
  [/(^|\.)binance\.com$/, 'Binance'],
];

export function providerNameForHost(hostname: string): string {
  const host = hostname.toLowerCase();
  for (const [pattern, name] of HOST_NAMES) {
    if (pattern.test(host)) return name;
  }
  return host;
}
