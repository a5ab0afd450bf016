#!/usr/bin/env node
/**
 * Builds the committed token list of each network (src/server/providers/tokens/lists/*.json) from the npm
 * token-list packages in devDependencies, plus each network's native coin and a short hand-checked list for
 * Ronin (which no packaged list covers).
 *
 *   node src/scripts/build-token-lists.mjs          writes the lists
 *   node src/scripts/build-token-lists.mjs --check  fails when the committed lists differ from a fresh build
 *
 * Sources are merged in order of preference (the first list that has an address wins). Each token keeps the
 * decimals its list gives; the documented defaults (USDT 6, USDC 6, WBTC 8) are checked and any token whose list
 * decimals differ is reported (bridged stablecoins on BSC use 18).
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getAddress, isAddress } from 'viem';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'src/server/providers/tokens/lists');
const require = createRequire(import.meta.url);

const SOURCES = [
  { pkg: '@uniswap/default-token-list', file: 'build/uniswap-default.tokenlist.json' },
  { pkg: '@sushiswap/default-token-list', file: 'build/sushiswap-default.tokenlist.json' },
  { pkg: 'quickswap-default-token-list', file: 'build/quickswap-default.tokenlist.json' },
];

const NETWORKS = [
  { network: 'ETHEREUM', file: 'ethereum', chainId: 1 },
  { network: 'BINANCE_SMART_CHAIN', file: 'binance-smart-chain', chainId: 56 },
  { network: 'POLYGON', file: 'polygon', chainId: 137 },
  { network: 'FANTOM', file: 'fantom', chainId: 250 },
  { network: 'AVALANCHE', file: 'avalanche', chainId: 43114 },
  { network: 'RONIN', file: 'ronin', chainId: 2020 },
  { network: 'BITCOIN', file: 'bitcoin', chainId: null },
];

/** Native coins (same data as src/server/providers/prices/networks.ts). */
const NATIVES = {
  ETHEREUM: { symbol: 'ETH', name: 'Ether', decimals: 18, coingecko_id: 'ethereum' },
  BINANCE_SMART_CHAIN: { symbol: 'BNB', name: 'BNB', decimals: 18, coingecko_id: 'binancecoin' },
  POLYGON: { symbol: 'POL', name: 'POL (ex-MATIC)', decimals: 18, coingecko_id: 'polygon-ecosystem-token' },
  FANTOM: { symbol: 'FTM', name: 'Fantom', decimals: 18, coingecko_id: 'fantom' },
  AVALANCHE: { symbol: 'AVAX', name: 'Avalanche', decimals: 18, coingecko_id: 'avalanche-2' },
  RONIN: { symbol: 'RON', name: 'Ronin', decimals: 18, coingecko_id: 'ronin' },
  BITCOIN: { symbol: 'BTC', name: 'Bitcoin', decimals: 8, coingecko_id: 'bitcoin' },
};

/**
 * Ronin (chain id 2020) tokens, checked against several public sources (the Ronin bridge mapping, Axie tools):
 * WETH, AXS, SLP (0 decimals, as on Ethereum), USDC and wrapped RON.
 */
const RONIN_TOKENS = [
  { address: '0xc99a6A985eD2Cac1ef41640596C5A5f9F4E19Ef5', symbol: 'WETH', name: 'Ronin Wrapped Ether', decimals: 18 },
  { address: '0x97a9107C1793BC407d6F527b77e7fff4D812bece', symbol: 'AXS', name: 'Axie Infinity Shard', decimals: 18 },
  { address: '0xa8754b9Fa15fc18BB59458815510E40a12cD2014', symbol: 'SLP', name: 'Smooth Love Potion', decimals: 0 },
  { address: '0x0B7007c13325C48911F73A2daD5FA5dCBf808aDc', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { address: '0xe514d9DEB7966c8BE0ca922de8a064264eA6bcd4', symbol: 'WRON', name: 'Wrapped Ronin', decimals: 18 },
].map((token) => ({ ...token, chainId: 2020, logoURI: null }));

/**
 * CoinGecko coin ids of well-known tokens, by network and address; the symbol must match the list's, so a
 * changed list cannot silently attach an id to another token.
 */
const COINGECKO_IDS = {
  ETHEREUM: {
    '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48': ['USDC', 'usd-coin'],
    '0xdAC17F958D2ee523a2206206994597C13D831ec7': ['USDT', 'tether'],
    '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599': ['WBTC', 'wrapped-bitcoin'],
    '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2': ['WETH', 'weth'],
    '0x6B175474E89094C44Da98b954EedeAC495271d0F': ['DAI', 'dai'],
    '0x514910771AF9Ca656af840dff83E8264EcF986CA': ['LINK', 'chainlink'],
    '0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984': ['UNI', 'uniswap'],
    '0xBB0E17EF65F82Ab018d8EDd776e8DD940327B28b': ['AXS', 'axie-infinity'],
    '0xCC8Fa225D80b9c7D42F96e9570156c65D6cAAa25': ['SLP', 'smooth-love-potion'],
    '0x95aD61b0a150d79219dCF64E1E6Cc01f0B64C4cE': ['SHIB', 'shiba-inu'],
    '0x7D1AfA7B718fb893dB30A3aBc0Cfc608AaCfeBB0': ['MATIC', 'matic-network'],
    '0x455e53CBB86018Ac2B8092FdCd39d8444aFFC3F6': ['POL', 'polygon-ecosystem-token'],
  },
  BINANCE_SMART_CHAIN: {
    '0x55d398326f99059fF775485246999027B3197955': ['USDT', 'tether'],
    '0x8AC76a51cc950d9822D68b83fE1Ad97B32Cd580d': ['USDC', 'usd-coin'],
    '0x7130d2A12B9BCbFAe4f2634d864A1Ee1Ce3Ead9c': ['BTCB', 'binance-bitcoin'],
    '0xbb4CdB9CBd36B01bD1cBaEBF2De08d9173bc095c': ['WBNB', 'wbnb'],
    '0xe9e7CEA3DedcA5984780Bafc599bD69ADd087D56': ['BUSD', 'binance-usd'],
    '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3': ['DAI', 'dai'],
  },
  POLYGON: {
    '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359': ['USDC', 'usd-coin'],
    '0xc2132D05D31c914a87C6611C10748AEb04B58e8F': ['USDT', 'tether'],
    '0x1BFD67037B42Cf73acF2047067bd4F2C47D9BfD6': ['WBTC', 'wrapped-bitcoin'],
    '0x7ceB23fD6bC0adD59E62ac25578270cFf1b9f619': ['WETH', 'weth'],
    '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063': ['DAI', 'dai'],
    '0x53E0bca35eC356BD5ddDFebbD1Fc0fD03FaBad39': ['LINK', 'chainlink'],
    '0x0d500B1d8E8eF31E21C99d1Db9A6444d3ADf1270': ['WMATIC', 'wmatic'],
  },
  FANTOM: {
    '0x21be370D5312f44cB42ce377BC9b8a0cEF1A4C83': ['WFTM', 'wrapped-fantom'],
  },
  AVALANCHE: {
    '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E': ['USDC', 'usd-coin'],
    '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7': ['USDT', 'tether'],
    '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7': ['WAVAX', 'wrapped-avax'],
  },
  RONIN: {
    '0x97a9107C1793BC407d6F527b77e7fff4D812bece': ['AXS', 'axie-infinity'],
    '0xa8754b9Fa15fc18BB59458815510E40a12cD2014': ['SLP', 'smooth-love-potion'],
    '0x0B7007c13325C48911F73A2daD5FA5dCBf808aDc': ['USDC', 'usd-coin'],
  },
};

/** The decimals (docs/money.md); tokens whose list says otherwise are reported. */
const SPEC_DECIMALS = { USDT: 6, USDC: 6, WBTC: 8 };

function readSource({ pkg, file }) {
  const pkgJson = JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8'));
  const list = JSON.parse(readFileSync(join(dirname(require.resolve(`${pkg}/package.json`)), file), 'utf8'));
  if (!Array.isArray(list.tokens)) throw new Error(`${pkg}: no tokens array`);
  return { label: `${pkg}@${pkgJson.version}`, tokens: list.tokens };
}

function cleanText(value, max) {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  return text.length > 0 && text.length <= max ? text : null;
}

function imageUrl(logoURI) {
  if (typeof logoURI !== 'string') return null;
  try {
    const url = new URL(logoURI);
    return url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function compareTokens(a, b) {
  const sa = a.symbol.toLowerCase();
  const sb = b.symbol.toLowerCase();
  if (sa !== sb) return sa < sb ? -1 : 1;
  if (a.address === 'native') return -1;
  if (b.address === 'native') return 1;
  const na = a.name.toLowerCase();
  const nb = b.name.toLowerCase();
  if (na !== nb) return na < nb ? -1 : 1;
  return a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1;
}

export function buildLists() {
  const sources = SOURCES.map(readSource);
  const problems = [];
  const notes = [];
  const lists = {};
  for (const { network, file, chainId } of NETWORKS) {
    const native = NATIVES[network];
    const tokens = [{ ...native, address: 'native', image_url: null }];
    const used = [];
    if (chainId !== null) {
      const seen = new Set();
      const candidates = [];
      for (const source of sources) {
        const entries = source.tokens.filter((t) => t.chainId === chainId);
        if (entries.length > 0) used.push(source.label);
        candidates.push(...entries);
      }
      if (network === 'RONIN') {
        used.push('hand-checked Ronin list (src/scripts/build-token-lists.mjs)');
        candidates.push(...RONIN_TOKENS);
      }
      for (const entry of candidates) {
        if (typeof entry.address !== 'string' || !isAddress(entry.address, { strict: false })) continue;
        const address = getAddress(entry.address);
        if (seen.has(address)) continue;
        const symbol = cleanText(entry.symbol, 24);
        const name = cleanText(entry.name, 80);
        const decimals = entry.decimals;
        if (!symbol || !name || !Number.isInteger(decimals) || decimals < 0 || decimals > 255) continue;
        seen.add(address);
        tokens.push({ symbol, name, address, decimals, image_url: imageUrl(entry.logoURI), coingecko_id: null });
      }
      for (const [address, [symbol, id]] of Object.entries(COINGECKO_IDS[network] ?? {})) {
        const token = tokens.find((t) => t.address === getAddress(address));
        if (!token) problems.push(`${network}: ${symbol} ${address} is not in the lists`);
        else if (token.symbol !== symbol) problems.push(`${network}: ${address} is ${token.symbol}, expected ${symbol}`);
        else token.coingecko_id = id;
      }
      for (const token of tokens) {
        const expected = SPEC_DECIMALS[token.symbol];
        if (expected !== undefined && token.decimals !== expected) {
          notes.push(`${network}: ${token.symbol} ${token.address} has ${token.decimals} decimals (documented default ${expected})`);
        }
      }
    } else {
      used.push('native coin only');
    }
    tokens.sort(compareTokens);
    lists[file] = {
      network,
      sources: used,
      tokens: tokens.map(({ symbol, name, address, decimals, image_url, coingecko_id }) => ({
        symbol,
        name,
        address,
        decimals,
        image_url,
        coingecko_id: coingecko_id ?? null,
      })),
    };
  }
  if (problems.length > 0) throw new Error(`Token lists have problems:\n${problems.join('\n')}`);
  return { lists, notes };
}

function main() {
  const check = process.argv.includes('--check');
  const { lists, notes } = buildLists();
  mkdirSync(outDir, { recursive: true });
  let stale = 0;
  for (const [file, list] of Object.entries(lists)) {
    const path = join(outDir, `${file}.json`);
    const text = `${JSON.stringify(list, null, 2)}\n`;
    if (check) {
      let current = '';
      try {
        current = readFileSync(path, 'utf8');
      } catch {
        // missing counts as stale
      }
      if (current !== text) {
        stale += 1;
        console.error(`stale: ${path}`);
      }
    } else {
      writeFileSync(path, text);
      console.log(`${list.network}: ${list.tokens.length} tokens -> ${path}`);
    }
  }
  for (const note of notes) console.log(`note: ${note}`);
  if (stale > 0) process.exit(1);
}

main();
