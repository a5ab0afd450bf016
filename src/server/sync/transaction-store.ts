/**
 * Writing transaction rows: multi-row INSERT … ON CONFLICT DO NOTHING on the unique keys (so a page delivered
 * twice changes nothing), with the kinds that span several rows (swaps, Axie breeding) worked out over the new
 * rows and the rows of the same transactions already stored, whose kind is updated when it changes.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Network } from '../../shared/enums';
import type { Database } from '../db/database';
import { transactions, type NewTransactionRow, type StoredTokenRef, type TransactionDirection, type TransactionKind } from '../db/schema';
import type { TokenColumns } from '../lib/token-view';
import { classifyLegs, sameKind, type Leg, type LegKind } from './classify';
import { draftLeg, draftRow, type RowOwner, type TransactionDraft } from './transaction-draft';

/** Rows per INSERT statement. */
export const INSERT_CHUNK_ROWS = 2000;

export interface InsertResult {
  /** Rows actually added (duplicates skipped). */
  inserted: number;
  /** Of those, rows that count toward the plan's transaction limit (spam does not). */
  counted: number;
}

export interface StoreResult extends InsertResult {
  /** The plan's limit cut the rows short: rows after `lastKept` were left out. */
  truncated: boolean;
  /** The last row kept (in the given order), or null when none was new. */
  lastKept: TransactionDraft | null;
}

/**
 * New rows in order, cut so that at most `maxCounted` of them count toward the plan's limit (spam rows before
 * the cut are kept, since they do not count).
 */
export function cutAtLimit<T>(rows: readonly T[], maxCounted: number, isSpam: (row: T) => boolean): { kept: T[]; truncated: boolean } {
  if (!Number.isFinite(maxCounted)) return { kept: [...rows], truncated: false };
  const kept: T[] = [];
  let counted = 0;
  for (const row of rows) {
    if (!isSpam(row)) {
      if (counted >= maxCounted) return { kept, truncated: true };
      counted += 1;
    }
    kept.push(row);
  }
  return { kept, truncated: false };
}

/** Columns written by insertTransactionRows, with their SQL types (every value travels as text). */
const INSERT_COLUMNS: readonly [keyof NewTransactionRow, string, string][] = [
  ['id', 'id', 'uuid'],
  ['userId', 'user_id', 'uuid'],
  ['walletId', 'wallet_id', 'uuid'],
  ['cexId', 'cex_id', 'uuid'],
  ['network', 'network', 'text'],
  ['txHash', 'tx_hash', 'text'],
  ['logIndex', 'log_index', 'integer'],
  ['blockNumber', 'block_number', 'bigint'],
  ['externalId', 'external_id', 'text'],
  ['createdAt', 'created_at', 'timestamptz'],
  ['direction', 'direction', 'text'],
  ['fromAddress', 'from_address', 'text'],
  ['toAddress', 'to_address', 'text'],
  ['amount', 'amount', 'numeric'],
  ['tokenId', 'token_id', 'text'],
  ['tokenAddress', 'token_address', 'text'],
  ['tokenSymbol', 'token_symbol', 'text'],
  ['tokenName', 'token_name', 'text'],
  ['tokenDecimals', 'token_decimals', 'integer'],
  ['tokenImage', 'token_image', 'text'],
  ['kind', 'kind', 'text'],
  ['gas', 'gas', 'numeric'],
  ['gasPrice', 'gas_price', 'numeric'],
  ['fee', 'fee', 'numeric'],
  ['feeTokenId', 'fee_token_id', 'text'],
  ['priceUsd', 'price_usd', 'numeric'],
  ['valueUsd', 'value_usd', 'numeric'],
  ['nftId', 'nft_id', 'text'],
  ['nftImageUrl', 'nft_image_url', 'text'],
  ['nftUrl', 'nft_url', 'text'],
  ['swappedAmount', 'swapped_amount', 'numeric'],
  ['swappedToken', 'swapped_token', 'jsonb'],
  ['axieBreedAxsCost', 'axie_breed_axs_cost', 'numeric'],
  ['axieBreedSlpCost', 'axie_breed_slp_cost', 'numeric'],
  ['isSpam', 'is_spam', 'boolean'],
  ['isError', 'is_error', 'boolean'],
  ['method', 'method', 'text'],
];

const DEFAULTS: Partial<Record<keyof NewTransactionRow, string>> = { fromAddress: '', toAddress: '', kind: 'TRANSFER', isSpam: 'false', isError: 'false' };

function asText(key: keyof NewTransactionRow, value: unknown): string | null {
  // Time-ordered ids (UUID v7): new rows land at the end of the primary key instead of on a random page of it,
  // which keeps a large table's inserts from reading its whole key index.
  if (key === 'id' && (value === undefined || value === null)) return uuidv7();
  if (value === undefined || value === null) return DEFAULTS[key] ?? null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value as string | number | bigint | boolean);
}

const NEEDS_QUOTE_ESCAPE = /["\\]/;

/** One element of a PostgreSQL array literal: NULL, or the text quoted (backslash before `"` and `\`). */
function arrayElement(value: string | null): string {
  if (value === null) return 'NULL';
  return `"${NEEDS_QUOTE_ESCAPE.test(value) ? value.replace(/["\\]/g, (ch) => `\\${ch}`) : value}"`;
}

/**
 * One chunk as its statement's parameters: per column a text[] literal ({"a",NULL,"b"}), built directly as one
 * string (cheaper than the driver's generic array encoder, and the driver then sends it as it is).
 */
function chunkParams(rows: readonly NewTransactionRow[]): string[] {
  return INSERT_COLUMNS.map(([key]) => {
    let literal = '{';
    for (let i = 0; i < rows.length; i += 1) {
      const row = rows[i] as NewTransactionRow;
      literal += (i === 0 ? '' : ',') + arrayElement(asText(key, row[key]));
    }
    return `${literal}}`;
  });
}

const COLUMN_LIST = sql.raw(INSERT_COLUMNS.map(([, column]) => column).join(', '));
const CASTS = sql.raw(INSERT_COLUMNS.map(([, column, type]) => `u.${column}::${type}`).join(', '));

/**
 * The conflict target: the wallet event key when every row is a wallet row, the exchange key when every row is
 * an exchange row (the only keys such rows can meet again; naming the key spares the other unique indexes' checks).
 */
function conflictTarget(rows: readonly NewTransactionRow[]): SQL {
  if (rows.every((row) => row.walletId !== null && row.walletId !== undefined)) {
    return sql`(wallet_id, network, tx_hash, log_index)`;
  }
  if (rows.every((row) => (row.walletId === null || row.walletId === undefined) && row.cexId !== null && row.cexId !== undefined)) {
    return sql`(cex_id, external_id) where cex_id is not null`;
  }
  return sql``;
}

/** Runs one chunk's statement (a native promise: the query builder's result runs again on every `then`). */
async function insertChunk(db: Database, params: readonly string[], target: SQL): Promise<unknown> {
  return await db.execute(sql`
    insert into ${transactions} (${COLUMN_LIST})
    select ${CASTS} from unnest(${unnestArrays(params)}) as u(${COLUMN_LIST})
    on conflict ${target} do nothing
    returning is_spam`);
}

const unnestArrays = (params: readonly string[]): SQL =>
  sql.join(
    params.map((literal) => sql`${literal}::text[]`),
    sql`, `,
  );

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown): boolean => {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if ((cause as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
};

/**
 * Inserts rows the caller has just checked are not stored (inside its transaction, under the account's lease):
 * a plain insert, which spares the conflict checks of the usual statement. Should a row exist after all (a
 * writer outside the lease), the chunk is rolled back to its savepoint and inserted skipping existing rows.
 */
async function insertFreshChunk(db: Database, rows: readonly NewTransactionRow[], params: readonly string[]): Promise<InsertResult> {
  try {
    return await db.transaction(async (savepoint) => {
      await savepoint.execute(sql`
        insert into ${transactions} (${COLUMN_LIST})
        select ${CASTS} from unnest(${unnestArrays(params)}) as u(${COLUMN_LIST})`);
      return { inserted: rows.length, counted: rows.filter((row) => row.isSpam !== true).length };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const added = ((await insertChunk(db, params, conflictTarget(rows))) as { rows?: { is_spam: boolean }[] }).rows ?? [];
    return { inserted: added.length, counted: added.filter((row) => !row.is_spam).length };
  }
}

/**
 * Inserts rows, skipping any that already exist; safe to repeat. One statement per chunk, each column sent as
 * one text array and unnested: far cheaper to bind and parse than a VALUES list with a parameter per cell. While
 * the database writes one chunk, the next one's parameters are built.
 */
export async function insertTransactionRows(db: Database, rows: readonly NewTransactionRow[], options: { fresh?: boolean } = {}): Promise<InsertResult> {
  let inserted = 0;
  let counted = 0;
  const chunkAt = (start: number) => rows.slice(start, start + INSERT_CHUNK_ROWS);
  let next: string[] | null = rows.length === 0 ? null : chunkParams(chunkAt(0));
  for (let start = 0; next !== null; start += INSERT_CHUNK_ROWS) {
    const chunk = chunkAt(start);
    const params = next;
    const running: Promise<InsertResult> =
      options.fresh === true
        ? insertFreshChunk(db, chunk, params)
        : insertChunk(db, params, conflictTarget(chunk)).then((result) => {
            const added = (result as { rows?: { is_spam: boolean }[] }).rows ?? [];
            return { inserted: added.length, counted: added.filter((row) => !row.is_spam).length };
          });
    // Handled below; marked now so that a quick failure is not reported as unhandled meanwhile.
    running.catch(() => undefined);
    // Let the statement go out, then build the next chunk while the database writes this one.
    await new Promise<void>((resolve) => setImmediate(resolve));
    const following = start + INSERT_CHUNK_ROWS;
    next = following < rows.length ? chunkParams(chunkAt(following)) : null;
    const result = await running;
    inserted += result.inserted;
    counted += result.counted;
  }
  return { inserted, counted };
}

interface StoredLeg extends Leg {
  kind: LegKind;
}

/** A stored leg as the lookup reads it (numerics as text). */
interface StoredLegRow extends Omit<TokenColumns, 'network'> {
  txHash: string;
  logIndex: number;
  direction: string;
  amount: string;
  isSpam: boolean;
  isError: boolean;
  nftId: string | null;
  method: string | null;
  kind: string;
  swappedAmount: string | null;
  swappedToken: StoredTokenRef | null;
  axs: string | null;
  slp: string | null;
}

async function storedLegs(db: Database, walletId: string, network: Network, hashes: readonly string[]): Promise<StoredLeg[]> {
  if (hashes.length === 0) return [];
  // One index probe per hash (wallet, network, hash: the event key's leading columns), whatever the planner's
  // statistics say: while a wallet's first sync adds thousands of rows a second they are stale, and an array
  // condition would then be applied as a filter over every stored row of the wallet.
  const result = await db.execute(sql`
    select t.tx_hash as "txHash", t.log_index as "logIndex", t.direction, t.amount::text as amount, t.token_id as "tokenId",
           t.token_address as "tokenAddress", t.token_symbol as "tokenSymbol", t.token_name as "tokenName",
           t.token_decimals as "tokenDecimals", t.token_image as "tokenImage", t.is_spam as "isSpam",
           t.is_error as "isError", t.nft_id as "nftId", t.method, t.kind, t.swapped_amount::text as "swappedAmount",
           t.swapped_token as "swappedToken", t.axie_breed_axs_cost::text as axs, t.axie_breed_slp_cost::text as slp
      from unnest(${sql.param([...hashes])}::text[]) as h(hash)
      cross join lateral (
        select * from ${transactions} x where x.wallet_id = ${walletId} and x.network = ${network} and x.tx_hash = h.hash offset 0
      ) t`);
  const rows = (result as { rows?: StoredLegRow[] }).rows ?? [];
  const big = (value: string | null) => (value === null ? null : BigInt(value));
  return rows.map((row) => ({
    txHash: row.txHash,
    logIndex: row.logIndex,
    direction: row.direction as TransactionDirection,
    amount: BigInt(row.amount),
    token: {
      id: row.tokenId,
      address: row.tokenAddress,
      symbol: row.tokenSymbol,
      name: row.tokenName,
      decimals: row.tokenDecimals,
      image_url: row.tokenImage,
      network,
    } satisfies StoredTokenRef,
    isSpam: row.isSpam,
    isError: row.isError,
    isNft: row.nftId !== null,
    method: row.method,
    kind: {
      kind: row.kind as TransactionKind,
      swappedAmount: big(row.swappedAmount),
      swappedToken: row.swappedToken,
      axieBreedAxsCost: big(row.axs),
      axieBreedSlpCost: big(row.slp),
    },
  }));
}

const legKey = (leg: Pick<Leg, 'txHash' | 'logIndex'>) => `${leg.txHash}:${String(leg.logIndex)}`;

/**
 * Stores a wallet's chain transaction drafts: classified together with the stored rows of the same
 * transactions, inserted idempotently. Run inside the database transaction that also moves the cursor.
 */
export async function storeWalletDrafts(
  db: Database,
  owner: RowOwner & { walletId: string; network: Network },
  drafts: readonly TransactionDraft[],
  maxCounted = Infinity,
): Promise<StoreResult> {
  if (drafts.length === 0) return { inserted: 0, counted: 0, truncated: false, lastKept: null };
  const hashes = [...new Set(drafts.map((draft) => draft.txHash))];
  const stored = await storedLegs(db, owner.walletId, owner.network, hashes);
  const legs = new Map<string, Leg>();
  for (const leg of stored) legs.set(legKey(leg), leg);
  for (const draft of drafts) if (!legs.has(legKey(draft))) legs.set(legKey(draft), draftLeg(draft));
  const kinds = classifyLegs(owner.network, [...legs.values()]);

  for (const leg of stored) {
    const kind = kinds.get(legKey(leg));
    if (kind === undefined || sameKind(kind, leg.kind)) continue;
    await db
      .update(transactions)
      .set({
        kind: kind.kind,
        swappedAmount: kind.swappedAmount?.toString() ?? null,
        swappedToken: kind.swappedToken,
        axieBreedAxsCost: kind.axieBreedAxsCost?.toString() ?? null,
        axieBreedSlpCost: kind.axieBreedSlpCost?.toString() ?? null,
      })
      .where(
        and(
          eq(transactions.walletId, owner.walletId),
          eq(transactions.network, owner.network),
          eq(transactions.txHash, leg.txHash),
          eq(transactions.logIndex, leg.logIndex),
        ),
      );
  }

  const seen = new Set(stored.map(legKey));
  const fresh: { draft: TransactionDraft; row: NewTransactionRow }[] = [];
  for (const draft of drafts) {
    const key = legKey(draft);
    if (seen.has(key)) continue;
    seen.add(key);
    const kind = kinds.get(key);
    if (kind) fresh.push({ draft, row: draftRow(owner, draft, kind) });
  }
  const { kept, truncated } = cutAtLimit(fresh, maxCounted, (entry) => entry.draft.isSpam);
  // The rows were just checked against the stored ones, inside this transaction and under the wallet's lease.
  const result = await insertTransactionRows(
    db,
    kept.map((entry) => entry.row),
    { fresh: true },
  );
  return { ...result, truncated, lastKept: kept.at(-1)?.draft ?? null };
}

/** Non-spam rows of a wallet or exchange account (what the plan's per-wallet limit counts). */
export async function countedTransactions(db: Database, owner: { walletId: string } | { cexId: string }): Promise<number> {
  const where = 'walletId' in owner ? eq(transactions.walletId, owner.walletId) : eq(transactions.cexId, owner.cexId);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(transactions)
    .where(and(where, eq(transactions.isSpam, false)));
  return row?.count ?? 0;
}
