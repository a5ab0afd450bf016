import { describe, expect, it } from 'vitest';
import type { NftItem } from '../../src/shared/contract/nft';
import {
  DEFAULT_NFT_FILTER,
  filterNfts,
  fitFilter,
  isNftOrdering,
  maxProperties,
  nftCollections,
  nftKeys,
  nftListParams,
  NFT_ORDERINGS,
  type NftFilter,
} from '../../src/app/features/overview/nft-list-model';
import { nftListQuery, overviewKeys } from '../../src/app/features/overview/overview-queries';

function nft(name: string, patch: Partial<NftItem> & { props?: number } = {}): NftItem {
  const { props = 0, ...rest } = patch;
  return {
    nft_id: name.replace(/\D/g, '') || '1',
    name,
    collection: 'Harbor Lights',
    image_url: null,
    contract_address: '0x00000000000000000000000000000000000000aa',
    network: 'ETHEREUM',
    created_at: '2024-05-01T10:00:00.000Z',
    price: null,
    currency: null,
    is_price_synced: true,
    properties: Array.from({ length: props }, (_, index) => ({ property_id: `p${String(index)}`, name: 'x' })),
    ...rest,
  };
}

const harbor112 = nft('Harbor Lights #112', { props: 3, price: '0.034', currency: 'ETH', created_at: '2024-01-05T00:00:00Z' });
const harbor487 = nft('Harbor Lights #487', { props: 1, price: '0.5', currency: 'ETH', created_at: '2024-03-01T00:00:00Z' });
const glyph23 = nft('glyph gardens #23', {
  collection: 'glyph gardens',
  contract_address: '0x00000000000000000000000000000000000000bb',
  props: 5,
  price: '0.058',
  currency: 'ETH',
  created_at: '2024-02-01T00:00:00Z',
});
const glyph1408 = nft('Glyph Gardens #1408', {
  collection: 'Glyph Gardens',
  contract_address: '0x00000000000000000000000000000000000000bb',
  props: 2,
  created_at: '2024-04-01T00:00:00Z',
  is_price_synced: false,
});
const orbit7 = nft('Orbit Keys #7', {
  collection: 'Orbit Keys',
  contract_address: '0x00000000000000000000000000000000000000cc',
  network: 'POLYGON',
  price: '0.11',
  currency: 'ETH',
  created_at: '2024-04-02T00:00:00Z',
});
const all = [harbor112, harbor487, glyph23, glyph1408, orbit7];
const names = (items: NftItem[]) => items.map((item) => item.name);
const filter = (patch: Partial<NftFilter>): NftFilter => ({ ...DEFAULT_NFT_FILTER, ...patch });

describe('NFT list filter', () => {
  it('shows everything, newest first, by default', () => {
    expect(names(filterNfts(all, DEFAULT_NFT_FILTER))).toEqual([
      'Orbit Keys #7',
      'Glyph Gardens #1408',
      'Harbor Lights #487',
      'glyph gardens #23',
      'Harbor Lights #112',
    ]);
    expect(names(filterNfts(all, filter({ ordering: 'created_at' }))).at(0)).toBe('Harbor Lights #112');
  });

  it('keeps one collection, ignoring case as the server does', () => {
    expect(names(filterNfts(all, filter({ collection: 'GLYPH GARDENS', ordering: 'name' })))).toEqual([
      'Glyph Gardens #1408',
      'glyph gardens #23',
    ]);
    expect(filterNfts(all, filter({ collection: 'Unknown' }))).toEqual([]);
  });

  it('keeps NFTs with at least the slider value of properties; 0 is off', () => {
    expect(filterNfts(all, filter({ minProperties: 0 }))).toHaveLength(5);
    expect(names(filterNfts(all, filter({ minProperties: 3, ordering: 'name' })))).toEqual([
      'glyph gardens #23',
      'Harbor Lights #112',
    ]);
    expect(names(filterNfts(all, filter({ minProperties: 5 })))).toEqual(['glyph gardens #23']);
  });

  it('combines the collection and the properties filters', () => {
    expect(names(filterNfts(all, filter({ collection: 'Harbor Lights', minProperties: 2 })))).toEqual(['Harbor Lights #112']);
  });

  it('orders by name and by collection ignoring case, in both directions', () => {
    expect(names(filterNfts(all, filter({ ordering: 'name' })))).toEqual([
      'Glyph Gardens #1408',
      'glyph gardens #23',
      'Harbor Lights #112',
      'Harbor Lights #487',
      'Orbit Keys #7',
    ]);
    expect(names(filterNfts(all, filter({ ordering: '-name' })))).toEqual([
      'Orbit Keys #7',
      'Harbor Lights #487',
      'Harbor Lights #112',
      'glyph gardens #23',
      'Glyph Gardens #1408',
    ]);
    // By collection, then by name within it.
    const zeta = nft('Zeta #1', { collection: 'Alpha', contract_address: '0x00000000000000000000000000000000000000dd' });
    expect(names(filterNfts([orbit7, zeta], filter({ ordering: 'collection' })))).toEqual(['Zeta #1', 'Orbit Keys #7']);
    expect(names(filterNfts([orbit7, zeta], filter({ ordering: 'name' })))).toEqual(['Orbit Keys #7', 'Zeta #1']);
    expect(names(filterNfts(all, filter({ ordering: 'collection' })))).toEqual([
      'Glyph Gardens #1408',
      'glyph gardens #23',
      'Harbor Lights #112',
      'Harbor Lights #487',
      'Orbit Keys #7',
    ]);
    expect(names(filterNfts(all, filter({ ordering: '-collection' })))).toEqual([
      'Orbit Keys #7',
      'Harbor Lights #487',
      'Harbor Lights #112',
      'glyph gardens #23',
      'Glyph Gardens #1408',
    ]);
  });

  it('orders by price exactly, unpriced NFTs last in both directions', () => {
    expect(names(filterNfts(all, filter({ ordering: 'price' })))).toEqual([
      'Harbor Lights #112',
      'glyph gardens #23',
      'Orbit Keys #7',
      'Harbor Lights #487',
      'Glyph Gardens #1408',
    ]);
    expect(names(filterNfts(all, filter({ ordering: '-price' })))).toEqual([
      'Harbor Lights #487',
      'Orbit Keys #7',
      'glyph gardens #23',
      'Harbor Lights #112',
      'Glyph Gardens #1408',
    ]);
    // 0.1 and 0.10000000000000000001 differ though a binary float cannot tell them apart.
    const close = [nft('A #1', { price: '0.10000000000000000001' }), nft('B #2', { price: '0.1' })];
    expect(names(filterNfts(close, filter({ ordering: 'price' })))).toEqual(['B #2', 'A #1']);
  });

  it('does not change the list it is given', () => {
    const copy = [...all];
    filterNfts(all, filter({ ordering: 'name' }));
    expect(all).toEqual(copy);
  });
});

describe('NFT list choices', () => {
  it('sets the slider maximum to the largest number of properties, 0 without any', () => {
    expect(maxProperties(all)).toBe(5);
    expect(maxProperties([orbit7])).toBe(0);
    expect(maxProperties([])).toBe(0);
  });

  it('lists each collection once, ignoring case, alphabetically', () => {
    expect(nftCollections([...all, nft('Blank #9', { collection: ' ' })])).toEqual([
      'glyph gardens',
      'Harbor Lights',
      'Orbit Keys',
    ]);
  });

  it('brings a slider value above the maximum down to it', () => {
    expect(fitFilter(filter({ minProperties: 7 }), 3)).toEqual(filter({ minProperties: 3 }));
    const fits = filter({ minProperties: 2 });
    expect(fitFilter(fits, 3)).toBe(fits);
  });

  it('knows the server orderings', () => {
    expect(NFT_ORDERINGS.map((choice) => choice.value)).toEqual([
      '-created_at',
      'created_at',
      'name',
      '-name',
      'collection',
      '-collection',
      '-price',
      'price',
    ]);
    expect(isNftOrdering('-price')).toBe(true);
    expect(isNftOrdering('price; drop')).toBe(false);
  });

  it('gives every NFT its own key, also the same token held by two wallets', () => {
    const keys = nftKeys([harbor112, { ...harbor112 }, orbit7]);
    expect(new Set(keys).size).toBe(3);
  });
});

describe('NFT list request', () => {
  it('sends the ordering always and the filters only when on', () => {
    expect(nftListParams(DEFAULT_NFT_FILTER)).toEqual({ ordering: '-created_at' });
    expect(nftListParams(filter({ ordering: 'name', collection: 'Orbit Keys', minProperties: 2 }))).toEqual({
      ordering: 'name',
      collection: 'Orbit Keys',
      properties_number: 2,
    });
  });

  it('caches each filter under its own key beneath the NFT keys', () => {
    const key = nftListQuery(filter({ collection: 'Orbit Keys', minProperties: 1 })).queryKey;
    expect(key).toEqual(['nfts', 'list', '-created_at', 'Orbit Keys', 1]);
    expect(key[0]).toBe(overviewKeys.nfts[0]);
    expect(nftListQuery(DEFAULT_NFT_FILTER).queryKey).not.toEqual(key);
  });
});
