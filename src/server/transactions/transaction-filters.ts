/**
 * The WHERE clause of GET transactions: the user's rows, spam hidden unless asked for, inactive wallets left
 * out, and the filters of the query. Each filter is shaped for an index: the list's covering index for dates,
 * spam and wallets (the inactive wallets as a subquery, so a plain list needs no query before its page); token
 * ids for token filters (symbols are resolved to the user's token ids first); the labels' link table; and prefix
 * ranges on the hash and address indexes for search.
 */
import { and, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/database';
import { contactAddresses, contacts, labels, transactionLabels, transactions, wallets } from '../db/schema';
import { containsPattern } from '../lib/search-text';
import { userTokens, type UserToken } from './user-tokens';
import { startOfDay, startOfNextDay } from '../lib/zoned-day';
import type { TransactionListQuery } from '../../shared/contract/transactions';

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

/**
 * The hash and address prefixes a (lower-case) search text stands for: the text itself from MIN_PREFIX_SEARCH
 * characters, and with `0x` in front when it is bare hex (an EVM hash or address typed without it).
 */
export function hexPrefixes(lowered: string): string[] {
  if (lowered.length < MIN_PREFIX_SEARCH) return [];
  return /^[0-9a-f]+$/.test(lowered) ? [lowered, `0x${lowered}`] : [lowered];
}

const lowerFrom = sql`lower(${transactions.fromAddress})`;
const lowerTo = sql`lower(${transactions.toAddress})`;

/** Conditions every list query of the user starts from: the user's rows, spam unless shown, no inactive wallet. */
function baseConditions(scope: TransactionScope, showSpam: boolean): SQL[] {
  const conditions: SQL[] = [eq(transactions.userId, scope.userId)];
  if (!showSpam) conditions.push(eq(transactions.isSpam, false));
  const inactive = sql`select ${wallets.id} from ${wallets} where ${wallets.userId} = ${scope.userId} and not ${wallets.isActive}`;
  conditions.push(sql`(${transactions.walletId} is null or ${transactions.walletId} not in (${inactive}))`);
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

/**
 * The alternatives a search text matches, each shaped for one index: hash and counterparty address prefixes,
 * tokens by symbol or name, wallets by name or address, contacts' addresses by the contact's name or company,
 * and the transactions carrying a label whose name contains the text.
 */
async function searchBranches(
  db: Database,
  scope: TransactionScope,
  text: string,
  tokens: () => Promise<UserToken[]>,
): Promise<SQL[]> {
  const lowered = text.toLowerCase();
  const pattern = containsPattern(text);
  const [userTokenList, matchedWallets, contactAddressRows, matchedLabels] = await Promise.all([
    tokens(),
    db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.userId, scope.userId), or(ilike(wallets.name, pattern), ilike(wallets.address, pattern))))
      .limit(MAX_SEARCH_MATCHES),
    db
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
      .limit(MAX_SEARCH_MATCHES),
    db
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.userId, scope.userId), ilike(labels.name, pattern)))
      .limit(MAX_SEARCH_MATCHES),
  ]);
  const branches: SQL[] = [];
  for (const prefix of hexPrefixes(lowered)) {
    branches.push(prefixRange(sql`${transactions.txHash}`, prefix));
    branches.push(prefixRange(lowerFrom, prefix), prefixRange(lowerTo, prefix));
  }
  const tokenIds = userTokenList
    .filter((token) => token.symbol.toLowerCase().includes(lowered) || token.name.toLowerCase().includes(lowered))
    .slice(0, MAX_SEARCH_MATCHES)
    .map((token) => token.tokenId);
  if (tokenIds.length > 0) branches.push(inArray(transactions.tokenId, tokenIds));
  if (matchedWallets.length > 0) branches.push(inArray(transactions.walletId, matchedWallets.map((row) => row.id)));
  if (contactAddressRows.length > 0) {
    const addresses = contactAddressRows.map((row) => row.address);
    branches.push(inArray(lowerFrom, addresses), inArray(lowerTo, addresses));
  }
  if (matchedLabels.length > 0) {
    // The labelled ids as one array (as the label filter does): the cost follows the labels' size.
    const labelled = db
      .select({ id: transactionLabels.transactionId })
      .from(transactionLabels)
      .where(inArray(transactionLabels.labelId, matchedLabels.map((row) => row.id)));
    branches.push(sql`${transactions.id} = any(array(${labelled}))`);
  }
  return branches;
}

/** What a list query selects: rows meeting every condition and, with a search, one of the search's branches. */
export interface ListConditions {
  conditions: SQL[];
  /** Null without a search; empty when the search can match nothing. */
  searchBranches: SQL[] | null;
}

/** The WHERE conditions of the list as one list. */
export function allConditions(list: ListConditions): SQL[] {
  if (list.searchBranches === null) return list.conditions;
  return [...list.conditions, or(...list.searchBranches) ?? sql`false`];
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
): Promise<ListConditions | null> {
  const conditions = baseConditions(scope, query.show_spam);
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
    // The labelled ids as one array, then their rows by id: the cost follows the label's size, and the plan never
    // walks the user's whole list probing each row for a label.
    conditions.push(sql`${transactions.id} = any(array(${labelled}))`);
  }
  const search = query.search.trim();
  return { conditions, searchBranches: search === '' ? null : await searchBranches(db, scope, search, tokens) };
}
