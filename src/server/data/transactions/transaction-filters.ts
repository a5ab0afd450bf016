/**
 * The WHERE clause of GET transactions: the user's rows, spam hidden unless asked for, inactive wallets left
 * out, and the filters of the query. Each filter is shaped for an index: the list's covering index for dates,
 * spam and wallets; token ids for token filters (symbols are resolved to the user's token ids first); the
 * labels' link table; and prefix ranges on the hash and address indexes for search.
 */
import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { contactAddresses, contacts, labels, transactionLabels, transactions, wallets } from '../../db/schema';
import { likePattern } from '../../wallets/wallet-list';
import { excludingWallets, inactiveWalletIds } from '../active-scope';
import { userTokens, type UserToken } from '../user-tokens';
import { startOfDay, startOfNextDay } from '../zoned-day';
import type { TransactionListQuery } from './transaction-query';

export interface TransactionScope {
  userId: string;
  /** The user's time zone: date filters mean the user's calendar days. */
  timeZone: string;
}

/** Hash and address search needs this many characters (shorter texts match token, wallet and contact names). */
export const MIN_PREFIX_SEARCH = 4;
const MAX_SEARCH_MATCHES = 200;

const prefixRange = (column: SQL, prefix: string): SQL =>
  sql`(${column} >= ${prefix} and ${column} < ${`${prefix}\uffff`})`;

const lowerFrom = sql`lower(${transactions.fromAddress})`;
const lowerTo = sql`lower(${transactions.toAddress})`;

/** Conditions every list query of the user starts from. */
async function baseConditions(db: Database, scope: TransactionScope, showSpam: boolean): Promise<SQL[]> {
  const conditions: SQL[] = [eq(transactions.userId, scope.userId)];
  if (!showSpam) conditions.push(eq(transactions.isSpam, false));
  const active = excludingWallets(await inactiveWalletIds(db, scope.userId));
  if (active !== undefined) conditions.push(active);
  return conditions;
}

/** A token id as stored: upper-case network, lower-case contract address ("POLYGON:0xc2…", "BINANCE:BTC"). */
function canonicalTokenId(value: string): string {
  const at = value.indexOf(':');
  const rest = value.slice(at + 1);
  const lower = rest.toLowerCase();
  return `${value.slice(0, at).toUpperCase()}:${lower === 'native' || lower.startsWith('0x') ? lower : rest}`;
}

/** Token filter values: a token id ("ETHEREUM:native", "POLYGON:0x…", "BINANCE:BTC") or a symbol. */
function tokenIdsFor(values: readonly string[], tokens: readonly UserToken[]): string[] {
  const ids = new Set<string>();
  const symbols = new Set(values.filter((value) => !value.includes(':')).map((value) => value.toUpperCase()));
  const named = new Set(values.filter((value) => value.includes(':')).map((value) => value.toLowerCase()));
  for (const value of values) if (value.includes(':')) ids.add(canonicalTokenId(value));
  for (const token of tokens) {
    if (symbols.has(token.symbol.toUpperCase()) || named.has(token.tokenId.toLowerCase())) ids.add(token.tokenId);
  }
  return [...ids];
}

async function searchCondition(
  db: Database,
  scope: TransactionScope,
  text: string,
  tokens: () => Promise<UserToken[]>,
): Promise<SQL> {
  const lowered = text.toLowerCase();
  const branches: SQL[] = [];
  if (text.length >= MIN_PREFIX_SEARCH) {
    branches.push(prefixRange(sql`${transactions.txHash}`, lowered));
    branches.push(prefixRange(lowerFrom, lowered), prefixRange(lowerTo, lowered));
  }
  const tokenIds = (await tokens())
    .filter((token) => token.symbol.toLowerCase().includes(lowered) || token.name.toLowerCase().includes(lowered))
    .slice(0, MAX_SEARCH_MATCHES)
    .map((token) => token.tokenId);
  if (tokenIds.length > 0) branches.push(inArray(transactions.tokenId, tokenIds));

  const pattern = likePattern(text);
  const matchedWallets = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(and(eq(wallets.userId, scope.userId), or(ilike(wallets.name, pattern), ilike(wallets.address, pattern))))
    .limit(MAX_SEARCH_MATCHES);
  if (matchedWallets.length > 0) branches.push(inArray(transactions.walletId, matchedWallets.map((row) => row.id)));

  const contactAddressRows = await db
    .selectDistinct({ address: sql<string>`lower(${contactAddresses.address})` })
    .from(contactAddresses)
    .innerJoin(contacts, eq(contacts.id, contactAddresses.contactId))
    .where(
      and(
        eq(contactAddresses.userId, scope.userId),
        or(
          ilike(sql`${contacts.firstName} || ' ' || ${contacts.lastName}`, pattern),
          ilike(contacts.company, pattern),
        ),
      ),
    )
    .limit(MAX_SEARCH_MATCHES);
  if (contactAddressRows.length > 0) {
    const addresses = contactAddressRows.map((row) => row.address);
    branches.push(inArray(lowerFrom, addresses), inArray(lowerTo, addresses));
  }
  return branches.length === 0 ? sql`false` : (or(...branches) ?? sql`false`);
}

/**
 * The conditions of a list query, or null when the filters cannot match anything (a token filter naming no
 * token of the user).
 */
export async function transactionConditions(
  db: Database,
  scope: TransactionScope,
  query: Pick<
    TransactionListQuery,
    'show_spam' | 'created_at_after' | 'created_at_before' | 'token__in' | 'labels' | 'search' | 'wallet'
  >,
): Promise<SQL[] | null> {
  const conditions = await baseConditions(db, scope, query.show_spam);
  if (query.wallet !== undefined) conditions.push(eq(transactions.walletId, query.wallet));
  if (query.created_at_after !== undefined) {
    conditions.push(gte(transactions.createdAt, startOfDay(query.created_at_after, scope.timeZone)));
  }
  if (query.created_at_before !== undefined) {
    conditions.push(lt(transactions.createdAt, startOfNextDay(query.created_at_before, scope.timeZone)));
  }

  let tokenList: Promise<UserToken[]> | undefined;
  const tokens = (): Promise<UserToken[]> => (tokenList ??= userTokens(db, scope.userId));

  if (query.token__in.length > 0) {
    const needsLookup = query.token__in.some((value) => !value.includes(':'));
    const ids = tokenIdsFor(query.token__in, needsLookup ? await tokens() : []);
    if (ids.length === 0) return null;
    conditions.push(inArray(transactions.tokenId, ids));
  }
  if (query.labels.length > 0) {
    const labelled = db
      .select({ id: transactionLabels.transactionId })
      .from(transactionLabels)
      .innerJoin(labels, eq(labels.id, transactionLabels.labelId))
      .where(and(eq(labels.userId, scope.userId), inArray(transactionLabels.labelId, [...query.labels])));
    conditions.push(inArray(transactions.id, labelled));
  }
  const search = query.search.trim();
  if (search !== '') conditions.push(await searchCondition(db, scope, search, tokens));
  return conditions;
}
