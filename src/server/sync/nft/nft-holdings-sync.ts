/**
 * The NFTs a wallet holds now, from its ERC-721 / ERC-1155 transfers (received less sent per contract and id),
 * with metadata read once per item (name, image, traits) and the image copied onto the item's transaction rows,
 * and a price: the collection's floor where the floor-price source has one (collection-floors.ts), else what the
 * wallet paid where its history shows it (nft-sale-price.ts). Metadata hosts and the floor-price source that fail
 * are tried again later (metadata a day later, floors on the next run); they never fail the sync.
 */
import { and, desc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { getAddress, type Address } from 'viem';
import type { EvmNetwork } from '../../../shared/enums';
import type { Database } from '../../db/database';
import { nftHoldings, transactions, type NftStandard } from '../../db/schema';
import type { SyncDeps } from '../sync-deps';
import { collectionFloors } from './collection-floors';
import { salePrice, type SaleLeg } from './nft-sale-price';

/** Metadata reads per sync run (the rest follow on later runs). */
export const METADATA_READS_PER_RUN = 25;
const METADATA_RETRY_MS = 24 * 60 * 60 * 1000;

interface HeldItem {
  contract: string;
  nftId: string;
  collection: string;
  amount: bigint;
  acquiredAt: Date;
}

async function heldItems(db: Database, walletId: string): Promise<HeldItem[]> {
  const rows = await db
    .select({
      contract: transactions.tokenAddress,
      nftId: transactions.nftId,
      collection: sql<string>`max(${transactions.tokenName})`,
      held: sql<string>`sum(case when ${transactions.direction} = 'INCOMING' then ${transactions.amount} else -${transactions.amount} end)::text`,
      acquiredAt: sql<string>`max(case when ${transactions.direction} = 'INCOMING' then ${transactions.createdAt} end)`,
    })
    .from(transactions)
    .where(and(eq(transactions.walletId, walletId), isNotNull(transactions.nftId), eq(transactions.isError, false), sql`${transactions.fromAddress} <> ${transactions.toAddress}`))
    .groupBy(transactions.tokenAddress, transactions.nftId);
  return rows.flatMap((row) => {
    const amount = BigInt(row.held);
    if (amount <= 0n || row.contract === null || row.nftId === null || row.acquiredAt === null) return [];
    return [{ contract: row.contract, nftId: row.nftId, collection: row.collection, amount, acquiredAt: new Date(row.acquiredAt) }];
  });
}

export async function refreshNftHoldings(deps: SyncDeps, owner: { userId: string; walletId: string }, network: EvmNetwork): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  const items = await heldItems(db, owner.walletId);
  await db.transaction(async (tx: Database) => {
    for (const item of items) {
      await tx
        .insert(nftHoldings)
        .values({
          userId: owner.userId,
          walletId: owner.walletId,
          network,
          contractAddress: item.contract,
          nftId: item.nftId,
          standard: 'ERC721',
          amount: item.amount.toString(),
          collection: item.collection,
          acquiredAt: item.acquiredAt,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [nftHoldings.walletId, nftHoldings.network, nftHoldings.contractAddress, nftHoldings.nftId],
          set: { amount: item.amount.toString(), collection: item.collection, acquiredAt: item.acquiredAt, updatedAt: now },
        });
    }
    const keep = new Set(items.map((item) => `${item.contract}:${item.nftId}`));
    const stored = await tx
      .select({ id: nftHoldings.id, contract: nftHoldings.contractAddress, nftId: nftHoldings.nftId })
      .from(nftHoldings)
      .where(eq(nftHoldings.walletId, owner.walletId));
    for (const row of stored) {
      if (!keep.has(`${row.contract}:${row.nftId}`)) await tx.delete(nftHoldings).where(eq(nftHoldings.id, row.id));
    }
  });
  await priceHeldNfts(deps, owner.walletId, network);
  await readMissingMetadata(deps, owner.walletId, network, now);
}

/** Transaction hashes per query when reading the legs of the acquiring transactions. */
const HASHES_PER_QUERY = 500;

/**
 * Prices every held NFT at its collection's floor (each collection looked up once), or where the source has no
 * floor, from the transaction that last brought it in; and marks the price looked up (with or without a result),
 * so the PWA stops saying prices are loading. While the source cannot be reached, items priced before keep their
 * last price and new ones get the purchase price, not yet marked looked up.
 */
export async function priceHeldNfts(deps: SyncDeps, walletId: string, network: EvmNetwork): Promise<void> {
  const { db } = deps;
  const held = await db
    .select({ id: nftHoldings.id, contract: nftHoldings.contractAddress, nftId: nftHoldings.nftId, price: nftHoldings.price, currency: nftHoldings.priceCurrency, synced: nftHoldings.isPriceSynced })
    .from(nftHoldings)
    .where(eq(nftHoldings.walletId, walletId));
  if (held.length === 0) return;
  const floors = await collectionFloors(deps.nftPrices ?? null, network, held.map((item) => item.contract), deps.logger);

  // The latest transaction that brought each item in.
  const acquisitions = await db
    .selectDistinctOn([transactions.tokenAddress, transactions.nftId], { contract: transactions.tokenAddress, nftId: transactions.nftId, txHash: transactions.txHash })
    .from(transactions)
    .where(and(eq(transactions.walletId, walletId), isNotNull(transactions.nftId), eq(transactions.direction, 'INCOMING'), eq(transactions.isError, false)))
    .orderBy(transactions.tokenAddress, transactions.nftId, desc(transactions.createdAt), desc(transactions.blockNumber));
  const acquiredIn = new Map(acquisitions.map((row) => [`${row.contract ?? ''}:${row.nftId ?? ''}`, row.txHash]));

  const hashes = [...new Set(acquiredIn.values())];
  const legs = new Map<string, SaleLeg[]>();
  for (let i = 0; i < hashes.length; i += HASHES_PER_QUERY) {
    const rows = await db
      .select({
        txHash: transactions.txHash,
        direction: transactions.direction,
        amount: transactions.amount,
        tokenId: transactions.tokenId,
        tokenSymbol: transactions.tokenSymbol,
        tokenDecimals: transactions.tokenDecimals,
        nftId: transactions.nftId,
        isSpam: transactions.isSpam,
        isError: transactions.isError,
      })
      .from(transactions)
      .where(and(eq(transactions.walletId, walletId), inArray(transactions.txHash, hashes.slice(i, i + HASHES_PER_QUERY))));
    for (const row of rows) {
      const list = legs.get(row.txHash) ?? [];
      list.push({ ...row, amount: BigInt(row.amount) });
      legs.set(row.txHash, list);
    }
  }

  for (const item of held) {
    const floor = floors.get(item.contract) ?? { kind: 'none' };
    if (floor.kind === 'unavailable' && item.synced) continue;
    let found: { price: string; currency: string } | null;
    if (floor.kind === 'floor') {
      found = floor;
    } else {
      const hash = acquiredIn.get(`${item.contract}:${item.nftId}`);
      found = hash === undefined ? null : salePrice(legs.get(hash) ?? []);
    }
    const price = found?.price ?? null;
    const currency = found?.currency ?? null;
    const synced = floor.kind !== 'unavailable';
    // numeric keeps the scale it was given, so a price stored from the same text reads back equal.
    if (item.synced === synced && item.price === price && item.currency === currency) continue;
    await db.update(nftHoldings).set({ price, priceCurrency: currency, isPriceSynced: synced }).where(eq(nftHoldings.id, item.id));
  }
}

async function readMissingMetadata(deps: SyncDeps, walletId: string, network: EvmNetwork, now: Date): Promise<void> {
  const reader = deps.nftMetadata;
  if (reader === null) return;
  const { db } = deps;
  const due = await db
    .select({ id: nftHoldings.id, contract: nftHoldings.contractAddress, nftId: nftHoldings.nftId })
    .from(nftHoldings)
    .where(
      and(
        eq(nftHoldings.walletId, walletId),
        or(isNull(nftHoldings.metadataFetchedAt), and(isNull(nftHoldings.imageUrl), lt(nftHoldings.metadataFetchedAt, new Date(now.getTime() - METADATA_RETRY_MS)))),
      ),
    )
    .limit(METADATA_READS_PER_RUN);
  for (const item of due) {
    const base = { network, contract: getAddress(item.contract as Address), tokenId: BigInt(item.nftId) };
    let standard: NftStandard = 'ERC721';
    let metadata = null;
    try {
      metadata = await reader.read({ ...base, standard: 'erc721' });
      if (metadata.token_uri === null) {
        const other = await reader.read({ ...base, standard: 'erc1155' });
        if (other.token_uri !== null) {
          metadata = other;
          standard = 'ERC1155';
        }
      }
    } catch (error) {
      deps.logger.debug('NFT metadata unavailable', { contract: item.contract, nftId: item.nftId, error });
    }
    await db
      .update(nftHoldings)
      .set({
        standard,
        metadataFetchedAt: now,
        ...(metadata
          ? {
              name: metadata.name ?? '',
              imageUrl: metadata.image_url,
              metadataUrl: metadata.token_uri,
              properties: metadata.properties,
            }
          : {}),
      })
      .where(eq(nftHoldings.id, item.id));
    if (metadata?.image_url) {
      await db
        .update(transactions)
        .set({ nftImageUrl: metadata.image_url })
        .where(and(eq(transactions.walletId, walletId), eq(transactions.tokenAddress, item.contract), eq(transactions.nftId, item.nftId)));
    }
  }
}
