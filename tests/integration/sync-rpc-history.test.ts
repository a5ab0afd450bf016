/**
 * History where no explorer serves: a BNB Smart Chain wallet whose Etherscan key's plan leaves the chain out
 * (the recorded refusal, from the fixture server) is read from its JSON-RPC node instead (an anvil devnet node
 * standing in for the BSC node), by the account-state scan, with exactly the rows the scripted activity implies;
 * an explorer outage never hands over to the node. Internal transfers traced on the node become rows as the
 * explorer path makes them, and the rows add up to the balance on the chain. NFTs are priced from the wallet's
 * own purchase transactions.
 */
import { and, eq } from 'drizzle-orm';
import { http as viemHttp, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { nftHoldings, syncCursors, transactions, wallets } from '../../src/server/db/schema';
import { startDevnet, type Devnet } from '../../src/server/devnet/start-devnet';
import { ACCOUNT_ADDRESSES, scenarioTransactions, scenarioTransfers } from '../../src/server/devnet/scenario';
import { createRpcBalanceReader, createRpcHistoryProvider, createRpcPublicClient } from '../../src/server/providers/evm-balance';
import { createEtherscanV2Provider } from '../../src/server/providers/evm-history/etherscan-v2';
import { createEvmHistoryProviders } from '../../src/server/providers/evm-history/provider-for-network';
import type { EvmHistoryProvider } from '../../src/server/providers/evm-history/types';
import { createHttpClient, isProviderError } from '../../src/server/providers/http/http-client';
import { balancesFromTransactions } from '../../src/server/sync/balances/transaction-sums';
import { internalLogIndex } from '../../src/server/sync/evm/event-index';
import type { SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import type { EvmNetwork } from '../../src/shared/enums';
import { byQuery, startProviderServer, type Fixture, type ProviderServer } from '../fixtures/provider-server';
import { playRouterActivity, type RouterActivity } from '../fixtures/value-router/router-activity';
import { availableDrivers } from './helpers/drivers';
import { loopbackFetch } from './helpers/loopback-fetch';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, addWallet, testSyncDeps, walletRows } from './sync-support';

let devnet: Devnet;
let activity: RouterActivity;
let server: ProviderServer;
/** JSON-RPC methods the history provider's node was asked, in order. */
const historyCalls: string[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ ethereumPort: 0, polygonPort: 0 });
  activity = await playRouterActivity(devnet.ethereumRpcUrl, 1);
  server = await startProviderServer({ 'GET /v2/api': 'etherscan/plan-not-supported.json' });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await devnet?.stop();
});

const http = createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve(), logger: { warn: () => {} } });

/** The devnet's Ethereum node, its requests noted. */
function historyClient(): PublicClient {
  return createRpcPublicClient(
    { rpcUrl: devnet.ethereumRpcUrl, chainId: 1 },
    {
      transport: viemHttp(devnet.ethereumRpcUrl, {
        retryCount: 0,
        onFetchRequest: async (request) => {
          historyCalls.push((JSON.parse(await request.clone().text()) as { method: string }).method);
        },
      }),
    },
  );
}

/** Sources as the server builds them: Etherscan (free key) first, the network's node as the last resort. */
function deps(db: Database, overrides: Partial<SyncDeps> = {}): SyncDeps {
  const client = historyClient();
  const providers = createEvmHistoryProviders(
    { etherscanApiKey: 'free-plan-key', baseUrls: { etherscan: `${server.url}/v2/api` }, rpc: { clientFor: () => client } },
    http,
  );
  const reader = createRpcBalanceReader({ rpcUrl: devnet.ethereumRpcUrl, chainId: 1 }, { http });
  return testSyncDeps(db, {
    evmHistory: (network: EvmNetwork) => providers.candidates(network),
    evmBalances: () => reader,
    ...overrides,
  });
}

interface Row {
  blockNumber: bigint | null;
  logIndex: number;
  direction: string;
  fromAddress: string;
  toAddress: string;
  amount: string;
  fee: string | null;
  nftId: string | null;
  isError: boolean;
}

const sortRows = (rows: Row[]) =>
  [...rows].sort((a, b) => Number((a.blockNumber ?? 0n) - (b.blockNumber ?? 0n)) || a.logIndex - b.logIndex || a.direction.localeCompare(b.direction));

/** Alice's rows as the devnet scenario implies them (the same rows the explorer path would store). */
function aliceExpected(): Row[] {
  const me = ACCOUNT_ADDRESSES.alice.toLowerCase();
  const rows: Row[] = [];
  for (const tx of scenarioTransactions('ethereum')) {
    const from = tx.from.toLowerCase();
    const to = (tx.to ?? tx.contractAddress ?? '').toLowerCase();
    const common = { blockNumber: tx.blockNumber, logIndex: -1, fromAddress: from, toAddress: to, amount: tx.value.toString(), nftId: null, isError: tx.isError };
    if (from === me) rows.push({ ...common, direction: 'OUTGOING', fee: tx.fee.toString() });
    else if (to === me && tx.value > 0n) rows.push({ ...common, direction: 'INCOMING', fee: null });
  }
  for (const t of scenarioTransfers('ethereum')) {
    const from = t.from.toLowerCase();
    const to = t.to.toLowerCase();
    if (from !== me && to !== me) continue;
    rows.push({
      blockNumber: t.blockNumber,
      logIndex: t.logIndex,
      direction: from === me ? 'OUTGOING' : 'INCOMING',
      fromAddress: from,
      toAddress: to,
      amount: t.value.toString(),
      fee: null,
      nftId: t.tokenId === null ? null : t.tokenId.toString(),
      isError: false,
    });
  }
  return sortRows(rows);
}

const view = (row: Row): Row => ({
  blockNumber: row.blockNumber,
  logIndex: row.logIndex,
  direction: row.direction,
  fromAddress: row.fromAddress,
  toAddress: row.toAddress,
  amount: row.amount,
  fee: row.fee,
  nftId: row.nftId,
  isError: row.isError,
});

describe.each(availableDrivers())('history from the JSON-RPC node on %s', (kind) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    userId = await addUser(database.db, 'rpc-history');
  });
  afterAll(async () => {
    await database?.close();
  });

  it('reads a wallet the explorer refuses from the node, exactly, once', async () => {
    const walletId = await addWallet(database.db, userId, 'BINANCE_SMART_CHAIN', ACCOUNT_ADDRESSES.alice);
    server.reset();
    expect(await syncWallet(deps(database.db), walletId)).toBe('synced');
    // Etherscan was asked once per kind and refused each; the node answered instead.
    expect(server.requests.map((r) => [r.query.chainid, r.query.action])).toEqual(
      ['txlist', 'txlistinternal', 'tokentx', 'tokennfttx', 'token1155tx'].map((action) => ['56', action]),
    );
    const rows = await walletRows(database.db, walletId);
    expect(sortRows(rows.map(view))).toEqual(aliceExpected());
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet).toMatchObject({ isSynchronized: true, syncError: null });

    // Every kind's cursor stands at the head the scan reached.
    const head = await createRpcPublicClient({ rpcUrl: devnet.ethereumRpcUrl, chainId: 1 }).getBlockNumber();
    const cursors = await database.db.select().from(syncCursors).where(eq(syncCursors.walletId, walletId));
    for (const kindName of ['normal', 'internal', 'erc20', 'erc721', 'erc1155']) {
      expect(cursors.find((c) => c.kind === kindName)?.lastBlock).toBe(head);
    }

    expect(await syncWallet(deps(database.db), walletId)).toBe('synced');
    expect((await walletRows(database.db, walletId)).length).toBe(rows.length);
  });

  it('never hands an explorer outage to the node', async () => {
    const walletId = await addWallet(database.db, userId, 'BINANCE_SMART_CHAIN', ACCOUNT_ADDRESSES.bob);
    server.route('GET /v2/api', 'etherscan/http-503.json');
    historyCalls.length = 0;
    try {
      const error = await syncWallet(deps(database.db), walletId).catch((e: unknown) => e);
      expect(isProviderError(error) && error.retryable).toBe(true);
      expect(historyCalls).toEqual([]);
      expect(await walletRows(database.db, walletId)).toEqual([]);
    } finally {
      server.route('GET /v2/api', 'etherscan/plan-not-supported.json');
    }
  });

  it('stores traced internal transfers as the explorer path does, and they add up to the balance', async () => {
    const erin = activity.accounts.erin;
    const devnetPath = createRpcHistoryProvider({ clients: { ETHEREUM: createRpcPublicClient({ rpcUrl: devnet.ethereumRpcUrl, chainId: 1 }, { http }) } });
    const viaBlocks = await addWallet(database.db, userId, 'ETHEREUM', erin);
    const viaState = await addWallet(database.db, userId, 'BINANCE_SMART_CHAIN', erin);
    expect(await syncWallet(deps(database.db, { evmHistory: () => [devnetPath] }), viaBlocks)).toBe('synced');
    expect(await syncWallet(deps(database.db), viaState)).toBe('synced');

    const me = erin.toLowerCase();
    const internal = activity.internal.filter((t) => t.to === me);
    const rows = await database.db.select().from(transactions).where(eq(transactions.walletId, viaBlocks));
    const internalRows = rows.filter((r) => r.logIndex <= -2).sort((a, b) => Number((a.blockNumber ?? 0n) - (b.blockNumber ?? 0n)));
    expect(internalRows.map((r) => [r.txHash, r.logIndex, r.direction, r.fromAddress, r.toAddress, r.amount, r.fee, r.isError, r.tokenSymbol, r.kind])).toEqual(
      internal.map((t) => [t.hash, internalLogIndex(t.traceId), 'INCOMING', t.from, me, t.value.toString(), null, t.isError, 'ETH', 'TRANSFER']),
    );
    // Her own withdrawal: the call she paid gas for (no value) and the ether it brought her.
    const withdrawal = rows.filter((r) => r.txHash === activity.withdrawal);
    expect(withdrawal.map((r) => [r.logIndex, r.direction, r.amount]).sort()).toEqual(
      [
        [-1, 'OUTGOING', '0'],
        [internalLogIndex('0'), 'INCOMING', '500000000000000000'],
      ].sort(),
    );

    const onChain = await createRpcPublicClient({ rpcUrl: devnet.ethereumRpcUrl, chainId: 1 }).getBalance({ address: erin });
    const sums = await balancesFromTransactions(database.db, { walletId: viaBlocks }, 'ETHEREUM:native');
    expect(sums.get('ETHEREUM:native')).toBe(onChain);
    // The state scan sees the transfers that moved ether (the undone one left her balance as it was).
    const stateRows = await database.db.select().from(transactions).where(eq(transactions.walletId, viaState));
    expect(stateRows.filter((r) => r.logIndex <= -2).map((r) => r.amount).sort()).toEqual(internal.filter((t) => !t.isError).map((t) => t.value.toString()).sort());
    const stateSums = await balancesFromTransactions(database.db, { walletId: viaState }, 'BINANCE_SMART_CHAIN:native');
    expect(stateSums.get('BINANCE_SMART_CHAIN:native')).toBe(onChain);
  });
});

const WALLET = '0x5a0b54d5dc17e0aadc383d2db43b0a0d3e029c4c';
const MARKET = '0x00000000000000adc04c56bf30ac9d3c0aaf14dc';
const SELLER = '0x8ba1f109551bd432803012645ac136ddd64dba72';
const KITTIES = '0x06012c8cf97bead5deae237070f9587f8e7a266d';
const ASSETS = '0x76be3b62873462d2142405439777e971754e8e77';
const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
const hash = (suffix: string) => `0x${suffix.padStart(64, '0')}`;

const common = (txHash: string, block: number) => ({
  blockNumber: String(block),
  timeStamp: String(1_700_000_000 + block),
  hash: txHash,
  transactionIndex: '3',
  gas: '200000',
  gasPrice: '20000000000',
  gasUsed: '150000',
  confirmations: '100',
});

const page = (rows: Record<string, string>[]): Fixture => ({
  source: 'synthetic',
  note: 'A wallet buying NFTs, in the documented Etherscan account-list row shapes: ETH and USDT purchases, a free mint, a two-unit ERC-1155 purchase with a USDT refund, and an NFT bought and sold again.',
  body: rows.length === 0 ? { status: '0', message: 'No transactions found', result: [] } : { status: '1', message: 'OK', result: rows },
});

const nftHistory = {
  txlist: page([
    { ...common(hash('a01'), 100), from: WALLET, to: MARKET, value: '250000000000000000', isError: '0', txreceipt_status: '1', input: '0xab834bab', methodId: '0xab834bab', functionName: 'atomicMatch_()' },
    { ...common(hash('a02'), 101), from: WALLET, to: KITTIES, value: '0', isError: '0', txreceipt_status: '1', input: '0x6a627842', methodId: '0x6a627842', functionName: 'mint(address)' },
    { ...common(hash('a03'), 102), from: WALLET, to: MARKET, value: '0', isError: '0', txreceipt_status: '1', input: '0xab834bab', methodId: '0xab834bab', functionName: 'atomicMatch_()' },
    { ...common(hash('a04'), 103), from: WALLET, to: MARKET, value: '0', isError: '0', txreceipt_status: '1', input: '0xab834bab', methodId: '0xab834bab', functionName: 'atomicMatch_()' },
    { ...common(hash('a05'), 104), from: WALLET, to: MARKET, value: '100000000000000000', isError: '0', txreceipt_status: '1', input: '0xab834bab', methodId: '0xab834bab', functionName: 'atomicMatch_()' },
  ]),
  txlistinternal: page([]),
  tokentx: page([
    { ...common(hash('a03'), 102), from: WALLET, to: SELLER, contractAddress: USDT, value: '120000000', tokenName: 'Tether USD', tokenSymbol: 'USDT', tokenDecimal: '6', logIndex: '1' },
    { ...common(hash('a04'), 103), from: WALLET, to: SELLER, contractAddress: USDT, value: '12000000', tokenName: 'Tether USD', tokenSymbol: 'USDT', tokenDecimal: '6', logIndex: '1' },
    { ...common(hash('a04'), 103), from: SELLER, to: WALLET, contractAddress: USDT, value: '2000000', tokenName: 'Tether USD', tokenSymbol: 'USDT', tokenDecimal: '6', logIndex: '3' },
  ]),
  tokennfttx: page([
    { ...common(hash('a01'), 100), from: SELLER, to: WALLET, contractAddress: KITTIES, tokenID: '7', tokenName: 'CryptoKitties', tokenSymbol: 'CK', tokenDecimal: '0', logIndex: '2' },
    { ...common(hash('a02'), 101), from: '0x0000000000000000000000000000000000000000', to: WALLET, contractAddress: KITTIES, tokenID: '8', tokenName: 'CryptoKitties', tokenSymbol: 'CK', tokenDecimal: '0', logIndex: '0' },
    { ...common(hash('a03'), 102), from: SELLER, to: WALLET, contractAddress: KITTIES, tokenID: '9', tokenName: 'CryptoKitties', tokenSymbol: 'CK', tokenDecimal: '0', logIndex: '2' },
    { ...common(hash('a05'), 104), from: SELLER, to: WALLET, contractAddress: KITTIES, tokenID: '10', tokenName: 'CryptoKitties', tokenSymbol: 'CK', tokenDecimal: '0', logIndex: '2' },
    { ...common(hash('a06'), 105), from: WALLET, to: SELLER, contractAddress: KITTIES, tokenID: '10', tokenName: 'CryptoKitties', tokenSymbol: 'CK', tokenDecimal: '0', logIndex: '0' },
  ]),
  token1155tx: page([
    { ...common(hash('a04'), 103), from: SELLER, to: WALLET, contractAddress: ASSETS, tokenID: '5', tokenValue: '2', tokenName: "Sandbox's ASSETs", tokenSymbol: 'ASSET', logIndex: '2' },
  ]),
};

describe.each(availableDrivers())('NFT prices from the wallet’s history on %s', (kind) => {
  let database: TestDatabase;
  let walletId: string;
  let explorer: EvmHistoryProvider;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const userId = await addUser(database.db, 'nft-prices');
    walletId = await addWallet(database.db, userId, 'ETHEREUM', WALLET);
    server.route('GET /nft/v2/api', byQuery('action', nftHistory));
    explorer = createEtherscanV2Provider({ apiKey: 'key', baseUrl: `${server.url}/nft/v2/api` }, http);
    expect(await syncWallet(testSyncDeps(database.db, { evmHistory: () => [explorer] }), walletId)).toBe('synced');
  });
  afterAll(async () => {
    await database?.close();
  });

  const held = async () =>
    (await database.db.select().from(nftHoldings).where(and(eq(nftHoldings.walletId, walletId))))
      .map((h) => [h.contractAddress, h.nftId, h.price, h.priceCurrency, h.isPriceSynced])
      .sort((a, b) => String(a[1]).localeCompare(String(b[1])));

  it('prices each held NFT by what the wallet paid in the transaction that brought it in', async () => {
    expect(await held()).toEqual([
      // Two units for 12 USDT less a 2 USDT refund: 5 USDT each.
      [ASSETS, '5', '5', 'USDT', true],
      [KITTIES, '7', '0.25', 'ETH', true],
      // A free mint: looked up, no price.
      [KITTIES, '8', null, null, true],
      [KITTIES, '9', '120', 'USDT', true],
    ]);
  });

  it('gives the same prices on the next sync', async () => {
    const before = await held();
    expect(await syncWallet(testSyncDeps(database.db, { evmHistory: () => [explorer] }), walletId)).toBe('synced');
    expect(await held()).toEqual(before);
  });
});
