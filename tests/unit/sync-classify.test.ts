import { describe, expect, it } from 'vitest';
import { classifyLegs, RONIN_AXS, RONIN_SLP, type Leg } from '../../src/server/sync/classify';
import type { StoredTokenRef } from '../../src/server/db/schema';

const token = (id: string, address: string | null, symbol = id): StoredTokenRef => ({ id, address, symbol, name: symbol, decimals: 18, image_url: null, network: 'ETHEREUM' });
const ETH = token('ETHEREUM:native', null, 'ETH');
const USDC = token('ETHEREUM:0xa0b8', '0xa0b8', 'USDC');
const DAI = token('ETHEREUM:0x6b17', '0x6b17', 'DAI');

function leg(overrides: Partial<Leg>): Leg {
  return { txHash: '0x1', logIndex: 0, direction: 'OUTGOING', amount: 1n, token: USDC, isSpam: false, isError: false, isNft: false, method: null, ...overrides };
}

describe('classifyLegs', () => {
  it('marks both sides of a token-for-token swap, each naming the other', () => {
    const kinds = classifyLegs('ETHEREUM', [
      leg({ logIndex: -1, amount: 0n, token: ETH }),
      leg({ logIndex: 3, amount: 500n, token: USDC }),
      leg({ logIndex: 5, direction: 'INCOMING', amount: 499n, token: DAI }),
    ]);
    expect(kinds.get('0x1:-1')?.kind).toBe('TRANSFER');
    expect(kinds.get('0x1:3')).toMatchObject({ kind: 'SWAP', swappedAmount: 499n, swappedToken: DAI });
    expect(kinds.get('0x1:5')).toMatchObject({ kind: 'SWAP', swappedAmount: 500n, swappedToken: USDC });
  });

  it('leaves transfers, same-token round trips, spam, failures and NFTs alone', () => {
    const cases: Leg[][] = [
      [leg({ logIndex: 1 }), leg({ logIndex: 2 })],
      [leg({ logIndex: 1 }), leg({ logIndex: 2, direction: 'INCOMING' })],
      [leg({ logIndex: 1 }), leg({ logIndex: 2, direction: 'INCOMING', token: DAI, isSpam: true })],
      [leg({ logIndex: 1, isError: true }), leg({ logIndex: 2, direction: 'INCOMING', token: DAI })],
      [leg({ logIndex: 1 }), leg({ logIndex: 2, direction: 'INCOMING', token: DAI, isNft: true })],
    ];
    for (const legs of cases) {
      expect([...classifyLegs('ETHEREUM', legs).values()].map((k) => k.kind)).toEqual(['TRANSFER', 'TRANSFER']);
    }
  });

  it('keeps transactions apart', () => {
    const kinds = classifyLegs('ETHEREUM', [leg({ txHash: '0xa' }), leg({ txHash: '0xb', direction: 'INCOMING', token: DAI })]);
    expect(kinds.get('0xa:0')?.kind).toBe('TRANSFER');
    expect(kinds.get('0xb:0')?.kind).toBe('TRANSFER');
  });

  it('recognises an Axie breed on Ronin and puts the AXS and SLP spent on the native row', () => {
    const axs: StoredTokenRef = { ...token('RONIN:axs', RONIN_AXS, 'AXS'), network: 'RONIN' };
    const slp: StoredTokenRef = { ...token('RONIN:slp', RONIN_SLP, 'SLP'), network: 'RONIN' };
    const ron: StoredTokenRef = { ...token('RONIN:native', null, 'RON'), network: 'RONIN' };
    const legs = [
      leg({ logIndex: -1, amount: 0n, token: ron, method: 'breedAxies(uint256 _sireId, uint256 _matronId, uint256 _referrer)' }),
      leg({ logIndex: 1, amount: 500_000_000_000_000_000n, token: axs }),
      leg({ logIndex: 2, amount: 1200n, token: slp }),
      leg({ logIndex: 3, direction: 'INCOMING', amount: 1n, token: { ...axs, id: 'RONIN:axie', address: '0xaxie' }, isNft: true }),
    ];
    const kinds = classifyLegs('RONIN', legs);
    expect([...kinds.values()].every((k) => k.kind === 'AXIE_BREED')).toBe(true);
    expect(kinds.get('0x1:-1')).toMatchObject({ axieBreedAxsCost: 500_000_000_000_000_000n, axieBreedSlpCost: 1200n });
    expect(kinds.get('0x1:1')).toMatchObject({ axieBreedAxsCost: null });
    // The same call elsewhere is not Axie's.
    expect(classifyLegs('ETHEREUM', legs).get('0x1:-1')?.kind).toBe('TRANSFER');
  });
});
