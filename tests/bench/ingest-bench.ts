/**
 * Sync ingestion rate: a synthetic explorer history (ETH transfers, ERC-20 transfers of listed tokens and
 * swaps, in ascending blocks, in pages of 10,000 as Etherscan delivers them) goes through the sync engine's
 * ingest function (`ingestEvmPages`: rows built, classified, inserted idempotently and the cursor moved, page by
 * page, each in one database transaction) into a fresh wallet.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../src/server/config/env';
import type { Database } from '../../src/server/db/database';
import { transactions, users, wallets } from '../../src/server/db/schema';
import type { Logger } from '../../src/server/logging/logger';
import type { EvmTransferKind, EvmTransferPage, HexAddress, RawEvmTransfer } from '../../src/server/providers/evm-history/types';
import { ingestEvmPages } from '../../src/server/sync/evm/evm-history-sync';
import { acquireLease } from '../../src/server/sync/sync-cursors';
import { createSyncDeps } from '../../src/server/sync/sync-deps';
import { startRun } from '../../src/server/sync/wallet-sync';

export const INGEST_BUDGET_PER_SECOND = 10_000;
const PAGE_SIZE = 10_000;

const TOKENS: readonly { address: HexAddress; symbol: string; name: string; decimals: number }[] = [
  { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', name: 'USDCoin', decimals: 6 },
  { address: '0xdac17f958d2ee523a2206206994597c13d831ec7', symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { address: '0x514910771af9ca656af840dff83e8264ecf986ca', symbol: 'LINK', name: 'ChainLink Token', decimals: 18 },
  { address: '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', symbol: 'UNI', name: 'Uniswap', decimals: 18 },
];

const hex = (value: bigint, digits: number) => value.toString(16).padStart(digits, '0');
const counterparty = (n: number): HexAddress => `0x${hex(BigInt(n % 5000) * 7919n + 1n, 40)}`;

/** `count` transfers of `kind` for `wallet`, numbered from `first`, one block each. */
function transfer(kind: EvmTransferKind, wallet: HexAddress, n: number, start: Date): RawEvmTransfer {
  const incoming = n % 5 < 3;
  const token = kind === 'erc20' ? TOKENS[n % TOKENS.length] : undefined;
  return {
    kind,
    hash: `0x${hex(BigInt(n) * 2654435761n + (kind === 'normal' ? 1n : 2n), 64)}`,
    blockNumber: 18_000_000n + BigInt(n),
    timestamp: new Date(start.getTime() + n * 60_000),
    transactionIndex: n % 150,
    logIndex: token === undefined ? null : n % 300,
    traceId: null,
    from: incoming ? counterparty(n) : wallet,
    to: incoming ? wallet : counterparty(n),
    value: BigInt(1 + ((n * 104729) % 1_000_000)) * 10n ** BigInt(token === undefined ? 12 : token.decimals - 3),
    tokenAddress: token?.address ?? null,
    tokenSymbol: token?.symbol ?? null,
    tokenName: token?.name ?? null,
    tokenDecimals: token?.decimals ?? null,
    tokenId: null,
    gas: 65_000n,
    gasPrice: 20_000_000_000n,
    gasUsed: 51_000n,
    isError: false,
    functionName: token === undefined ? '' : 'transfer(address _to, uint256 _value)',
    methodId: token === undefined ? '0x' : '0xa9059cbb',
    contractAddress: null,
  };
}

/** Pages of `count` transfers: native ones, then ERC-20 ones where every tenth transaction is a swap (two legs). */
async function* fixturePages(kind: EvmTransferKind, wallet: HexAddress, count: number, start: Date): AsyncIterable<EvmTransferPage> {
  for (let first = 0; first < count; first += PAGE_SIZE) {
    const items: RawEvmTransfer[] = [];
    for (let n = first; n < Math.min(count, first + PAGE_SIZE); n += 1) {
      const item = transfer(kind, wallet, n, start);
      if (kind === 'erc20' && n % 10 === 1) {
        // The second leg of the swap begun by the previous transfer: same transaction, the other token back.
        const previous = items[items.length - 1];
        if (previous !== undefined) {
          const back = TOKENS[(n + 1) % TOKENS.length] ?? TOKENS[0];
          items.push({
            ...item,
            hash: previous.hash,
            blockNumber: previous.blockNumber,
            timestamp: previous.timestamp,
            logIndex: (previous.logIndex ?? 0) + 3,
            from: previous.to ?? counterparty(n),
            to: previous.from,
            tokenAddress: back?.address ?? null,
            tokenSymbol: back?.symbol ?? null,
            tokenName: back?.name ?? null,
            tokenDecimals: back?.decimals ?? null,
          });
          continue;
        }
      }
      items.push(item);
    }
    const last = items[items.length - 1];
    yield { items, lastBlock: last?.blockNumber ?? 0n };
  }
}

export interface IngestFigures {
  rows: number;
  seconds: number;
  perSecond: number;
}

export async function measureIngestion(
  db: Database,
  options: { config: Config; logger: Logger; transfers: number },
): Promise<IngestFigures> {
  const now = new Date();
  const address = `0x${randomBytes(20).toString('hex')}` as HexAddress;
  const [user] = await db
    .insert(users)
    .values({ authKey: `wallet:${address}`, address, type: 'METAMASK', fullAccess: true, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  if (user === undefined) throw new Error('No ingestion user.');
  const [wallet] = await db
    .insert(wallets)
    .values({ userId: user.id, name: 'Ingestion', address, network: 'ETHEREUM', createdAt: now })
    .returning({ id: wallets.id });
  if (wallet === undefined) throw new Error('No ingestion wallet.');
  // Unlimited plan, no providers: only the ingestion is measured.
  await db.execute(sql`insert into subscriptions (user_id, plan_code) values (${user.id}, 'ENTERPRISE')`);
  const deps = createSyncDeps({
    db,
    config: options.config,
    logger: options.logger,
    fetch: () => Promise.reject(new Error('The ingestion bench reaches no provider.')),
  });
  const subject = { walletId: wallet.id };
  if (!(await acquireLease(db, subject, deps.workerId, now, deps.leaseMs))) throw new Error('The ingestion wallet is busy.');
  const ctx = await startRun(deps, subject, user.id, {}, 'ETHEREUM');
  const target = { walletId: wallet.id, userId: user.id, network: 'ETHEREUM' as const, address };
  const start = new Date(now.getTime() - 400 * 86_400_000);
  const native = Math.floor(options.transfers * 0.4);

  const started = performance.now();
  await ingestEvmPages(ctx, target, 'normal', fixturePages('normal', address, native, start));
  await ingestEvmPages(ctx, target, 'erc20', fixturePages('erc20', address, options.transfers - native, start));
  const seconds = (performance.now() - started) / 1000;

  const [stored] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(transactions)
    .where(eq(transactions.walletId, wallet.id));
  const rows = stored?.n ?? 0;
  if (rows !== options.transfers) throw new Error(`Ingestion stored ${String(rows)} rows of ${String(options.transfers)}.`);
  return { rows, seconds, perSecond: rows / seconds };
}
