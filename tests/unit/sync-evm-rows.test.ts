import { describe, expect, it } from 'vitest';
import type { RawEvmTransfer } from '../../src/server/providers/evm-history/types';
import { BATCH_STRIDE, internalLogIndex, UNINDEXED_BASE } from '../../src/server/sync/evm/event-index';
import { evmTransferDrafts, type EvmWalletTarget } from '../../src/server/sync/evm/evm-rows';
import { createTokenCatalog } from '../../src/server/sync/token-catalog';

const ME = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const OTHER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
const target: EvmWalletTarget = { walletId: 'w', userId: 'u', network: 'ETHEREUM', address: ME };
const catalog = createTokenCatalog();

function transfer(overrides: Partial<RawEvmTransfer>): RawEvmTransfer {
  return {
    kind: 'normal',
    hash: '0x01',
    blockNumber: 100n,
    timestamp: new Date('2024-03-01T00:00:00Z'),
    transactionIndex: 0,
    logIndex: null,
    traceId: null,
    from: ME,
    to: OTHER,
    value: 0n,
    tokenAddress: null,
    tokenSymbol: null,
    tokenName: null,
    tokenDecimals: null,
    tokenId: null,
    gas: 50_000n,
    gasPrice: 10n,
    gasUsed: 21_000n,
    isError: false,
    functionName: null,
    methodId: '0x',
    contractAddress: null,
    ...overrides,
  };
}

describe('evmTransferDrafts', () => {
  it('charges the fee on the sender’s native row only, and keeps failed calls', () => {
    const [sent, received, failed] = evmTransferDrafts(
      target,
      [
        transfer({ value: 5n }),
        transfer({ hash: '0x02', from: OTHER, to: ME, value: 7n }),
        transfer({ hash: '0x03', isError: true, methodId: '0xa9059cbb' }),
      ],
      catalog,
    );
    expect(sent).toMatchObject({ direction: 'OUTGOING', amount: 5n, fee: 210_000n, gas: 21_000n, logIndex: -1, token: { id: 'ETHEREUM:native', symbol: 'ETH' } });
    expect(received).toMatchObject({ direction: 'INCOMING', amount: 7n, fee: null });
    expect(failed).toMatchObject({ isError: true, fee: 210_000n, method: '0xa9059cbb' });
  });

  it('skips what does not concern the wallet: zero-value calls to it, empty internal transfers, others’ transfers', () => {
    const drafts = evmTransferDrafts(
      target,
      [
        transfer({ from: OTHER, to: ME, value: 0n }),
        transfer({ kind: 'internal', from: OTHER, to: ME, value: 0n, traceId: '0_1' }),
        transfer({ from: OTHER, to: '0x0000000000000000000000000000000000000001', value: 9n }),
      ],
      catalog,
    );
    expect(drafts).toEqual([]);
  });

  it('names a contract creation’s recipient by the created contract', () => {
    const [creation] = evmTransferDrafts(target, [transfer({ to: null, contractAddress: '0xC5102fE9359FD9a28f877a67E36B0F050d81a3CC' })], catalog);
    expect(creation?.toAddress).toBe('0xc5102fe9359fd9a28f877a67e36b0f050d81a3cc');
  });

  it('numbers internal transfers by trace id, stable across pages', () => {
    const items = [transfer({ kind: 'internal', from: OTHER, to: ME, value: 1n, traceId: '0_1_1' }), transfer({ kind: 'internal', from: OTHER, to: ME, value: 1n, traceId: '0_1_2' })];
    const together = evmTransferDrafts(target, items, catalog).map((d) => d.logIndex);
    const apart = items.flatMap((item) => evmTransferDrafts(target, [item], catalog).map((d) => d.logIndex));
    expect(together).toEqual(apart);
    expect(together[0]).toBe(internalLogIndex('0_1_1'));
    expect(new Set(together).size).toBe(2);
    expect(together.every((index) => index <= -2)).toBe(true);
  });

  it('gives ERC-1155 batch entries distinct indexes, and transfers without a log index a stable one', () => {
    const batch = [3n, 1n, 2n].map((id) => transfer({ kind: 'erc1155', from: OTHER, to: ME, value: 1n, logIndex: 4, tokenId: id, tokenAddress: '0x76be3b62873462d2142405439777e971754e8e77' }));
    expect(evmTransferDrafts(target, batch, catalog).map((d) => [d.nftId, d.logIndex])).toEqual([
      ['3', 4 + 2 * BATCH_STRIDE],
      ['1', 4],
      ['2', 4 + BATCH_STRIDE],
    ]);
    const unindexed = transfer({ kind: 'erc20', from: OTHER, to: ME, value: 10n, tokenAddress: USDC, tokenSymbol: 'USDC', tokenDecimals: 6 });
    const [a] = evmTransferDrafts(target, [unindexed], catalog);
    const [b] = evmTransferDrafts(target, [transfer({ kind: 'normal', value: 1n }), unindexed], catalog).slice(1);
    expect(a?.logIndex).toBe(b?.logIndex);
    expect(a?.logIndex).toBeGreaterThanOrEqual(UNINDEXED_BASE);
  });

  it('numbers a batch naming one token id twice the same way whatever order the explorer lists it in', () => {
    const entry = (id: bigint, value: bigint) => transfer({ kind: 'erc1155', from: OTHER, to: ME, value, logIndex: 9, tokenId: id, tokenAddress: '0x76be3b62873462d2142405439777e971754e8e77' });
    const keyed = (items: RawEvmTransfer[]) => evmTransferDrafts(target, items, catalog).map((d) => `${d.nftId ?? ''}:${d.amount.toString()}:${String(d.logIndex)}`).sort();
    const one = [entry(5n, 3n), entry(5n, 1n), entry(2n, 7n)];
    const other = [entry(2n, 7n), entry(5n, 1n), entry(5n, 3n)];
    expect(keyed(one)).toEqual(keyed(other));
    expect(keyed(one)).toEqual(['2:7:9', `5:1:${String(9 + BATCH_STRIDE)}`, `5:3:${String(9 + 2 * BATCH_STRIDE)}`]);
  });

  it('takes token details from the token list, flags look-alike spam, and never flags NFTs for having no decimals', () => {
    const [usdc, fake, nft] = evmTransferDrafts(
      target,
      [
        transfer({ kind: 'erc20', from: OTHER, to: ME, value: 10n, logIndex: 1, tokenAddress: USDC, tokenSymbol: 'usdc?', tokenName: 'x', tokenDecimals: 18 }),
        transfer({ kind: 'erc20', from: OTHER, to: ME, value: 10n, logIndex: 2, tokenAddress: '0x1111111111111111111111111111111111111111', tokenSymbol: 'USDC', tokenName: 'USD Coin', tokenDecimals: 6 }),
        transfer({ kind: 'erc721', from: OTHER, to: ME, value: 1n, logIndex: 3, tokenAddress: '0x06012c8cf97bead5deae237070f9587f8e7a266d', tokenSymbol: 'CK', tokenName: 'CryptoKitties', tokenDecimals: 0, tokenId: 1423n }),
      ],
      catalog,
    );
    expect(usdc).toMatchObject({ isSpam: false, token: { symbol: 'USDC', decimals: 6, id: `ETHEREUM:${USDC}` } });
    expect(fake?.isSpam).toBe(true);
    expect(nft).toMatchObject({ isSpam: false, nftId: '1423', token: { decimals: 0 } });
  });
});
