/**
 * A Ronin wallet synced through the real path (Blockscout's Etherscan-compatible API on the fixture server, the
 * provider HTTP client, the sync engine, the database, then GET transactions): two Axie breedings (breedAxies on
 * the Axie contract, the AXS fee and the SLP burnt, the new Axie minted to the wallet) are AXIE_BREED on every row
 * of their transaction with the AXS and SLP spent on the native row; ordinary transfers, an Axie received as a
 * gift and a Katana swap keep their own kinds.
 *
 * The rows have the shape of Blockscout's account API (docs.blockscout.com, RPC API, Account): txlist gives the
 * calldata (`input`) and, since Blockscout's August 2025 release, its selector as `methodId`, but no decoded
 * `functionName`; token transfers carry `logIndex`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodeFunctionData, parseAbi, toFunctionSelector, type Hex } from 'viem';
import { walletCreateEndpoints } from '../../src/shared/contract/wallet-create';
import type { WalletOut } from '../../src/shared/contract/wallets';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import type { TransactionOut, TransactionPage } from '../../src/shared/contract/transactions';
import { transactions, wallets } from '../../src/server/db/schema';
import { loadConfig } from '../../src/server/config/env';
import { createLogger } from '../../src/server/logging/logger';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import { RONIN_AXS, RONIN_SLP } from '../../src/server/sync/classify';
import { createSyncDeps, type SyncDeps } from '../../src/server/sync/sync-deps';
import { syncWallet } from '../../src/server/sync/wallet-sync';
import { byQuery, startProviderServer, type Fixture, type ProviderServer } from '../fixtures/provider-server';
import { availableDrivers } from './helpers/drivers';
import { loopbackFetch } from './helpers/loopback-fetch';
import { signInWithWallet } from './helpers/sign-in';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';
import { walletBalances } from './sync-support';

const WALLET = '0x3f1c5fd5f6e3f7a8d1b2c4e5a6b7c8d9e0f1a2b3';
const EXCHANGE = '0xa9e8d4f2c7b3e1d5f6a7b8c9d0e1f2a3b4c5d6e7';
const FRIEND = '0x8b7e3d1c9f2a4b6c8d0e2f4a6b8c0d2e4f6a8b0c';
const ZERO = '0x0000000000000000000000000000000000000000';
/** Axie Infinity's Axie (ERC-721) contract, Katana's router and WETH on Ronin. */
const AXIE = '0x32950db2a7164ae833121501c797d79e7b79d74c';
const KATANA_ROUTER = '0x7d0556d55ca1a92708681e2e231733ebd922597d';
const KATANA_PAIR = '0x2ecb08f87f075b5769fe543d0e52e40140575ea7';
const WETH = '0xc99a6a985ed2cac1ef41640596c5a5f9f4e19ef5';

const E18 = 10n ** 18n;
const GAS_PRICE = 20_000_000_000n;
const hash = (tag: string) => `0x${tag.padStart(64, '0')}` as Hex;
const blockOf = (n: number) => 31_000_000 + n * 100;
/** 2024-03-01T08:00:00Z plus an hour per step. */
const timeOf = (n: number) => 1_709_280_000 + n * 3600;

const abi = parseAbi([
  'function breedAxies(uint256 _sireId, uint256 _matronId, uint256 _referrer)',
  'function swapExactRONForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function transfer(address to, uint256 value) returns (bool)',
]);
const BREED_SELECTOR = toFunctionSelector('breedAxies(uint256,uint256,uint256)');

interface TxSpec {
  step: number;
  tag: string;
  from: string;
  to: string;
  value: bigint;
  input: Hex;
  gasUsed: bigint;
}

/** One txlist row as Blockscout gives it. */
function txRow(tx: TxSpec): Record<string, string> {
  return {
    blockHash: hash(`b10c${String(tx.step)}`),
    blockNumber: String(blockOf(tx.step)),
    confirmations: '120000',
    contractAddress: '',
    cumulativeGasUsed: String(tx.gasUsed * 3n),
    from: tx.from,
    gas: String(tx.gasUsed * 2n),
    gasPrice: String(GAS_PRICE),
    gasUsed: String(tx.gasUsed),
    hash: hash(tx.tag),
    input: tx.input,
    isError: '0',
    methodId: tx.input === '0x' ? '0x' : tx.input.slice(0, 10),
    nonce: String(tx.step),
    timeStamp: String(timeOf(tx.step)),
    to: tx.to,
    transactionIndex: '3',
    txreceipt_status: '1',
    value: String(tx.value),
  };
}

interface TransferSpec {
  step: number;
  tag: string;
  token: string;
  name: string;
  symbol: string;
  decimals: string;
  from: string;
  to: string;
  logIndex: number;
  input?: Hex;
  /** ERC-20 amount. */
  value?: bigint;
  /** ERC-721 token id. */
  tokenId?: bigint;
}

/** One tokentx / tokennfttx row as Blockscout gives it. */
function transferRow(t: TransferSpec): Record<string, string> {
  return {
    blockHash: hash(`b10c${String(t.step)}`),
    blockNumber: String(blockOf(t.step)),
    confirmations: '120000',
    contractAddress: t.token,
    cumulativeGasUsed: '512000',
    from: t.from,
    gas: '400000',
    gasPrice: String(GAS_PRICE),
    gasUsed: '180000',
    hash: hash(t.tag),
    input: t.input ?? '0x',
    logIndex: String(t.logIndex),
    nonce: String(t.step),
    timeStamp: String(timeOf(t.step)),
    to: t.to,
    tokenDecimal: t.decimals,
    tokenName: t.name,
    tokenSymbol: t.symbol,
    transactionIndex: '3',
    ...(t.value === undefined ? {} : { value: String(t.value) }),
    ...(t.tokenId === undefined ? {} : { tokenID: String(t.tokenId) }),
  };
}

const axs = (step: number, tag: string, from: string, to: string, value: bigint, logIndex: number, input?: Hex): TransferSpec => ({
  step, tag, token: RONIN_AXS, name: 'Axie Infinity Shard', symbol: 'AXS', decimals: '18', from, to, value, logIndex, ...(input ? { input } : {}),
});
const slp = (step: number, tag: string, from: string, to: string, value: bigint, logIndex: number, input?: Hex): TransferSpec => ({
  step, tag, token: RONIN_SLP, name: 'Smooth Love Potion', symbol: 'SLP', decimals: '0', from, to, value, logIndex, ...(input ? { input } : {}),
});
const axie = (step: number, tag: string, from: string, tokenId: bigint, logIndex: number, input?: Hex): TransferSpec => ({
  step, tag, token: AXIE, name: 'Axie', symbol: 'AXIE', decimals: '', from, to: WALLET, tokenId, logIndex, ...(input ? { input } : {}),
});

const breedInput = (sire: bigint, matron: bigint): Hex => encodeFunctionData({ abi, functionName: 'breedAxies', args: [sire, matron, 0n] });
const swapInput = encodeFunctionData({
  abi,
  functionName: 'swapExactRONForTokens',
  args: [2_000_000_000_000_000n, ['0xe514d9deb7966c8be0ca922de8a064264ea6bcd4', WETH], WALLET, BigInt(timeOf(4) + 1200)],
});
const transferInput = encodeFunctionData({ abi, functionName: 'transfer', args: [FRIEND, E18] });
const BREED_1 = breedInput(11_000_001n, 11_000_002n);
const BREED_2 = breedInput(11_000_001n, 11_000_002n);

const AXS_FEE = 500_000_000_000_000_000n;
const WETH_IN = 2_100_000_000_000_000n;
const GAS = { swap: 152_000n, breed: 241_000n, breedAgain: 236_500n, transfer: 51_000n };

/**
 * The wallet's history: RON from an exchange, AXS from an exchange, SLP from a friend, a Katana swap of 10 RON for
 * WETH, a breeding (0.5 AXS, 900 SLP, Axie #11534212), an AXS transfer out, a second breeding of the same parents
 * (0.5 AXS, 1,350 SLP, Axie #11534990), and an Axie received as a gift.
 */
const txlist = [
  txRow({ step: 1, tag: 'a1', from: EXCHANGE, to: WALLET, value: 25n * E18, input: '0x', gasUsed: 21_000n }),
  txRow({ step: 4, tag: 'c1', from: WALLET, to: KATANA_ROUTER, value: 10n * E18, input: swapInput, gasUsed: GAS.swap }),
  txRow({ step: 5, tag: 'b1', from: WALLET, to: AXIE, value: 0n, input: BREED_1, gasUsed: GAS.breed }),
  txRow({ step: 6, tag: 'd1', from: WALLET, to: RONIN_AXS, value: 0n, input: transferInput, gasUsed: GAS.transfer }),
  txRow({ step: 7, tag: 'b2', from: WALLET, to: AXIE, value: 0n, input: BREED_2, gasUsed: GAS.breedAgain }),
];
const tokentx = [
  axs(2, 'a2', EXCHANGE, WALLET, 3n * E18, 4),
  slp(3, 'a3', FRIEND, WALLET, 4000n, 1),
  { step: 4, tag: 'c1', token: WETH, name: 'Ronin Wrapped Ether', symbol: 'WETH', decimals: '18', from: KATANA_PAIR, to: WALLET, value: WETH_IN, logIndex: 5, input: swapInput },
  axs(5, 'b1', WALLET, AXIE, AXS_FEE, 10, BREED_1),
  slp(5, 'b1', WALLET, ZERO, 900n, 11, BREED_1),
  axs(6, 'd1', WALLET, FRIEND, E18, 2, transferInput),
  axs(7, 'b2', WALLET, AXIE, AXS_FEE, 7, BREED_2),
  slp(7, 'b2', WALLET, ZERO, 1350n, 8, BREED_2),
].map(transferRow);
const tokennfttx = [
  axie(5, 'b1', ZERO, 11_534_212n, 13, BREED_1),
  axie(7, 'b2', ZERO, 11_534_990n, 10, BREED_2),
  axie(8, 'e1', FRIEND, 9_876_543n, 0),
].map(transferRow);

const page = (note: string, result: Record<string, string>[]): Fixture => ({
  source: 'synthetic',
  note: `Blockscout account API ${note}, in the documented row shape (methodId as Blockscout gives it since August 2025).`,
  body: { message: result.length === 0 ? 'No transactions found' : 'OK', result, status: result.length === 0 ? '0' : '1' },
});

const roninExplorer = byQuery('action', {
  txlist: page('txlist', txlist),
  txlistinternal: page('txlistinternal', []),
  tokentx: page('tokentx', tokentx),
  tokennfttx: page('tokennfttx', tokennfttx),
  token1155tx: page('token1155tx', []),
});

let server: ProviderServer;

beforeAll(async () => {
  server = await startProviderServer({ 'GET /ronin/api': roninExplorer });
});

afterAll(async () => {
  await server?.close();
});

function syncDeps(db: SyncDeps['db']): SyncDeps {
  const config = loadConfig({
    SECRET_KEY: 'sync-axie-secret-key-0123456789abcdef0123',
    DATA_DIR: '/nonexistent-test-data-dir',
    BLOCKSCOUT_URLS: `RONIN=${server.url}/ronin/api`,
    // Never asked here (the explorer serves Ronin), but a loopback address all the same.
    RONIN_RPC_URL: `${server.url}/ronin/rpc`,
  });
  const logger = createLogger('silent');
  const base = createSyncDeps({ db, config, logger, http: createHttpClient({ fetch: loopbackFetch, sleep: () => Promise.resolve(), logger }) });
  // Balances summed from the stored rows; no prices or NFT metadata in this test.
  return { ...base, evmBalances: () => null, prices: null, nftMetadata: null };
}

const fee = (gasUsed: bigint) => gasUsed * GAS_PRICE;

describe.each(availableDrivers())('Axie breeding synced from the Ronin explorer on %s', (kind) => {
  const suite = setupSuite(kind);
  let client: ReturnType<typeof suite.client>;
  let walletId: string;
  const rows = () => suite.db.select().from(transactions).where(eq(transactions.walletId, walletId));
  const rowsOf = async (tag: string) =>
    (await rows()).filter((row) => row.txHash === hash(tag)).sort((a, b) => a.logIndex - b.logIndex);
  const listed = async (): Promise<TransactionOut[]> => {
    const response = await client.get(`${transactionEndpoints.listTransactions.path}?limit=100`);
    expect(response.status).toBe(200);
    return (await json<TransactionPage>(response)).results;
  };

  beforeAll(async () => {
    client = suite.client();
    await signInWithWallet(client);
    const created = await client.post(walletCreateEndpoints.createWallet.path, { name: 'Axie farm', address: `ronin:${WALLET.slice(2)}`, network: 'RONIN' });
    expect(created.status).toBe(201);
    walletId = (await json<WalletOut>(created)).id;
    server.reset();
    expect(await syncWallet(syncDeps(suite.db), walletId)).toBe('synced');
  });

  it('reads every list of the wallet from the Ronin explorer in Blockscout form', () => {
    expect(server.unmatched).toEqual([]);
    expect(server.requests.map((r) => [r.path, r.query.action])).toEqual(
      ['txlist', 'txlistinternal', 'tokentx', 'tokennfttx', 'token1155tx'].map((action) => ['/ronin/api', action]),
    );
    for (const request of server.requests) {
      expect(request.query).toMatchObject({ module: 'account', address: WALLET, startblock: '0', sort: 'asc', page: '1', offset: '1000' });
    }
  });

  it('marks every row of both breedings AXIE_BREED, with the AXS and SLP spent on the native row', async () => {
    const first = await rowsOf('b1');
    expect(first.map((row) => [row.logIndex, row.direction, row.tokenSymbol, row.amount, row.nftId, row.kind])).toEqual([
      [-1, 'OUTGOING', 'RON', '0', null, 'AXIE_BREED'],
      [10, 'OUTGOING', 'AXS', AXS_FEE.toString(), null, 'AXIE_BREED'],
      [11, 'OUTGOING', 'SLP', '900', null, 'AXIE_BREED'],
      [13, 'INCOMING', 'AXIE', '1', '11534212', 'AXIE_BREED'],
    ]);
    const [native, axsLeg, slpLeg, minted] = first;
    expect(native).toMatchObject({
      toAddress: AXIE,
      method: BREED_SELECTOR,
      fee: fee(GAS.breed).toString(),
      axieBreedAxsCost: AXS_FEE.toString(),
      axieBreedSlpCost: '900',
      tokenId: 'RONIN:native',
    });
    expect(axsLeg).toMatchObject({ tokenId: `RONIN:${RONIN_AXS}`, tokenDecimals: 18, toAddress: AXIE, axieBreedAxsCost: null, axieBreedSlpCost: null, isSpam: false });
    expect(slpLeg).toMatchObject({ tokenId: `RONIN:${RONIN_SLP}`, tokenDecimals: 0, toAddress: ZERO, axieBreedAxsCost: null, isSpam: false });
    expect(minted).toMatchObject({ tokenId: `RONIN:${AXIE}`, tokenAddress: AXIE, fromAddress: ZERO, tokenDecimals: 0, isSpam: false, axieBreedAxsCost: null });
    for (const row of first) expect(row).toMatchObject({ swappedAmount: null, swappedToken: null });

    const second = await rowsOf('b2');
    expect(second.map((row) => [row.logIndex, row.tokenSymbol, row.amount, row.nftId, row.kind])).toEqual([
      [-1, 'RON', '0', null, 'AXIE_BREED'],
      [7, 'AXS', AXS_FEE.toString(), null, 'AXIE_BREED'],
      [8, 'SLP', '1350', null, 'AXIE_BREED'],
      [10, 'AXIE', '1', '11534990', 'AXIE_BREED'],
    ]);
    expect(second[0]).toMatchObject({ axieBreedAxsCost: AXS_FEE.toString(), axieBreedSlpCost: '1350', fee: fee(GAS.breedAgain).toString() });
  });

  it('keeps transfers, the gift Axie and the swap out of AXIE_BREED', async () => {
    const all = await rows();
    expect(all).toHaveLength(16);
    const breeding = new Set([hash('b1'), hash('b2')]);
    expect(all.filter((row) => row.kind === 'AXIE_BREED').every((row) => breeding.has(row.txHash as Hex))).toBe(true);
    for (const row of all.filter((r) => !breeding.has(r.txHash as Hex))) {
      expect(row).toMatchObject({ axieBreedAxsCost: null, axieBreedSlpCost: null });
    }

    expect(await rowsOf('a1')).toEqual([expect.objectContaining({ kind: 'TRANSFER', direction: 'INCOMING', tokenSymbol: 'RON', amount: (25n * E18).toString(), fee: null })]);
    expect(await rowsOf('a2')).toEqual([expect.objectContaining({ kind: 'TRANSFER', direction: 'INCOMING', tokenSymbol: 'AXS', amount: (3n * E18).toString(), logIndex: 4 })]);
    expect(await rowsOf('a3')).toEqual([expect.objectContaining({ kind: 'TRANSFER', direction: 'INCOMING', tokenSymbol: 'SLP', amount: '4000', isSpam: false })]);
    const sent = await rowsOf('d1');
    expect(sent.map((row) => [row.logIndex, row.direction, row.tokenSymbol, row.amount, row.kind])).toEqual([
      [-1, 'OUTGOING', 'RON', '0', 'TRANSFER'],
      [2, 'OUTGOING', 'AXS', E18.toString(), 'TRANSFER'],
    ]);
    expect(await rowsOf('e1')).toEqual([expect.objectContaining({ kind: 'TRANSFER', direction: 'INCOMING', tokenSymbol: 'AXIE', nftId: '9876543', fromAddress: FRIEND })]);

    const [ronOut, wethIn] = await rowsOf('c1');
    expect(ronOut).toMatchObject({ kind: 'SWAP', direction: 'OUTGOING', tokenSymbol: 'RON', amount: (10n * E18).toString(), swappedAmount: WETH_IN.toString() });
    expect(ronOut?.swappedToken).toMatchObject({ id: `RONIN:${WETH}`, symbol: 'WETH', decimals: 18 });
    expect(wethIn).toMatchObject({ kind: 'SWAP', direction: 'INCOMING', tokenSymbol: 'WETH', amount: WETH_IN.toString(), swappedAmount: (10n * E18).toString() });
    expect(wethIn?.swappedToken).toMatchObject({ id: 'RONIN:native', symbol: 'RON' });
  });

  it('sums the balances from the rows: the breeding fees and burnt SLP are gone', async () => {
    const fees = fee(GAS.swap) + fee(GAS.breed) + fee(GAS.transfer) + fee(GAS.breedAgain);
    expect(await walletBalances(suite.db, walletId)).toEqual({
      RON: (25n * E18 - 10n * E18 - fees).toString(),
      AXS: (3n * E18 - AXS_FEE - E18 - AXS_FEE).toString(),
      SLP: (4000n - 900n - 1350n).toString(),
      WETH: WETH_IN.toString(),
    });
    const [wallet] = await suite.db.select().from(wallets).where(eq(wallets.id, walletId));
    expect(wallet).toMatchObject({ isSynchronized: true, syncError: null });
  });

  it('GET transactions shows the breedings as AXIE_BREED with the costs in AXS and SLP', async () => {
    const results = await listed();
    expect(results).toHaveLength(16);
    const byHash = (tag: string) => results.filter((t) => t.tx_hash === hash(tag));
    for (const tag of ['b1', 'b2']) {
      const breed = byHash(tag);
      expect(breed).toHaveLength(4);
      expect(breed.every((t) => t.kind === 'AXIE_BREED' && t.network === 'RONIN')).toBe(true);
    }
    const breed = byHash('b1');
    const native = breed.find((t) => t.token.address === null);
    expect(native).toMatchObject({ amount: '0', direction: 'OUTGOING', axie_breed_axs_cost: '0.5', axie_breed_slp_cost: '900', fee: '0.00482', to_address: AXIE });
    expect(native?.token).toMatchObject({ symbol: 'RON', network: 'RONIN' });
    expect(breed.find((t) => t.token.symbol === 'AXS')).toMatchObject({ amount: '0.5', direction: 'OUTGOING', axie_breed_axs_cost: null, axie_breed_slp_cost: null });
    expect(breed.find((t) => t.token.symbol === 'AXS')?.token).toMatchObject({ address: RONIN_AXS, decimals: 18 });
    expect(breed.find((t) => t.token.symbol === 'SLP')).toMatchObject({ amount: '900', direction: 'OUTGOING', is_spam: false });
    expect(breed.find((t) => t.nft_id !== null)).toMatchObject({ nft_id: '11534212', amount: '1', direction: 'INCOMING', token: expect.objectContaining({ address: AXIE, symbol: 'AXIE' }) });
    expect(byHash('b2').find((t) => t.token.address === null)).toMatchObject({ axie_breed_axs_cost: '0.5', axie_breed_slp_cost: '1350' });

    const others = results.filter((t) => t.tx_hash !== hash('b1') && t.tx_hash !== hash('b2'));
    expect(others).toHaveLength(8);
    expect(others.every((t) => t.kind !== 'AXIE_BREED' && t.axie_breed_axs_cost === null && t.axie_breed_slp_cost === null)).toBe(true);
    expect(byHash('c1').map((t) => [t.kind, t.amount, t.token.symbol, t.swapped_amount, t.swapped_token?.symbol])).toEqual(
      expect.arrayContaining([
        ['SWAP', '10', 'RON', '0.0021', 'WETH'],
        ['SWAP', '0.0021', 'WETH', '10', 'RON'],
      ]),
    );
    expect(byHash('d1').map((t) => [t.kind, t.amount, t.token.symbol])).toEqual(expect.arrayContaining([['TRANSFER', '1', 'AXS']]));
    expect(byHash('e1')).toEqual([expect.objectContaining({ kind: 'TRANSFER', nft_id: '9876543' })]);
  });

  it('a second sync adds nothing and keeps every kind', async () => {
    const before = (await rows()).map((row) => [row.id, row.kind, row.axieBreedAxsCost, row.axieBreedSlpCost, row.swappedAmount]).sort();
    expect(await syncWallet(syncDeps(suite.db), walletId)).toBe('synced');
    const after = (await rows()).map((row) => [row.id, row.kind, row.axieBreedAxsCost, row.axieBreedSlpCost, row.swappedAmount]).sort();
    expect(after).toEqual(before);
  });
});
