/** NFT metadata and prices. */
import type { EvmNetwork } from '../../../shared/enums';

export type NftStandard = 'erc721' | 'erc1155';

export interface NftRef {
  network: EvmNetwork;
  contract: `0x${string}`;
  tokenId: bigint;
  standard: NftStandard;
}

/** One trait: `property_id` is the trait type ("Background"), `name` its value ("Blue"). */
export interface NftProperty {
  property_id: string;
  name: string;
}

export interface NftMetadata {
  /** The token URI as the contract gives it; null when it gives none. */
  token_uri: string | null;
  name: string | null;
  description: string | null;
  /** Fetchable image URL (IPFS and Arweave resolved through gateways), or a data: URL; null when none. */
  image_url: string | null;
  external_url: string | null;
  properties: NftProperty[];
}

export interface NftFloorPrice {
  /** Decimal string. */
  price: string;
  /** Currency symbol of the price, e.g. "ETH". */
  currency: string;
}

/** A source of collection floor prices (optional: none without its API key). */
export interface NftPriceProvider {
  readonly name: string;
  /** Floor price of the collection, null when the source has none. Throws `ProviderError` on outages. */
  floorPrice(collection: { network: EvmNetwork; contract: `0x${string}` }): Promise<NftFloorPrice | null>;
}

/** Price fields of the NFT summary row. */
export interface NftPrice {
  price: string | null;
  currency: string | null;
  /**
   * True once a price was looked up for this NFT, with or without a result (the sync prices held NFTs at their
   * collection's floor where a floor-price source has one, else from the wallet's own purchase transaction);
   * false while no lookup could be made.
   */
  is_price_synced: boolean;
}
