/**
 * Current fungible holdings from the balances the sync stores (token_balances): per wallet or exchange account,
 * and per token over the user's active wallets and exchange accounts. Spam tokens are left out. Values are
 * computed here from amount and USD price, then converted with the answer's fiat context.
 */
import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { WalletToken } from '../../shared/data-types';
import { Big, fromBaseUnits } from '../../shared/money';
import type { Database } from '../db/database';
import { centralisedExchanges, tokenBalances, wallets } from '../db/schema';
import type { FiatContext } from '../lib/fiat-rates';
import { preparedStatement } from '../lib/prepared';
import { toTokenRef, type TokenColumns } from '../lib/token-view';

export interface Holding extends TokenColumns {
  /** Base units. */
  amount: bigint;
  /** USD price of one whole token; null when unpriced. */
  priceUsd: string | null;
}

export interface OwnedHolding extends Holding {
  walletId: string | null;
  cexId: string | null;
}

const tokenColumns = {
  tokenId: tokenBalances.tokenId,
  tokenAddress: tokenBalances.tokenAddress,
  tokenSymbol: tokenBalances.tokenSymbol,
  tokenName: tokenBalances.tokenName,
  tokenDecimals: tokenBalances.tokenDecimals,
  tokenImage: tokenBalances.tokenImage,
  network: tokenBalances.network,
};

/** Holdings of the given wallets and exchange accounts (active or not), each row with its owner. */
export async function holdingsOf(
  db: Database,
  userId: string,
  owners: { walletIds?: readonly string[]; cexIds?: readonly string[] },
): Promise<OwnedHolding[]> {
  const parts: SQL[] = [];
  if (owners.walletIds !== undefined && owners.walletIds.length > 0) {
    parts.push(inArray(tokenBalances.walletId, [...owners.walletIds]));
  }
  if (owners.cexIds !== undefined && owners.cexIds.length > 0) parts.push(inArray(tokenBalances.cexId, [...owners.cexIds]));
  if (parts.length === 0) return [];
  const rows = await db
    .select({
      ...tokenColumns,
      walletId: tokenBalances.walletId,
      cexId: tokenBalances.cexId,
      amount: tokenBalances.amount,
      priceUsd: tokenBalances.priceUsd,
    })
    .from(tokenBalances)
    .where(and(eq(tokenBalances.userId, userId), eq(tokenBalances.isSpam, false), or(...parts)));
  return rows.map((row) => ({ ...row, amount: BigInt(row.amount) })).filter((row) => row.amount !== 0n);
}

const userHoldingsStatement = (db: Database) =>
  db
    .select({
      tokenId: tokenBalances.tokenId,
      tokenAddress: sql<string | null>`min(${tokenBalances.tokenAddress})`,
      tokenSymbol: sql<string>`min(${tokenBalances.tokenSymbol})`,
      tokenName: sql<string>`min(${tokenBalances.tokenName})`,
      tokenDecimals: sql<number>`min(${tokenBalances.tokenDecimals})::int`,
      tokenImage: sql<string | null>`min(${tokenBalances.tokenImage})`,
      network: sql<TokenColumns['network']>`min(${tokenBalances.network})`,
      amount: sql<string>`sum(${tokenBalances.amount})::text`,
      priceUsd: sql<string | null>`((array_agg(${tokenBalances.priceUsd} order by ${tokenBalances.updatedAt} desc) filter (where ${tokenBalances.priceUsd} is not null))[1])::text`,
    })
    .from(tokenBalances)
    .leftJoin(wallets, eq(wallets.id, tokenBalances.walletId))
    .leftJoin(centralisedExchanges, eq(centralisedExchanges.id, tokenBalances.cexId))
    .where(
      and(
        eq(tokenBalances.userId, sql.placeholder('userId')),
        eq(tokenBalances.isSpam, false),
        or(eq(wallets.isActive, true), isNotNull(centralisedExchanges.id)),
      ),
    )
    .groupBy(tokenBalances.tokenId)
    .prepare('user_holdings');

/**
 * The user's holdings per token over active wallets and all exchange accounts. The price is the most recently
 * stored one of the token.
 */
export async function userHoldings(db: Database, userId: string): Promise<Holding[]> {
  const rows = await preparedStatement(db, 'user_holdings', userHoldingsStatement).execute({ userId });
  return rows
    .map((row) => ({ ...row, tokenDecimals: Number(row.tokenDecimals), amount: BigInt(row.amount) }))
    .filter((row) => row.amount !== 0n);
}

/** Holding values in the answer's fiat, ordered by value (unpriced last), then symbol. */
export function toWalletTokens(holdings: readonly Holding[], fiat: FiatContext): WalletToken[] {
  return holdings
    .map((holding) => ({
      token: toTokenRef(holding),
      amount: fromBaseUnits(holding.amount, holding.tokenDecimals),
      value_fiat: fiat.holding(holding.amount, holding.tokenDecimals, holding.priceUsd),
    }))
    .sort(byValueThenSymbol);
}

function byValueThenSymbol(a: WalletToken, b: WalletToken): number {
  if (a.value_fiat !== null && b.value_fiat !== null) {
    const diff = new Big(b.value_fiat).cmp(a.value_fiat);
    if (diff !== 0) return diff;
  } else if (a.value_fiat !== b.value_fiat) {
    return a.value_fiat === null ? 1 : -1;
  }
  const sa = a.token.symbol.toLowerCase();
  const sb = b.token.symbol.toLowerCase();
  return sa < sb ? -1 : sa > sb ? 1 : a.token.id < b.token.id ? -1 : a.token.id > b.token.id ? 1 : 0;
}

/** Sum of the priced values (decimal strings) in the answer's fiat. */
export function totalValue(tokens: readonly WalletToken[]): string {
  let total = new Big(0);
  for (const token of tokens) if (token.value_fiat !== null) total = total.plus(token.value_fiat);
  return total.toFixed();
}
