import { execFileSync } from 'node:child_process';
import {
  createPublicClient,
  custom,
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  getAddress,
  stringToHex,
  type Address,
  type Hex,
} from 'viem';
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '../../src/shared/enums';
import { tokenMetadataFromChain } from '../../src/server/providers/tokens/chain-metadata';
import { isLikelySpam, spamReasons } from '../../src/server/providers/tokens/spam';
import { COMMITTED_TOKEN_LISTS, parseTokenList } from '../../src/server/providers/tokens/token-list';
import { createTokenRegistry, tokenId } from '../../src/server/providers/tokens/token-registry';

const registry = createTokenRegistry();

describe('committed token lists', () => {
  it('parse for every network, with one native coin each', () => {
    for (const network of NETWORKS) {
      const list = parseTokenList(network, COMMITTED_TOKEN_LISTS[network]);
      expect(list.tokens.filter((t) => t.address === 'native')).toHaveLength(1);
    }
  });

  it('have the natives with 18 decimals (BTC 8)', () => {
    expect(registry.native('ETHEREUM')).toMatchObject({ symbol: 'ETH', decimals: 18, coingecko_id: 'ethereum' });
    expect(registry.native('BINANCE_SMART_CHAIN')).toMatchObject({ symbol: 'BNB', decimals: 18 });
    expect(registry.native('POLYGON')).toMatchObject({ symbol: 'POL', decimals: 18 });
    expect(registry.native('FANTOM')).toMatchObject({ symbol: 'FTM', decimals: 18 });
    expect(registry.native('AVALANCHE')).toMatchObject({ symbol: 'AVAX', decimals: 18 });
    expect(registry.native('RONIN')).toMatchObject({ symbol: 'RON', decimals: 18 });
    expect(registry.list('BITCOIN')).toEqual([
      expect.objectContaining({ id: 'BITCOIN:native', symbol: 'BTC', decimals: 8, address: 'native' }),
    ]);
  });

  it("carry the documented decimals for USDT, USDC and WBTC where the chain uses them", () => {
    expect(registry.get('ETHEREUM', '0xdac17f958d2ee523a2206206994597c13d831ec7')).toMatchObject({ symbol: 'USDT', decimals: 6 });
    expect(registry.get('ETHEREUM', '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')).toMatchObject({ symbol: 'USDC', decimals: 6 });
    expect(registry.get('ETHEREUM', '0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599')).toMatchObject({ symbol: 'WBTC', decimals: 8 });
    expect(registry.get('POLYGON', '0xc2132D05D31c914a87C6611C10748AEb04B58e8F')).toMatchObject({ symbol: 'USDT', decimals: 6 });
    expect(registry.get('POLYGON', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359')).toMatchObject({ symbol: 'USDC', decimals: 6 });
    expect(registry.get('AVALANCHE', '0xB97EF9Ef8734C71904D8002F8b6Bc66Dd9c48a6E')).toMatchObject({ symbol: 'USDC', decimals: 6 });
    expect(registry.get('RONIN', '0x0B7007c13325C48911F73A2daD5FA5dCBf808aDc')).toMatchObject({ symbol: 'USDC', decimals: 6 });
    // BSC's Binance-pegged stablecoins really have 18 decimals; the list wins over the symbol default
    expect(registry.get('BINANCE_SMART_CHAIN', '0x55d398326f99059fF775485246999027B3197955')).toMatchObject({ symbol: 'USDT', decimals: 18 });
  });

  it('store checksummed addresses, https images or null, and known coin ids', () => {
    for (const network of NETWORKS) {
      for (const token of registry.list(network)) {
        if (token.address !== 'native') expect(getAddress(token.address)).toBe(token.address);
        if (token.image_url !== null) expect(token.image_url.startsWith('https://')).toBe(true);
        expect(token.id).toBe(tokenId(network, token.address));
      }
    }
    const weth = registry.get('ETHEREUM', '0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2');
    expect(weth?.address).toBe('0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2');
    expect(registry.coingeckoIdFor({ network: 'ETHEREUM', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toBe('usd-coin');
    expect(registry.coingeckoIdFor({ network: 'RONIN', address: '0x97a9107C1793BC407d6F527b77e7fff4D812bece' })).toBe('axie-infinity');
    expect(registry.get('RONIN', '0xa8754b9Fa15fc18BB59458815510E40a12cD2014')).toMatchObject({ symbol: 'SLP', decimals: 0 });
  });

  it('list tokens sorted by symbol, case-insensitively', () => {
    for (const network of NETWORKS) {
      const symbols = registry.list(network).map((t) => t.symbol.toLowerCase());
      expect(symbols).toEqual([...symbols].sort());
    }
    expect(registry.list('ETHEREUM').length).toBeGreaterThan(500);
  });

  it('look tokens up by network and address', () => {
    expect(registry.get('ETHEREUM', 'native')?.symbol).toBe('ETH');
    expect(registry.get('POLYGON', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBeUndefined();
    expect(registry.get('ETHEREUM', 'not-an-address')).toBeUndefined();
    expect(registry.isKnown('ETHEREUM', '0xdAC17F958D2ee523a2206206994597C13D831ec7')).toBe(true);
  });

  it('are what the build script produces from the installed packages', () => {
    execFileSync(process.execPath, ['src/scripts/build-token-lists.mjs', '--check'], { stdio: 'pipe' });
  });

  it('refuse malformed lists', () => {
    const broken = { ...COMMITTED_TOKEN_LISTS, FANTOM: { network: 'FANTOM', sources: [], tokens: [{ symbol: 'X' }] } };
    expect(() => createTokenRegistry(broken).list('FANTOM')).toThrow(/malformed/);
    const wrongNetwork = { ...COMMITTED_TOKEN_LISTS, FANTOM: COMMITTED_TOKEN_LISTS.RONIN };
    expect(() => createTokenRegistry(wrongNetwork).list('FANTOM')).toThrow(/says it is for RONIN/);
    const noNative = {
      ...COMMITTED_TOKEN_LISTS,
      FANTOM: { network: 'FANTOM', sources: [], tokens: [] },
    };
    expect(() => createTokenRegistry(noNative).native('FANTOM')).toThrow(/one native coin/);
  });
});

describe('spam heuristics', () => {
  const unknown = { known: false, decimals: 18 };

  it('flag website and claim names', () => {
    expect(isLikelySpam({ ...unknown, name: 'Visit usdt-airdrop.com to claim', symbol: 'USDT-REWARD' })).toBe(true);
    expect(isLikelySpam({ ...unknown, name: 'https://t.me/scam', symbol: 'X' })).toBe(true);
    expect(isLikelySpam({ ...unknown, name: 'ETH Gift', symbol: 'ethgift.site' })).toBe(true);
    expect(spamReasons({ ...unknown, name: 'Claim your rewards', symbol: 'RWD' })).toContain('asks to claim or visit');
  });

  it('flag zero-decimal airdrops unless the user sent the token', () => {
    expect(isLikelySpam({ known: false, decimals: 0, name: 'Some Token', symbol: 'SOME' })).toBe(true);
    expect(isLikelySpam({ known: false, decimals: 0, name: 'Some Token', symbol: 'SOME', userSent: true })).toBe(false);
  });

  it('flag look-alike symbols and impersonation', () => {
    expect(isLikelySpam({ ...unknown, name: 'Tether', symbol: 'UЅDT' })).toBe(true); // Cyrillic S
    expect(isLikelySpam({ ...unknown, name: 'Tether USD', symbol: 'USDT', impersonates: true })).toBe(true);
  });

  it('leave ordinary and listed tokens alone', () => {
    expect(isLikelySpam({ ...unknown, name: 'Example Finance Token', symbol: 'EFT' })).toBe(false);
    expect(isLikelySpam({ ...unknown, name: 'USD Coin (PoS)', symbol: 'USDC.e' })).toBe(false);
    expect(isLikelySpam({ known: true, decimals: 0, name: 'Visit scam.com', symbol: 'SLP' })).toBe(false);
  });

  it('know through the registry which tokens are listed and which symbols are borrowed', () => {
    const slp = { network: 'RONIN' as const, address: '0xa8754b9Fa15fc18BB59458815510E40a12cD2014', name: 'Smooth Love Potion', symbol: 'SLP', decimals: 0 };
    expect(registry.isLikelySpam(slp)).toBe(false);
    const fakeUsdt = { network: 'ETHEREUM' as const, address: '0x1111111111111111111111111111111111111111', name: 'Tether USD', symbol: 'USDT', decimals: 6 };
    expect(registry.isLikelySpam(fakeUsdt)).toBe(true);
    const fakeNative = { network: 'FANTOM' as const, address: '0x2222222222222222222222222222222222222222', name: 'Fantom', symbol: 'ftm', decimals: 18 };
    expect(registry.isLikelySpam(fakeNative)).toBe(true);
    const plain = { network: 'ETHEREUM' as const, address: '0x3333333333333333333333333333333333333333', name: 'Plain Token', symbol: 'PLN', decimals: 18 };
    expect(registry.isLikelySpam(plain)).toBe(false);
    expect(registry.isLikelySpam({ ...plain, decimals: 0 })).toBe(true);
    expect(registry.isLikelySpam({ ...plain, decimals: 0 }, { userSent: true })).toBe(false);
  });
});

describe('tokenMetadataFromChain', () => {
  const STANDARD: Address = '0x1000000000000000000000000000000000000001';
  const BYTES32: Address = '0x1000000000000000000000000000000000000002';
  const NO_DECIMALS: Address = '0x1000000000000000000000000000000000000003';
  const EMPTY: Address = '0x1000000000000000000000000000000000000004';
  const REVERTS_NAME: Address = '0x1000000000000000000000000000000000000005';

  function fakeChain() {
    const calls: string[] = [];
    const client = createPublicClient({
      transport: custom({
        async request({ method, params }: { method: string; params?: unknown }) {
          if (method === 'eth_chainId') return '0x1';
          if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
          const [call] = params as [{ to: Address; data: Hex }];
          const to = call.to.toLowerCase();
          const { functionName } = decodeFunctionData({ abi: erc20Abi, data: call.data });
          calls.push(`${to}.${functionName}`);
          if (to === EMPTY.toLowerCase()) return '0x';
          if (to === STANDARD.toLowerCase()) {
            if (functionName === 'name') return encodeFunctionResult({ abi: erc20Abi, functionName: 'name', result: 'Mock\u0000 USD ' });
            if (functionName === 'symbol') return encodeFunctionResult({ abi: erc20Abi, functionName: 'symbol', result: 'mUSD' });
            if (functionName === 'decimals') return encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 6 });
          }
          if (to === BYTES32.toLowerCase()) {
            if (functionName === 'name') return stringToHex('Maker', { size: 32 });
            if (functionName === 'symbol') return stringToHex('MKR', { size: 32 });
            if (functionName === 'decimals') return encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 18 });
          }
          if (to === REVERTS_NAME.toLowerCase()) {
            if (functionName === 'decimals') return encodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', result: 0 });
            throw Object.assign(new Error('execution reverted'), { code: 3, data: '0x' });
          }
          if (to === NO_DECIMALS.toLowerCase() && functionName !== 'decimals') {
            return encodeFunctionResult({ abi: erc20Abi, functionName: 'name', result: 'Not a token' });
          }
          throw Object.assign(new Error('execution reverted'), { code: 3, data: '0x' });
        },
      }, { retryCount: 0 }),
    });
    return { client, calls };
  }

  it('reads name, symbol and decimals', async () => {
    const { client } = fakeChain();
    expect(await tokenMetadataFromChain(client, STANDARD)).toEqual({ name: 'Mock USD', symbol: 'mUSD', decimals: 6 });
  });

  it('reads bytes32 names and symbols of old tokens', async () => {
    const { client } = fakeChain();
    expect(await tokenMetadataFromChain(client, BYTES32)).toEqual({ name: 'Maker', symbol: 'MKR', decimals: 18 });
  });

  it('gives null for contracts without decimals and for addresses without code', async () => {
    const { client, calls } = fakeChain();
    expect(await tokenMetadataFromChain(client, NO_DECIMALS)).toBeNull();
    expect(await tokenMetadataFromChain(client, EMPTY)).toBeNull();
    expect(calls.filter((c) => c.endsWith('.name'))).toHaveLength(0);
  });

  it('keeps the decimals when name and symbol cannot be read', async () => {
    const { client } = fakeChain();
    expect(await tokenMetadataFromChain(client, REVERTS_NAME)).toEqual({ name: null, symbol: null, decimals: 0 });
  });
});
