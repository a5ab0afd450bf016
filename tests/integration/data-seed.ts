/** Rows the data API reads, written straight into the test database (what a finished sync would store). */
import { randomBytes } from 'node:crypto';
import type { Network } from '../../src/shared/enums';
import type { Database } from '../../src/server/db/database';
import { usdValue } from '../../src/server/sync/valuation';
import { Big } from '../../src/shared/money';
import {
  fxRates,
  nftHoldings,
  portfolioSnapshots,
  tokenBalances,
  transactions,
  wallets,
  type NewNftHoldingRow,
  type NewTransactionRow,
} from '../../src/server/db/schema';

export interface TestToken {
  id: string;
  symbol: string;
  name: string;
  decimals: number;
  address: string | null;
  network: Network | null;
}

export const ETH: TestToken = { id: 'ETHEREUM:native', symbol: 'ETH', name: 'Ether', decimals: 18, address: 'native', network: 'ETHEREUM' };
export const USDC: TestToken = {
  id: 'ETHEREUM:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  network: 'ETHEREUM',
};
export const MATIC: TestToken = { id: 'POLYGON:native', symbol: 'POL', name: 'Polygon', decimals: 18, address: 'native', network: 'POLYGON' };
export const SCAM: TestToken = {
  id: 'ETHEREUM:0x1111111111111111111111111111111111111111',
  symbol: 'CLAIM-REWARD',
  name: 'Visit scam.example to claim',
  decimals: 18,
  address: '0x1111111111111111111111111111111111111111',
  network: 'ETHEREUM',
};
export const BINANCE_BTC: TestToken = { id: 'BINANCE:BTC', symbol: 'BTC', name: 'Bitcoin', decimals: 8, address: null, network: null };

export const randomHash = (): string => `0x${randomBytes(32).toString('hex')}`;
export const randomAddress = (): string => `0x${randomBytes(20).toString('hex')}`;

export async function addWallet(
  db: Database,
  userId: string,
  values: { name?: string; address?: string; network?: Network; isActive?: boolean; createdAt?: Date } = {},
): Promise<string> {
  const [row] = await db
    .insert(wallets)
    .values({
      userId,
      name: values.name ?? 'Wallet',
      address: values.address ?? randomAddress(),
      network: values.network ?? 'ETHEREUM',
      isActive: values.isActive ?? true,
      isSynchronized: true,
      ...(values.createdAt === undefined ? {} : { createdAt: values.createdAt }),
    })
    .returning({ id: wallets.id });
  if (row === undefined) throw new Error('no wallet');
  return row.id;
}

export interface TxSeed {
  userId: string;
  walletId?: string | null;
  cexId?: string | null;
  token?: TestToken;
  /** Base units. */
  amount: bigint;
  direction?: 'INCOMING' | 'OUTGOING';
  at: Date;
  priceUsd?: string | null;
  hash?: string;
  logIndex?: number;
  from?: string;
  to?: string;
  isSpam?: boolean;
  extra?: Partial<NewTransactionRow>;
}

/** USD value of `amount` base units at `priceUsd`, exact. */
function valueOf(amount: bigint, decimals: number, priceUsd: string): string {
  const [whole = '0', fraction = ''] = priceUsd.split('.');
  const priceScale = fraction.length;
  const priceUnits = BigInt(whole + fraction);
  const raw = amount * priceUnits;
  const scale = decimals + priceScale;
  const digits = raw.toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, digits.length - scale)}.${digits.slice(digits.length - scale)}`;
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

export function txRow(seed: TxSeed): NewTransactionRow {
  const token = seed.token ?? ETH;
  const price = seed.priceUsd === undefined ? '2000' : seed.priceUsd;
  return {
    userId: seed.userId,
    walletId: seed.walletId ?? null,
    cexId: seed.cexId ?? null,
    network: token.network,
    txHash: seed.hash ?? randomHash(),
    logIndex: seed.logIndex ?? -1,
    createdAt: seed.at,
    direction: seed.direction ?? 'INCOMING',
    fromAddress: seed.from ?? randomAddress(),
    toAddress: seed.to ?? randomAddress(),
    amount: seed.amount.toString(),
    tokenId: token.id,
    tokenAddress: token.address,
    tokenSymbol: token.symbol,
    tokenName: token.name,
    tokenDecimals: token.decimals,
    kind: 'TRANSFER',
    priceUsd: price,
    valueUsd: price === null ? null : valueOf(seed.amount, token.decimals, price),
    isSpam: seed.isSpam ?? false,
    ...seed.extra,
  };
}

export async function addTransactions(db: Database, seeds: readonly TxSeed[]): Promise<string[]> {
  if (seeds.length === 0) return [];
  const ids: string[] = [];
  for (let i = 0; i < seeds.length; i += 500) {
    const rows = await db
      .insert(transactions)
      .values(seeds.slice(i, i + 500).map(txRow))
      .returning({ id: transactions.id });
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function addBalance(
  db: Database,
  owner: { userId: string; walletId?: string; cexId?: string },
  token: TestToken,
  amount: bigint,
  priceUsd: string | null,
  isSpam = false,
): Promise<void> {
  await db.insert(tokenBalances).values({
    userId: owner.userId,
    walletId: owner.walletId ?? null,
    cexId: owner.cexId ?? null,
    network: token.network,
    tokenId: token.id,
    tokenAddress: token.address,
    tokenSymbol: token.symbol,
    tokenName: token.name,
    tokenDecimals: token.decimals,
    amount: amount.toString(),
    priceUsd,
    // As the balance sync stores it: the amount at the price.
    valueUsd: priceUsd === null ? null : usdValue(amount, token.decimals, new Big(priceUsd)),
    isSpam,
  });
}

export async function addNft(
  db: Database,
  values: Pick<NewNftHoldingRow, 'userId' | 'walletId' | 'name' | 'collection' | 'acquiredAt'> & Partial<NewNftHoldingRow>,
): Promise<void> {
  await db.insert(nftHoldings).values({
    network: 'ETHEREUM',
    contractAddress: randomAddress(),
    nftId: String(Math.floor(Math.random() * 1e9)),
    standard: 'ERC721',
    amount: '1',
    ...values,
  });
}

export async function addFxRate(db: Database, day: string, currency: string, perUsd: string): Promise<void> {
  await db.insert(fxRates).values({ day, currency, perUsd }).onConflictDoUpdate({
    target: [fxRates.day, fxRates.currency],
    set: { perUsd },
  });
}

export async function addSnapshot(db: Database, userId: string, day: string, valueUsd: string): Promise<void> {
  await db.insert(portfolioSnapshots).values({ userId, measuredOn: day, valueUsd });
}

/** yyyy-MM-dd of `at` shifted by `days`. */
export const dayOf = (at: Date, days = 0): string => new Date(at.getTime() + days * 86_400_000).toISOString().slice(0, 10);
