import '../setup/no-network';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEsploraClient, type EsploraClient, type EsploraTx } from '../../src/server/providers/bitcoin/esplora';
import { createHttpClient } from '../../src/server/providers/http/http-client';
import {
  fakeClock,
  startProviderServer,
  type Fixture,
  type FixtureRequest,
  type ProviderServer,
} from '../fixtures/provider-server';

function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`Expected an item at ${index}`);
  return item;
}


const ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const SENDER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const txid = (n: number) => n.toString(16).padStart(64, '0');

function client(server: ProviderServer): EsploraClient {
  const clock = fakeClock();
  const http = createHttpClient({ now: clock.now, sleep: clock.sleep, random: () => 0, logger: { warn: () => {} } });
  return createEsploraClient({ baseUrl: `${server.url}/api`, provider: 'mempool.space' }, http);
}

async function all(iterable: AsyncIterable<EsploraTx[]>): Promise<EsploraTx[][]> {
  const pages: EsploraTx[][] = [];
  for await (const page of iterable) pages.push(page);
  return pages;
}

/** A transaction paying `sats` to ADDRESS, in the Esplora shape. */
function payment(n: number, sats: number, confirmed: boolean) {
  return {
    txid: txid(n),
    version: 2,
    locktime: 0,
    vin: [
      {
        txid: txid(n + 1_000_000),
        vout: 0,
        prevout: { scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: SENDER, value: sats + 5000 },
        is_coinbase: false,
        sequence: 4294967295,
      },
    ],
    vout: [
      { scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: ADDRESS, value: sats },
      { scriptpubkey_type: 'v0_p2wpkh', scriptpubkey_address: SENDER, value: 4000 },
    ],
    size: 222,
    weight: 561,
    fee: 1000,
    status: confirmed
      ? { confirmed: true, block_height: 800_000 + n, block_hash: txid(n + 5_000_000), block_time: 1_690_000_000 + n * 600 }
      : { confirmed: false },
  };
}

/** Answers /txs and /txs/chain/:last like Esplora over `mempool` plus `confirmed` (newest first). */
function esplora(mempool: ReturnType<typeof payment>[], confirmed: ReturnType<typeof payment>[]) {
  const page = (body: unknown): Fixture => ({ source: 'synthetic', note: 'Generated Esplora history page.', body });
  return {
    first: () => page([...mempool, ...confirmed.slice(0, 25)]),
    chain: (req: FixtureRequest) => {
      const at = confirmed.findIndex((tx) => tx.txid === req.params.txid);
      if (at < 0) return { source: 'synthetic', note: 'Unknown txid.', status: 400, body: 'Invalid hex string' } as Fixture;
      return page(confirmed.slice(at + 1, at + 26));
    },
  };
}

describe('Esplora', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer();
  });
  afterAll(() => server.close());
  afterEach(() => server.reset());

  it('reads confirmed and unconfirmed balances in sats', async () => {
    server.route('GET /api/address/:address', 'esplora/address.json');
    const balance = await client(server).getBalance(ADDRESS);
    expect(balance).toEqual({ confirmed: 58_500n, unconfirmed: -31_500n });
    expect(nth(server.requests, 0).path).toBe(`/api/address/${ADDRESS}`);
  });

  it('reads a short history with each transaction’s effect on the address', async () => {
    server.route('GET /api/address/:address/txs', 'esplora/address-txs.json');
    const pages = await all(client(server).listTransactions(ADDRESS));
    expect(pages).toHaveLength(1);
    expect(server.count('/api/address/:address/txs')).toBe(1);
    const [pending, spend, receive] = nth(pages, 0) as [EsploraTx, EsploraTx, EsploraTx];

    expect(pending).toMatchObject({
      txid: txid(0x301),
      confirmed: false,
      blockHeight: null,
      blockTime: null,
      fee: 1500n,
      sent: 58_500n,
      received: 27_000n,
      net: -31_500n,
    });
    expect(spend).toMatchObject({ confirmed: true, blockHeight: 820001, fee: 1500n, sent: 100_000n, received: 58_500n, net: -41_500n });
    expect(spend.outputs).toEqual([
      { address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', value: 40_000n },
      { address: null, value: 0n },
      { address: ADDRESS, value: 58_500n },
    ]);
    expect(receive).toMatchObject({ net: 100_000n, sent: 0n, blockHeight: 820000, isCoinbase: false });
    expect(receive.blockTime?.toISOString()).toBe(new Date(1701999000 * 1000).toISOString());
    // Balance check: the confirmed effects add up to the confirmed balance of address.json.
    expect(spend.net + receive.net).toBe(58_500n);
  });

  it('pages through confirmed history 25 at a time after the last seen txid', async () => {
    const confirmed = Array.from({ length: 60 }, (_, i) => payment(100 + i, 1000 + i, true));
    const mempool = [payment(1, 7, false), payment(2, 8, false)];
    const fake = esplora(mempool, confirmed);
    server.route('GET /api/address/:address/txs', fake.first);
    server.route('GET /api/address/:address/txs/chain/:txid', fake.chain);

    const pages = await all(client(server).listTransactions(ADDRESS));
    expect(pages.map((p) => p.length)).toEqual([27, 25, 10]);
    const seen = pages.flat().map((tx) => tx.txid);
    expect(seen).toEqual([...mempool, ...confirmed].map((tx) => tx.txid));
    expect(new Set(seen).size).toBe(62);
    expect(server.requests.map((r) => r.path)).toEqual([
      `/api/address/${ADDRESS}/txs`,
      `/api/address/${ADDRESS}/txs/chain/${nth(confirmed, 24).txid}`,
      `/api/address/${ADDRESS}/txs/chain/${nth(confirmed, 49).txid}`,
    ]);
    expect(pages.flat().filter((tx) => !tx.confirmed)).toHaveLength(2);
    expect(pages.flat().every((tx) => tx.net === tx.received && tx.net > 0n)).toBe(true);
  });

  it('ends on an empty page after a full one', async () => {
    const confirmed = Array.from({ length: 50 }, (_, i) => payment(100 + i, 1000, true));
    const fake = esplora([], confirmed);
    server.route('GET /api/address/:address/txs', fake.first);
    server.route('GET /api/address/:address/txs/chain/:txid', fake.chain);
    const pages = await all(client(server).listTransactions(ADDRESS));
    expect(pages.map((p) => p.length)).toEqual([25, 25]);
    expect(server.requests).toHaveLength(3);
  });

  it('resumes after a given txid', async () => {
    const confirmed = Array.from({ length: 30 }, (_, i) => payment(100 + i, 1000, true));
    const fake = esplora([], confirmed);
    server.route('GET /api/address/:address/txs/chain/:txid', fake.chain);
    const pages = await all(client(server).listTransactions(ADDRESS, nth(confirmed, 9).txid.toUpperCase()));
    expect(pages.flat().map((tx) => tx.txid)).toEqual(confirmed.slice(10).map((tx) => tx.txid));
    expect(nth(server.requests, 0).path).toBe(`/api/address/${ADDRESS}/txs/chain/${nth(confirmed, 9).txid}`);
  });

  it('matches bech32 addresses whatever their case', async () => {
    server.route('GET /api/address/:address/txs', 'esplora/address-txs.json');
    const pages = await all(client(server).listTransactions(ADDRESS.toUpperCase()));
    expect(nth(nth(pages, 0), 2).net).toBe(100_000n);
  });

  it('refuses what is not an address or a txid without asking', async () => {
    const esploraClient = client(server);
    await expect(esploraClient.getBalance('../../admin')).rejects.toMatchObject({ kind: 'client_error' });
    await expect(all(esploraClient.listTransactions(ADDRESS, 'not-a-txid'))).rejects.toMatchObject({ kind: 'client_error' });
    expect(server.requests).toHaveLength(0);
  });

  it('reports Esplora errors as ProviderError', async () => {
    server.route('GET /api/address/:address', 'esplora/not-found.json');
    await expect(client(server).getBalance(ADDRESS)).rejects.toMatchObject({ kind: 'client_error', status: 400 });
    expect(server.count('/api/address/:address')).toBe(1);

    server.route('GET /api/address/:address', 'esplora/http-502.json');
    server.reset();
    const error = await client(server).getBalance(ADDRESS).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', status: 502 });
    expect((error as Error).message).toBe('mempool.space is not answering; retrying later.');
    expect(server.count('/api/address/:address')).toBe(5);
  });
});
