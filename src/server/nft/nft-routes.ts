import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Hono } from 'hono';
import { nftEndpoints, type NftItem, type NftOrdering } from '../../shared/contract/nft';
import { authOf } from '../http/guards';
import { nftHoldings, wallets, type NftHoldingRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';

const orderBy = (ordering: NftOrdering): SQL[] => {
  const name = sql`lower(${nftHoldings.name})`;
  const collection = sql`lower(${nftHoldings.collection})`;
  switch (ordering) {
    case '-created_at':
      return [desc(nftHoldings.acquiredAt), desc(nftHoldings.id)];
    case 'created_at':
      return [asc(nftHoldings.acquiredAt), asc(nftHoldings.id)];
    case 'name':
      return [asc(name), asc(nftHoldings.id)];
    case '-name':
      return [desc(name), desc(nftHoldings.id)];
    case 'collection':
      return [asc(collection), asc(name), asc(nftHoldings.id)];
    case '-collection':
      return [desc(collection), desc(name), desc(nftHoldings.id)];
    case 'price':
      return [sql`${nftHoldings.price} asc nulls last`, asc(nftHoldings.id)];
    case '-price':
      return [sql`${nftHoldings.price} desc nulls last`, desc(nftHoldings.id)];
  }
};

export function toNftItem(row: NftHoldingRow): NftItem {
  return {
    nft_id: row.nftId,
    name: row.name,
    collection: row.collection,
    image_url: row.imageUrl,
    contract_address: row.contractAddress,
    network: row.network,
    created_at: row.acquiredAt.toISOString(),
    price: row.price,
    currency: row.priceCurrency,
    is_price_synced: row.isPriceSynced,
    properties: row.properties,
  };
}

/** GET non-fungible-tokens-summary: NFTs the active wallets hold. */
export function registerNftRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, nftEndpoints.nonFungibleTokensSummary, async (c, { query }) => {
    const { user } = authOf(c);
    const filters: SQL[] = [eq(nftHoldings.userId, user.id), eq(wallets.isActive, true)];
    if (query.collection !== undefined && query.collection !== '') {
      filters.push(sql`lower(${nftHoldings.collection}) = ${query.collection.toLowerCase()}`);
    }
    if (query.properties_number !== undefined && query.properties_number > 0) {
      filters.push(sql`jsonb_array_length(${nftHoldings.properties}) >= ${query.properties_number}`);
    }
    const rows = await s.db
      .select({ holding: nftHoldings })
      .from(nftHoldings)
      .innerJoin(wallets, eq(wallets.id, nftHoldings.walletId))
      .where(and(...filters))
      .orderBy(...orderBy(query.ordering));
    return rows.map((row) => toNftItem(row.holding));
  });
}
