/**
 * Storing transaction rows: every value arrives as written (quotes, backslashes, braces and commas in texts,
 * empty texts, nulls, JSON, big integers), inserts are idempotent, spam is not counted, and the statements are
 * chunked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { transactions, type NewTransactionRow } from '../../src/server/db/schema';
import { INSERT_CHUNK_ROWS, insertTransactionRows } from '../../src/server/sync/transaction-store';
import { availableDrivers } from './helpers/drivers';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet } from './sync-support';

const AWKWARD = ['He said "hi" \\ bye', '{a,b}', 'NULL', '', ' spaced ', 'ünï€ode', 'a\\"b'];

describe.each(availableDrivers())('transaction store on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('stores every value as given, once, and counts only non-spam rows', async () => {
    const userId = await addUser(database.db, 'store');
    const walletId = await addWallet(database.db, userId, 'ETHEREUM', '0x00000000000000000000000000000000000000aa');
    const rows: NewTransactionRow[] = Array.from({ length: INSERT_CHUNK_ROWS + 7 }, (_, i) => {
      const text = AWKWARD[i % AWKWARD.length] ?? '';
      return {
        userId,
        walletId,
        network: 'ETHEREUM',
        txHash: `0x${i.toString(16).padStart(64, '0')}`,
        logIndex: i % 3 === 0 ? -1 : i,
        blockNumber: 18_000_000_000_000_000n + BigInt(i),
        createdAt: new Date(Date.UTC(2024, 0, 1) + i * 1000),
        direction: i % 2 === 0 ? 'INCOMING' : 'OUTGOING',
        fromAddress: i % 5 === 0 ? '' : `0x${'1'.repeat(40)}`,
        toAddress: `0x${'2'.repeat(40)}`,
        amount: (10n ** 40n + BigInt(i)).toString(),
        tokenId: 'ETHEREUM:native',
        tokenAddress: null,
        tokenSymbol: 'ETH',
        tokenName: text,
        tokenDecimals: 18,
        kind: i % 4 === 0 ? 'SWAP' : 'TRANSFER',
        swappedAmount: i % 4 === 0 ? '5' : null,
        swappedToken: i % 4 === 0 ? { id: 'x', address: null, symbol: text, name: 'Quote "q"', decimals: 6, image_url: null, network: 'ETHEREUM' } : null,
        priceUsd: i % 6 === 0 ? null : '1234.5678901234',
        isSpam: i % 10 === 0,
        method: i % 7 === 0 ? null : text,
      };
    });
    const spam = rows.filter((row) => row.isSpam === true).length;
    expect(await insertTransactionRows(database.db, rows)).toEqual({ inserted: rows.length, counted: rows.length - spam });
    expect(await insertTransactionRows(database.db, rows.slice(0, 50))).toEqual({ inserted: 0, counted: 0 });
    // Rows taken as fresh that exist after all: inside the caller's transaction, that chunk is inserted again
    // skipping them, and the transaction goes on.
    const moreSpam = rows.slice(0, 20).filter((row) => row.isSpam === true).length;
    const extra = rows.slice(0, 20).map((row, i) => ({ ...row, txHash: `0x${(10_000 + i).toString(16).padStart(64, '0')}` }));
    const again = await database.db.transaction(async (tx) => {
      const result = await insertTransactionRows(tx, [...rows.slice(0, 30), ...extra], { fresh: true });
      const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(transactions).where(eq(transactions.walletId, walletId));
      return { result, count: count?.n };
    });
    expect(again).toEqual({ result: { inserted: 20, counted: 20 - moreSpam }, count: rows.length + 20 });
    await database.db.delete(transactions).where(inArray(transactions.txHash, extra.map((row) => row.txHash)));
    expect(await insertTransactionRows(database.db, extra, { fresh: true })).toEqual({ inserted: 20, counted: 20 - moreSpam });
    await database.db.delete(transactions).where(inArray(transactions.txHash, extra.map((row) => row.txHash)));

    const stored = await database.db.select().from(transactions).where(eq(transactions.walletId, walletId)).orderBy(asc(transactions.createdAt));
    expect(stored).toHaveLength(rows.length);
    // Time-ordered ids (UUID v7), increasing in the order the rows were given.
    const ids = stored.map((row) => row.id);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    stored.forEach((row, i) => {
      const given = rows[i] as NewTransactionRow;
      expect({
        txHash: row.txHash,
        logIndex: row.logIndex,
        blockNumber: row.blockNumber,
        createdAt: row.createdAt.toISOString(),
        direction: row.direction,
        fromAddress: row.fromAddress,
        amount: row.amount,
        tokenName: row.tokenName,
        kind: row.kind,
        swappedAmount: row.swappedAmount,
        swappedToken: row.swappedToken,
        priceUsd: row.priceUsd,
        isSpam: row.isSpam,
        isError: row.isError,
        method: row.method,
      }).toEqual({
        txHash: given.txHash,
        logIndex: given.logIndex,
        blockNumber: given.blockNumber,
        createdAt: (given.createdAt as Date).toISOString(),
        direction: given.direction,
        fromAddress: given.fromAddress,
        amount: given.amount,
        tokenName: given.tokenName,
        kind: given.kind,
        swappedAmount: given.swappedAmount,
        swappedToken: given.swappedToken,
        priceUsd: given.priceUsd,
        isSpam: given.isSpam,
        isError: false,
        method: given.method,
      });
    });
  });
});
