import { and, eq, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { transactions, type StoredTokenRef } from '../../db/schema';

export interface TokenSeen {
  token: StoredTokenRef;
  isSpam: boolean;
}

const ownerWhere = (owner: { walletId: string } | { cexId: string }): SQL =>
  'walletId' in owner ? eq(transactions.walletId, owner.walletId) : eq(transactions.cexId, owner.cexId);

/** Fungible tokens (not the native coin, not NFTs) a wallet's transactions have touched. */
export async function tokensSeen(db: Database, walletId: string): Promise<TokenSeen[]> {
  const rows = await db
    .selectDistinctOn([transactions.tokenId], {
      id: transactions.tokenId,
      network: transactions.network,
      address: transactions.tokenAddress,
      symbol: transactions.tokenSymbol,
      name: transactions.tokenName,
      decimals: transactions.tokenDecimals,
      image: transactions.tokenImage,
      isSpam: transactions.isSpam,
    })
    .from(transactions)
    .where(and(eq(transactions.walletId, walletId), isNull(transactions.nftId), isNotNull(transactions.tokenAddress)))
    .orderBy(transactions.tokenId);
  return rows.map((row) => ({
    token: { id: row.id, network: row.network, address: row.address, symbol: row.symbol, name: row.name, decimals: row.decimals, image_url: row.image },
    isSpam: row.isSpam,
  }));
}

/**
 * Balances implied by the stored transactions, by token id: what arrived less what left (failed transactions
 * and transfers to oneself move nothing), the native coin less the fees paid.
 */
export async function balancesFromTransactions(db: Database, owner: { walletId: string } | { cexId: string }, nativeTokenId: string | null): Promise<Map<string, bigint>> {
  const rows = await db
    .select({
      tokenId: transactions.tokenId,
      net: sql<string>`coalesce(sum(case when ${transactions.direction} = 'INCOMING' then ${transactions.amount} else -${transactions.amount} end), 0)::text`,
    })
    .from(transactions)
    .where(and(ownerWhere(owner), isNull(transactions.nftId), eq(transactions.isError, false), ne(transactions.fromAddress, transactions.toAddress)))
    .groupBy(transactions.tokenId);
  const result = new Map(rows.map((row) => [row.tokenId, BigInt(row.net)]));
  const fees = await db
    .select({
      tokenId: sql<string | null>`${transactions.feeTokenId}`,
      total: sql<string>`coalesce(sum(${transactions.fee}), 0)::text`,
    })
    .from(transactions)
    .where(and(ownerWhere(owner), isNotNull(transactions.fee)))
    .groupBy(transactions.feeTokenId);
  for (const fee of fees) {
    const tokenId = fee.tokenId ?? nativeTokenId;
    if (tokenId === null) continue;
    result.set(tokenId, (result.get(tokenId) ?? 0n) - BigInt(fee.total));
  }
  return result;
}
