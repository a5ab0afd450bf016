import { describe, expect, it } from 'vitest';
import type { WalletToken } from '../../src/shared/data-types';
import type { Network } from '../../src/shared/enums';
import { CHART_COLORS } from '../../src/app/features/charts/chart-colors';
import { OTHERS_KEY, pieSlices } from '../../src/app/features/charts/pie-slices';
import { assetLabels, assetPieInputs } from '../../src/app/features/overview/asset-pie';

function holding(symbol: string, network: Network | null, address: string | null, value: string | null): WalletToken {
  const id = network === null ? `cex:${symbol}` : `${network}:${address ?? 'native'}`;
  return {
    token: { id, symbol, name: symbol, image_url: null, address, decimals: 6, network },
    amount: '1',
    value_fiat: value,
  };
}

const USDC_ETH = holding('USDC', 'ETHEREUM', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '300');
const USDC_POLYGON = holding('USDC', 'POLYGON', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', '200');
const ETH = holding('ETH', 'ETHEREUM', null, '500');

describe('asset pie labels', () => {
  it('keeps a symbol alone when it is unique', () => {
    expect(assetLabels([ETH, USDC_ETH])).toEqual(['ETH', 'USDC']);
  });

  it('adds the network to symbols held on several networks, and Exchange for exchange balances', () => {
    const cex = holding('USDC', null, null, '50');
    expect(assetLabels([ETH, USDC_ETH, USDC_POLYGON, cex])).toEqual([
      'ETH',
      'USDC (Ethereum)',
      'USDC (Polygon)',
      'USDC (Exchange)',
    ]);
  });

  it('names the contract when two tokens share symbol and network', () => {
    const other = holding('USDC', 'ETHEREUM', '0x1111111111111111111111111111111111111111', '1');
    expect(assetLabels([USDC_ETH, other, USDC_POLYGON])).toEqual([
      'USDC (Ethereum, 0xa0...606eb48)',
      'USDC (Ethereum, 0x11...1111111)',
      'USDC (Polygon)',
    ]);
  });
});

describe('asset pie slices', () => {
  it('keys slices by token id, so equal symbols make distinct slices and legend lines', () => {
    const slices = pieSlices(assetPieInputs([ETH, USDC_ETH, USDC_POLYGON]));
    expect(slices.map((slice) => slice.label)).toEqual(['ETH', 'USDC (Ethereum)', 'USDC (Polygon)']);
    expect(slices.map((slice) => slice.key)).toEqual([
      `slice:${ETH.token.id}`,
      `slice:${USDC_ETH.token.id}`,
      `slice:${USDC_POLYGON.token.id}`,
    ]);
    expect(slices.map((slice) => slice.percent)).toEqual(['50.0', '30.0', '20.0']);
  });

  it('keeps Others (N) and the 8 colours with unique keys when more than 7 tokens have a value', () => {
    const networks: Network[] = ['ETHEREUM', 'POLYGON', 'FANTOM', 'BINANCE_SMART_CHAIN', 'RONIN', 'AVALANCHE'];
    const tokens = [
      ...networks.map((network, index) => holding('USDC', network, `0x${String(index).repeat(40)}`, String(100 - index))),
      ...networks.map((network, index) => holding('USDT', network, `0x${String(index + 6).padStart(40, 'a')}`, String(50 - index))),
    ];
    const slices = pieSlices(assetPieInputs(tokens));
    expect(slices).toHaveLength(8);
    expect(new Set(slices.map((slice) => slice.key)).size).toBe(8);
    expect(new Set(slices.map((slice) => slice.label)).size).toBe(8);
    expect(slices.map((slice) => slice.color)).toEqual([...CHART_COLORS]);
    expect(slices.slice(0, 7).map((slice) => slice.label)).toEqual([
      'USDC (Ethereum)',
      'USDC (Polygon)',
      'USDC (Fantom)',
      'USDC (BSC)',
      'USDC (Ronin)',
      'USDC (Avalanche)',
      'USDT (Ethereum)',
    ]);
    const others = slices[7];
    expect(others?.key).toBe(OTHERS_KEY);
    expect(others?.label).toBe('Others (5)');
    expect(others?.value).toBe(String(49 + 48 + 47 + 46 + 45));
  });

  it('leaves out holdings without a price', () => {
    const unpriced = holding('USDC', 'POLYGON', '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', null);
    const slices = pieSlices(assetPieInputs([USDC_ETH, unpriced]));
    expect(slices.map((slice) => slice.label)).toEqual(['USDC (Ethereum)']);
  });
});
