/**
 * The NFT list's filter (docs/overview.md GET non-fungible-tokens-summary: ordering, collection; docs/overview.md: a
 * properties_number slider from 0, off, to the largest number of properties among the user's NFTs). The server
 * filters; the same rules run here on the full cached list, so the list answers at once and offline.
 */
import type { QueryOf } from '../../../shared/contract/endpoint';
import type { NftItem, nftEndpoints, NftOrdering } from '../../../shared/contract/nft';
import { toDecimal, type Big } from '../../../shared/money';

export const NFT_ORDERINGS = [
  { value: '-created_at', label: 'Newest first' },
  { value: 'created_at', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: 'collection', label: 'Collection A–Z' },
  { value: '-collection', label: 'Collection Z–A' },
  { value: '-price', label: 'Price high to low' },
  { value: 'price', label: 'Price low to high' },
] as const satisfies readonly { value: NftOrdering; label: string }[];
export type { NftOrdering } from '../../../shared/contract/nft';

export interface NftFilter {
  ordering: NftOrdering;
  /** One collection (compared ignoring case); '' for all. */
  collection: string;
  /** Only NFTs with at least this many properties; 0 is off. */
  minProperties: number;
}

export const DEFAULT_NFT_FILTER: NftFilter = { ordering: '-created_at', collection: '', minProperties: 0 };

export function isNftOrdering(value: string): value is NftOrdering {
  return NFT_ORDERINGS.some((choice) => choice.value === value);
}

/** The query of GET non-fungible-tokens-summary: the ordering always, the filters only when on. */
export function nftListParams(filter: NftFilter): QueryOf<typeof nftEndpoints.nonFungibleTokensSummary> {
  const params: QueryOf<typeof nftEndpoints.nonFungibleTokensSummary> = { ordering: filter.ordering };
  if (filter.collection !== '') params.collection = filter.collection;
  if (filter.minProperties > 0) params.properties_number = filter.minProperties;
  return params;
}

/** The slider's maximum: the largest number of properties among the NFTs (0 when none has any). */
export function maxProperties(items: readonly NftItem[]): number {
  return items.reduce((max, item) => Math.max(max, item.properties.length), 0);
}

/** The collections to choose from: each name once (ignoring case, first spelling kept), alphabetical. */
export function nftCollections(items: readonly NftItem[]): string[] {
  const byKey = new Map<string, string>();
  for (const item of items) {
    const name = item.collection;
    if (name.trim() !== '' && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || compareText(a, b));
}

/** A filter whose slider value fits the current maximum (NFTs may have gone since it was set). */
export function fitFilter(filter: NftFilter, max: number): NftFilter {
  return filter.minProperties > max ? { ...filter, minProperties: max } : filter;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function priceOf(item: NftItem): Big | null {
  if (item.price === null) return null;
  try {
    return toDecimal(item.price);
  } catch {
    return null;
  }
}

/** Unpriced NFTs come last in both price orders, as on the server. */
function comparePrice(a: NftItem, b: NftItem, direction: 1 | -1): number {
  const pa = priceOf(a);
  const pb = priceOf(b);
  if (pa === null || pb === null) return pa === pb ? 0 : pa === null ? 1 : -1;
  return pa.cmp(pb) * direction;
}

const identity = (item: NftItem) => `${item.network}:${item.contract_address.toLowerCase()}:${item.nft_id}`;
const lowerName = (item: NftItem) => item.name.toLowerCase();
const lowerCollection = (item: NftItem) => item.collection.toLowerCase();

function comparator(ordering: NftOrdering): (a: NftItem, b: NftItem) => number {
  const direction = ordering.startsWith('-') ? -1 : 1;
  const tie = (a: NftItem, b: NftItem) => compareText(identity(a), identity(b)) * direction;
  switch (ordering) {
    case '-created_at':
    case 'created_at':
      return (a, b) => (Date.parse(a.created_at) - Date.parse(b.created_at)) * direction || tie(a, b);
    case 'name':
    case '-name':
      return (a, b) => compareText(lowerName(a), lowerName(b)) * direction || tie(a, b);
    case 'collection':
    case '-collection':
      return (a, b) =>
        (compareText(lowerCollection(a), lowerCollection(b)) || compareText(lowerName(a), lowerName(b))) * direction ||
        tie(a, b);
    case 'price':
    case '-price':
      return (a, b) => comparePrice(a, b, direction) || tie(a, b);
  }
}

/** The NFTs the filter keeps, in its order. */
export function filterNfts(items: readonly NftItem[], filter: NftFilter): NftItem[] {
  const collection = filter.collection.trim().toLowerCase();
  return items
    .filter((item) => collection === '' || item.collection.toLowerCase() === collection)
    .filter((item) => filter.minProperties <= 0 || item.properties.length >= filter.minProperties)
    .sort(comparator(filter.ordering));
}

/** A React key per NFT, unique even when two wallets hold the same token. */
export function nftKeys(items: readonly NftItem[]): string[] {
  const seen = new Map<string, number>();
  return items.map((item) => {
    const key = identity(item);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count === 0 ? key : `${key}#${String(count)}`;
  });
}
