/** NFTs (docs/overview.md, docs/data-model.md): the NFTs the active wallets hold. */
import * as v from 'valibot';
import { endpoint } from './endpoint';
import { decimal, network, timestamp } from './primitives';

export const NFT_ORDERINGS = [
  '-created_at',
  'created_at',
  'name',
  '-name',
  'collection',
  '-collection',
  'price',
  '-price',
] as const;
export type NftOrdering = (typeof NFT_ORDERINGS)[number];

const oneText = (field: string, max: number) =>
  v.pipe(
    v.unknown(),
    v.check((value) => !Array.isArray(value), `Give one ${field}.`),
    v.transform((value) => String(value).trim()),
    v.maxLength(max, `Ensure this field has no more than ${String(max)} characters.`),
  );

export const nftItemOut = v.object({
  nft_id: v.string(),
  name: v.string(),
  collection: v.string(),
  image_url: v.nullable(v.string()),
  contract_address: v.string(),
  network,
  created_at: timestamp,
  price: v.nullable(decimal),
  currency: v.nullable(v.string()),
  is_price_synced: v.boolean(),
  properties: v.array(v.object({ property_id: v.string(), name: v.string() })),
});
export type NftItem = v.InferOutput<typeof nftItemOut>;

export const nftEndpoints = {
  nonFungibleTokensSummary: endpoint({
    method: 'GET',
    path: '/api/non-fungible-tokens-summary',
    access: 'user',
    query: v.object({
      ordering: v.optional(
        v.pipe(oneText('ordering', 20), v.picklist(NFT_ORDERINGS, `Choose one of: ${NFT_ORDERINGS.join(', ')}.`)),
        '-created_at',
      ),
      /** Only this collection (ignoring case). */
      collection: v.optional(oneText('collection', 200)),
      /** Only NFTs with at least this many properties (0: all). */
      properties_number: v.optional(
        v.pipe(
          oneText('properties_number', 4),
          v.regex(/^\d+$/, 'properties_number must be a whole number.'),
          v.transform(Number),
        ),
      ),
    }),
    response: v.array(nftItemOut),
  }),
} as const;
