/**
 * Current holdings of a wallet or exchange account into token_balances, with current USD prices and values,
 * and the account's total. A price source that cannot be reached leaves the previous prices in place.
 */
import { and, eq, notInArray, type SQL } from 'drizzle-orm';
import type Big from 'big.js';
import type { Network } from '../../../shared/enums';
import { Big as BigDecimal, decimalToString } from '../../../shared/money';
import type { Database } from '../../db/database';
import { tokenBalances, type StoredTokenRef } from '../../db/schema';
import { isProviderError } from '../../providers/http/http-client';
import { tokenKey, type TokenRef } from '../../providers/prices/types';
import type { SyncDeps } from '../sync-deps';
import { usdValue } from '../valuation';

export interface Holding {
  token: StoredTokenRef;
  amount: bigint;
  isSpam: boolean;
  /** How the token is priced; null: unpriced. */
  priceRef: TokenRef | null;
}

export interface HoldingsOwner {
  userId: string;
  walletId: string | null;
  cexId: string | null;
  network: Network | null;
}

async function currentPrices(deps: SyncDeps, refs: readonly TokenRef[]): Promise<Map<string, Big> | null> {
  if (deps.prices === null || refs.length === 0) return new Map();
  try {
    return await deps.prices.currentPricesUsd(refs);
  } catch (error) {
    if (!isProviderError(error)) throw error;
    deps.logger.warn('Current prices unavailable; keeping the previous ones', { detail: error.detail });
    return null;
  }
}

/** Replaces the owner's holdings; returns the total USD value of the non-spam ones. */
export async function storeHoldings(deps: SyncDeps, owner: HoldingsOwner, holdings: readonly Holding[]): Promise<string> {
  const { db } = deps;
  const now = deps.now();
  const ownerWhere: SQL =
    owner.walletId !== null ? eq(tokenBalances.walletId, owner.walletId) : eq(tokenBalances.cexId, owner.cexId ?? '');
  const held = holdings.filter((holding) => holding.amount > 0n);
  const priced = held.filter((holding) => !holding.isSpam && holding.priceRef !== null);
  const prices = await currentPrices(deps, priced.map((holding) => holding.priceRef as TokenRef));
  const previous = new Map(
    (await db.select({ tokenId: tokenBalances.tokenId, priceUsd: tokenBalances.priceUsd }).from(tokenBalances).where(ownerWhere)).map((row) => [
      row.tokenId,
      row.priceUsd,
    ]),
  );

  let total = new BigDecimal(0);
  await db.transaction(async (tx: Database) => {
    for (const holding of held) {
      const fresh = holding.isSpam || holding.priceRef === null ? undefined : prices?.get(tokenKey(holding.priceRef));
      const kept = prices === null ? previous.get(holding.token.id) : null;
      const price = fresh ?? (kept ? new BigDecimal(kept) : null);
      const valueUsd = price ? usdValue(holding.amount, holding.token.decimals, price) : null;
      if (valueUsd !== null && !holding.isSpam) total = total.plus(valueUsd);
      const changes = {
        network: owner.network ?? holding.token.network,
        tokenId: holding.token.id,
        tokenAddress: holding.token.address,
        tokenSymbol: holding.token.symbol,
        tokenName: holding.token.name,
        tokenDecimals: holding.token.decimals,
        tokenImage: holding.token.image_url,
        amount: holding.amount.toString(),
        priceUsd: price ? decimalToString(price) : null,
        valueUsd,
        isSpam: holding.isSpam,
        updatedAt: now,
      };
      await tx
        .insert(tokenBalances)
        .values({ userId: owner.userId, walletId: owner.walletId, cexId: owner.cexId, ...changes })
        .onConflictDoUpdate({
          target: owner.walletId !== null ? [tokenBalances.walletId, tokenBalances.tokenId] : [tokenBalances.cexId, tokenBalances.tokenId],
          set: changes,
        });
    }
    const keep = held.map((holding) => holding.token.id);
    await tx.delete(tokenBalances).where(keep.length > 0 ? and(ownerWhere, notInArray(tokenBalances.tokenId, keep)) : ownerWhere);
  });
  return decimalToString(total);
}
