/**
 * The demo's NFT collections: fictional ERC-721 collections whose artwork ships with the PWA under
 * /demo-nfts/, so the NFT screens show images with no network.
 */
import { getAddress } from 'viem';
import type { NftProperty } from '../db/schema';
import { tokenId, type TokenInfo } from '../providers/tokens/token-registry';
import type { Prng } from './prng';

export interface DemoNftItem {
  tokenId: string;
  name: string;
  /** File name under public/demo-nfts/. */
  image: string;
  properties: NftProperty[];
}

export interface DemoNftCollection {
  key: string;
  name: string;
  symbol: string;
  /** Floor price at the end of the history, in ETH. */
  floorEth: string;
  /** Items the wallet buys and keeps. */
  kept: DemoNftItem[];
  /** An item the wallet receives as a gift and later passes on, if any. */
  passedOn?: DemoNftItem;
}

export const DEMO_NFT_PATH = '/demo-nfts/';

const trait = (property_id: string, name: string): NftProperty => ({ property_id, name });

export const DEMO_NFT_COLLECTIONS: readonly DemoNftCollection[] = [
  {
    key: 'harbor-lights',
    name: 'Harbor Lights',
    symbol: 'HRBL',
    floorEth: '0.034',
    kept: [
      {
        tokenId: '112',
        name: 'Harbor Lights #112',
        image: 'harbor-lights-112.svg',
        properties: [trait('Sky', 'Midnight'), trait('Beam', 'Gold'), trait('Sea', 'Calm')],
      },
      {
        tokenId: '487',
        name: 'Harbor Lights #487',
        image: 'harbor-lights-487.svg',
        properties: [trait('Sky', 'Dusk'), trait('Beam', 'White'), trait('Sea', 'Swell')],
      },
    ],
  },
  {
    key: 'glyph-gardens',
    name: 'Glyph Gardens',
    symbol: 'GLYPH',
    floorEth: '0.058',
    kept: [
      {
        tokenId: '23',
        name: 'Glyph Gardens #23',
        image: 'glyph-gardens-23.svg',
        properties: [trait('Soil', 'Terracotta'), trait('Glyph', 'Spiral'), trait('Leaves', '3')],
      },
      {
        tokenId: '1408',
        name: 'Glyph Gardens #1408',
        image: 'glyph-gardens-1408.svg',
        properties: [trait('Soil', 'Moss'), trait('Glyph', 'Cross'), trait('Leaves', '5')],
      },
    ],
  },
  {
    key: 'orbit-keys',
    name: 'Orbit Keys',
    symbol: 'ORBK',
    floorEth: '0.11',
    kept: [
      {
        tokenId: '7',
        name: 'Orbit Keys #7',
        image: 'orbit-keys-7.svg',
        properties: [trait('Planet', 'Amber'), trait('Rings', '2'), trait('Key', 'Silver')],
      },
    ],
    passedOn: {
      tokenId: '311',
      name: 'Orbit Keys #311',
      image: 'orbit-keys-311.svg',
      properties: [trait('Planet', 'Teal'), trait('Rings', '1'), trait('Key', 'Bronze')],
    },
  },
];

/** The collection as a token (ERC-721 contracts have no decimals) at a contract address drawn from `prng`. */
export function collectionToken(collection: DemoNftCollection, prng: Prng): TokenInfo {
  const address = getAddress(`0x${prng.fork(`nft:${collection.key}`).hex(20)}`);
  return {
    id: tokenId('ETHEREUM', address),
    network: 'ETHEREUM',
    symbol: collection.symbol,
    name: collection.name,
    address,
    decimals: 0,
    image_url: null,
    coingecko_id: null,
  };
}

export const nftImageUrl = (item: DemoNftItem): string => `${DEMO_NFT_PATH}${item.image}`;
