/**
 * Chain data for the benchmark, generated inside the database with INSERT … SELECT generate_series (no rows
 * cross the wire): transactions spread over two years for every bench user's wallets, one user owning a large
 * share; token balances; daily portfolio snapshots; a label on some of the big user's transactions and a
 * contact whose address appears in them. Values are pseudo-random but fixed (derived from the row number), so
 * two runs measure the same data.
 */
import { sql } from 'drizzle-orm';
import { refreshTransactionMonthCounts } from '../../src/server/transactions/transaction-month-counts';
import type { Database } from '../../src/server/db/database';

export interface ChainDataPlan {
  /** The user who gets `bigUserTransactions` rows. */
  bigUserId: string;
  bigUserTransactions: number;
  /** Rows shared by every other bench user's wallets. */
  otherTransactions: number;
  /** User ids of the bench (the demo users are left alone). */
  userIds: readonly string[];
  /** The newest possible transaction time; rows spread over the two years before it. */
  end: Date;
  /** Rows per INSERT statement. */
  batch?: number;
  onProgress?: (inserted: number) => void;
}

export interface ChainDataFacts {
  labelId: string;
  contactName: string;
  /** A counterparty address of the big user (lower case). */
  counterparty: string;
  /** A transaction hash of the big user. */
  txHash: string;
  bigUserWalletIds: string[];
}

/** Tokens the bench rows use: id, contract, symbol, name, decimals and a USD price level. */
const TOKENS = [
  ['ETHEREUM:native', null, 'ETH', 'Ether', 18, '3000'],
  ['ETHEREUM:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC', 'USDCoin', 6, '1'],
  ['ETHEREUM:0xdac17f958d2ee523a2206206994597c13d831ec7', '0xdac17f958d2ee523a2206206994597c13d831ec7', 'USDT', 'Tether USD', 6, '1'],
  ['ETHEREUM:0x514910771af9ca656af840dff83e8264ecf986ca', '0x514910771af9ca656af840dff83e8264ecf986ca', 'LINK', 'ChainLink Token', 18, '15'],
  ['ETHEREUM:0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', '0x1f9840a85d5af5bf1d1762f925bdaddc4201f984', 'UNI', 'Uniswap', 18, '8'],
  ['ETHEREUM:0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', '0x2260fac5e5542a773aa44fbcfedf7c193bc2c599', 'WBTC', 'Wrapped BTC', 8, '65000'],
  ['ETHEREUM:0x6b175474e89094c44da98b954eedeac495271d0f', '0x6b175474e89094c44da98b954eedeac495271d0f', 'DAI', 'Dai Stablecoin', 18, '1'],
  ['ETHEREUM:0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9', '0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9', 'AAVE', 'Aave', 18, '90'],
] as const;

/** Incoming rows per wallet and token that make up its balance (the lots FIFO cost basis walks). */
const LOTS_HELD = 100;
const TWO_YEARS_SECONDS = 730 * 86_400;
export const BENCH_CONTACT_NAME = 'Bench Client';

const tokenValues = sql.join(
  TOKENS.map(([id, address, symbol, name, decimals, price], n) => sql`(${n}::int, ${id}::text, ${address}::text, ${symbol}::text, ${name}::text, ${decimals}::int, ${price}::numeric)`),
  sql`, `,
);

/** Inserts `count` rows for the `wallets` wallets of bench_wallets' `set`, numbering rows from `first`. */
async function insertRows(db: Database, set: 'big' | 'other', wallets: number, first: number, count: number, end: Date): Promise<void> {
  const endIso = end.toISOString();
  await db.execute(sql`
    with t(n, token_id, address, symbol, name, decimals, price) as (values ${tokenValues})
    insert into transactions (user_id, wallet_id, network, tx_hash, log_index, block_number, created_at, direction,
      from_address, to_address, amount, token_id, token_address, token_symbol, token_name, token_decimals, kind,
      gas, gas_price, fee, price_usd, value_usd, price_checked_at, is_spam, method)
    select w.user_id, w.id, 'ETHEREUM',
      '0x' || md5('t' || g) || md5('u' || g),
      case when t.address is null then -1 else (g % 250)::int end,
      17000000 + g / 8,
      ${endIso}::timestamptz - ((g::bigint * 7919) % ${TWO_YEARS_SECONDS}::bigint) * interval '1 second',
      d.direction,
      case when d.direction = 'INCOMING' then c.address else w.address end,
      case when d.direction = 'INCOMING' then w.address else c.address end,
      floor(v.usd / p.price * power(10::numeric, t.decimals)),
      t.token_id, t.address, t.symbol, t.name, t.decimals,
      case when g % 13 = 0 then 'SWAP' else 'TRANSFER' end,
      case when t.address is null then 21000 else 65000 end,
      20000000000 + (g % 1000) * 1000000,
      case when d.direction = 'OUTGOING' and t.address is null then (21000 * (20000000000 + (g % 1000) * 1000000))::numeric end,
      p.price, v.usd, ${endIso}::timestamptz,
      g % 101 = 0,
      case when t.address is null then null else 'transfer' end
    from generate_series(${first}::bigint, ${first + count - 1}::bigint) as g
    join bench_wallets w on w.set = ${set}::text and w.n = g % ${wallets}::bigint
    join t on t.n = ((g * 7) / 3) % ${TOKENS.length}::int
    cross join lateral (select case when (g * 31) % 100 < 52 then 'INCOMING' else 'OUTGOING' end as direction) d
    cross join lateral (select '0x' || substr(md5('c' || ((g * 17) % 20000)) || md5('d' || ((g * 17) % 20000)), 1, 40) as address) c
    cross join lateral (select (((g * 104729) % 500000) + 1)::numeric / 100 as usd) v
    cross join lateral (select t.price * (700 + (g * 13) % 600) / 1000 as price) p`);
}

/** Generates the bench's chain data (see the module comment); returns ids and values the requests use. */
export async function seedChainData(db: Database, plan: ChainDataPlan): Promise<ChainDataFacts> {
  const batch = plan.batch ?? 100_000;
  await db.execute(sql`drop table if exists bench_wallets`);
  await db.execute(sql`
    create unlogged table bench_wallets as
    select (row_number() over (partition by w.user_id = ${plan.bigUserId} order by w.user_id, w.id) - 1)::bigint as n,
           w.id, w.user_id, lower(w.address) as address,
           case when w.user_id = ${plan.bigUserId} then 'big' else 'other' end as set
      from wallets w
     where w.user_id in (select unnest(${`{${plan.userIds.join(',')}}`}::uuid[]))`);
  await db.execute(sql`create index on bench_wallets (set, n)`);
  const counts = rowsOf(await db.execute(sql`select set, count(*)::int as n from bench_wallets group by set`));
  const walletsIn = (set: string) => Number(counts.find((row) => row.set === set)?.n ?? 0);
  if (walletsIn('big') === 0 || walletsIn('other') === 0) throw new Error('The bench users have no wallets.');

  // Bulk load: the secondary indexes are dropped and built again afterwards (a sorted build is far quicker than
  // maintaining a dozen indexes row by row), and triggers are skipped: the foreign-key checks (every row
  // references a wallet and user just read from the database) and the month counts, rebuilt afterwards.
  const indexes = rowsOf(
    await db.execute(sql`
      select indexname, indexdef from pg_indexes
       where schemaname = 'public' and tablename = 'transactions'
         and indexname not in (select conname from pg_constraint where conrelid = 'transactions'::regclass)`),
  ).map((row) => ({ name: String(row.indexname), definition: String(row.indexdef) }));
  let inserted = 0;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const index of indexes) await tx.execute(sql`drop index ${sql.identifier(index.name)}`);
    for (let first = 1; first <= plan.bigUserTransactions; first += batch) {
      const count = Math.min(batch, plan.bigUserTransactions - first + 1);
      await insertRows(tx, 'big', walletsIn('big'), first, count, plan.end);
      inserted += count;
      plan.onProgress?.(inserted);
    }
    const offset = plan.bigUserTransactions;
    for (let first = 1; first <= plan.otherTransactions; first += batch) {
      const count = Math.min(batch, plan.otherTransactions - first + 1);
      await insertRows(tx, 'other', walletsIn('other'), offset + first, count, plan.end);
      inserted += count;
      plan.onProgress?.(inserted);
    }
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const index of indexes) await tx.execute(sql.raw(index.definition));
  });
  await refreshTransactionMonthCounts(db, plan.userIds);

  // Balances: each wallet holds what its newest LOTS_HELD receipts of each token brought in.
  await db.execute(sql`
    with t(n, token_id, address, symbol, name, decimals, price) as (values ${tokenValues})
    insert into token_balances (user_id, wallet_id, network, token_id, token_address, token_symbol, token_name,
      token_decimals, amount, price_usd, value_usd, updated_at)
    select w.user_id, w.id, 'ETHEREUM', t.token_id, t.address, t.symbol, t.name, t.decimals, h.amount, t.price,
           h.amount / power(10::numeric, t.decimals) * t.price, ${plan.end.toISOString()}::timestamptz
      from bench_wallets w
     cross join t
     cross join lateral (
       select coalesce(sum(x.amount), 0) as amount from (
         select amount from transactions
          where user_id = w.user_id and token_id = t.token_id and wallet_id = w.id and direction = 'INCOMING' and not is_spam
          order by created_at desc limit ${LOTS_HELD}) x) h
     where h.amount > 0`);

  // Two years of daily values for the big user, a month for the others.
  await db.execute(sql`
    insert into portfolio_snapshots (user_id, measured_on, value_usd)
    select u.id, (${plan.end.toISOString()}::timestamptz at time zone 'UTC')::date - d,
           (100000 + (d * 7919) % 50000)::numeric
      from users u
     cross join generate_series(1, 730) d
     where u.id in (select unnest(${`{${plan.userIds.join(',')}}`}::uuid[]))
       and (u.id = ${plan.bigUserId} or d <= 30)
    on conflict do nothing`);
  await db.execute(sql`
    insert into subscriptions (user_id, plan_code, started_at) values (${plan.bigUserId}, 'PLUS', now())
    on conflict (user_id) do update set plan_code = 'PLUS', ends_at = null`);

  const labelRows = await db.execute(sql`
    insert into labels (user_id, name, color) values (${plan.bigUserId}, 'Bench invoices', 'BLUE') returning id`);
  const labelId = firstValue(labelRows, 'id');
  await db.execute(sql`
    insert into transaction_labels (transaction_id, label_id)
    select id, ${labelId} from transactions where user_id = ${plan.bigUserId} and right(tx_hash, 2) = 'a7'`);

  const sample = await db.execute(sql`
    select tx_hash, case when direction = 'INCOMING' then from_address else to_address end as counterparty
      from transactions where user_id = ${plan.bigUserId} order by created_at desc limit 1
     offset ${Math.floor(plan.bigUserTransactions / 3)}`);
  const counterparty = firstValue(sample, 'counterparty');
  const contactRows = await db.execute(sql`
    insert into contacts (user_id, first_name, last_name, email, address_line1, country, city, postal_code)
    values (${plan.bigUserId}, 'Bench', 'Client', 'client@example.com', '1 Main Street', 'Germany', 'Berlin', '10115')
    returning id`);
  await db.execute(sql`
    insert into contact_addresses (contact_id, user_id, network, address, position)
    values (${firstValue(contactRows, 'id')}, ${plan.bigUserId}, 'ETHEREUM', ${counterparty}, 0)`);

  const bigWallets = await db.execute(sql`select id from bench_wallets where set = 'big' order by n`);
  await db.execute(sql`drop table bench_wallets`);
  // Statistics, and the visibility map a settled table has (autovacuum sets it after bulk inserts), without
  // which index-only scans would still read the heap.
  await db.execute(sql`vacuum analyze`);
  return {
    labelId,
    contactName: BENCH_CONTACT_NAME,
    counterparty,
    txHash: firstValue(sample, 'tx_hash'),
    bigUserWalletIds: rowsOf(bigWallets).map((row) => String(row.id)),
  };
}

/** Rows of a raw query, whichever driver answered (node-postgres and PGlite both give `rows`). */
function rowsOf(result: unknown): Record<string, unknown>[] {
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

function firstValue(result: unknown, column: string): string {
  const value = rowsOf(result)[0]?.[column];
  if (value === undefined || value === null) throw new Error(`The bench seed query returned no ${column}.`);
  return String(value);
}
