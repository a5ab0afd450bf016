import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pathOf } from '../../src/shared/contract/endpoint';
import { reportEndpoints } from '../../src/shared/contract/reports';
import type { HoldingsReportRow, ReportPage, ReportPdfData, TransactionReportRow } from '../../src/shared/contract/reports';
import type { DocumentKind } from '../../src/shared/enums';
import {
  centralisedExchanges,
  documentExchanges,
  documents,
  documentWallets,
  invoiceItems,
  invoices,
  labels,
  transactionLabels,
  users,
} from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { createClock } from './helpers/clock';
import { exchangeRow } from './helpers/rows';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';
import { addTransactions, addWallet, BINANCE_BTC, ETH, SCAM, USDC, type TxSeed } from './data-seed';

const NOW = new Date('2025-03-10T12:00:00Z');
const NOT_FOUND = { detail: 'Not found.' };
const QUICKBOOKS = { non_field_errors: ['Sorry, cannot show this report in the Quickbooks app.'] };
const ETHER = 10n ** 18n;
const at = (iso: string): Date => new Date(iso);

interface ReportSeed {
  kind: DocumentKind;
  name?: string;
  wallets?: string[] | 'all';
  cex?: string[];
  start?: string;
  end?: string;
  quickbooksUrl?: string;
}

describe.each(availableDrivers())('report data on %s', (kind) => {
  const suite = setupSuite(kind, { clock: createClock(NOW) });
  let client: TestClient;
  let userId: string;
  let alpha: string;
  let beta: string;
  let exchange: string;
  let usdcHash: string;

  async function addReport(owner: string, seed: ReportSeed): Promise<string> {
    const [row] = await suite.db
      .insert(documents)
      .values({
        userId: owner,
        kind: seed.kind,
        name: seed.name ?? 'Report',
        startDate: seed.start ?? '2025-02-01',
        endDate: seed.end ?? '2025-02-28',
        allWallets: seed.wallets === 'all',
        quickbooksUrl: seed.quickbooksUrl ?? null,
      })
      .returning({ id: documents.id });
    if (row === undefined) throw new Error('No document.');
    if (Array.isArray(seed.wallets) && seed.wallets.length > 0) {
      await suite.db.insert(documentWallets).values(seed.wallets.map((walletId) => ({ documentId: row.id, walletId })));
    }
    if (seed.cex !== undefined && seed.cex.length > 0) {
      await suite.db.insert(documentExchanges).values(seed.cex.map((exchangeId) => ({ documentId: row.id, exchangeId })));
    }
    return row.id;
  }

  async function getJson<T>(path: string, as: TestClient = client): Promise<T> {
    const response = await as.get(path);
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return json<T>(response);
  }

  const holdings = (id: string) => getJson<ReportPage<HoldingsReportRow>>(`${pathOf(reportEndpoints.reportHoldings.path, { id: id })}?limit=100`);
  const transactionsOf = (id: string, query = 'limit=100') =>
    getJson<ReportPage<TransactionReportRow>>(`${pathOf(reportEndpoints.reportTransactions.path, { id: id })}?${query}`);

  beforeAll(async () => {
    client = suite.client();
    userId = (await signInWithWallet(client)).id;
    await suite.db.update(users).set({ timezone: 'UTC' }).where(eq(users.id, userId));
    alpha = await addWallet(suite.db, userId, { name: 'Alpha' });
    beta = await addWallet(suite.db, userId, { name: 'Beta' });
    const [cex] = await suite.db.insert(centralisedExchanges).values(exchangeRow(userId)).returning({ id: centralisedExchanges.id });
    if (cex === undefined) throw new Error('No exchange.');
    exchange = cex.id;
    const self = '0x000000000000000000000000000000000000beef';
    usdcHash = `0x${'cd'.repeat(32)}`;
    const seeds: TxSeed[] = [
      // Before the range: 5 in, 1 out with a 0.01 fee.
      { userId, walletId: alpha, amount: 5n * ETHER, at: at('2025-01-15T10:00:00Z') },
      { userId, walletId: alpha, amount: ETHER, direction: 'OUTGOING', at: at('2025-01-20T10:00:00Z'), extra: { fee: (10n ** 16n).toString() } },
      // The range's first instant, inclusive.
      { userId, walletId: alpha, amount: 2n * ETHER, at: at('2025-02-01T00:00:00Z') },
      { userId, walletId: alpha, amount: ETHER / 2n, direction: 'OUTGOING', at: at('2025-02-10T10:00:00Z'), extra: { fee: (10n ** 15n).toString() } },
      // A failed call moves only its fee.
      { userId, walletId: alpha, amount: ETHER, direction: 'OUTGOING', at: at('2025-02-12T10:00:00Z'), extra: { fee: (2n * 10n ** 15n).toString(), isError: true } },
      // A transfer to oneself moves nothing.
      { userId, walletId: alpha, amount: (3n * ETHER) / 10n, from: self, to: self, at: at('2025-02-13T10:00:00Z') },
      { userId, walletId: alpha, token: SCAM, amount: 100n * ETHER, isSpam: true, at: at('2025-02-15T10:00:00Z') },
      { userId, walletId: alpha, token: USDC, amount: 1_000_500_000n, priceUsd: '1', hash: usdcHash, at: at('2025-02-16T10:00:00Z') },
      // An NFT arrives: not a holding.
      { userId, walletId: alpha, amount: 1n, at: at('2025-02-17T10:00:00Z'), extra: { nftId: '7', tokenId: 'ETHEREUM:0x2222222222222222222222222222222222222222', tokenSymbol: 'NFT', tokenAddress: '0x2222222222222222222222222222222222222222', tokenDecimals: 0 } },
      // The range's last second, inclusive; the next day's first instant is outside.
      { userId, walletId: alpha, amount: ETHER, at: at('2025-02-28T23:59:59Z') },
      { userId, walletId: alpha, amount: 7n * ETHER, at: at('2025-03-01T00:00:00Z') },
      { userId, walletId: beta, amount: ETHER, at: at('2025-02-05T10:00:00Z') },
      { userId, cexId: exchange, token: BINANCE_BTC, amount: 50_000_000n, at: at('2025-02-20T10:00:00Z'), extra: { fee: '10000', feeTokenId: 'BINANCE:BTC' } },
    ];
    await addTransactions(suite.db, seeds);
  });

  it('a holdings report over every wallet and an exchange account adds up exactly', async () => {
    const id = await addReport(userId, { kind: 'HOLDINGS_REPORT', wallets: 'all', cex: [exchange] });
    const page = await holdings(id);
    expect(page.count).toBe(4);
    expect(page.next).toBeNull();
    expect(page.results).toEqual([
      {
        token: { id: ETH.id, symbol: 'ETH', name: 'Ether' },
        itin_number: null,
        holdings_at_start: '3.99',
        inflow: '3',
        outflow: '0.503',
        holdings_at_end: '6.487',
        change: '2.497',
        wallet: 'Alpha',
      },
      {
        token: { id: USDC.id, symbol: 'USDC', name: 'USD Coin' },
        itin_number: USDC.address,
        holdings_at_start: '0',
        inflow: '1000.5',
        outflow: '0',
        holdings_at_end: '1000.5',
        change: '1000.5',
        wallet: 'Alpha',
      },
      {
        token: { id: ETH.id, symbol: 'ETH', name: 'Ether' },
        itin_number: null,
        holdings_at_start: '0',
        inflow: '1',
        outflow: '0',
        holdings_at_end: '1',
        change: '1',
        wallet: 'Beta',
      },
      {
        token: { id: BINANCE_BTC.id, symbol: 'BTC', name: 'Bitcoin' },
        itin_number: null,
        holdings_at_start: '0',
        inflow: '0.5',
        outflow: '0.0001',
        holdings_at_end: '0.4999',
        change: '0.4999',
        wallet: 'BINANCE',
      },
    ]);
    const second = await getJson<ReportPage<HoldingsReportRow>>(`${pathOf(reportEndpoints.reportHoldings.path, { id: id })}?limit=2&offset=2`);
    expect(second.results.map((row) => row.wallet)).toEqual(['Beta', 'BINANCE']);
    expect(second.next).toBeNull();
    const first = await getJson<ReportPage<HoldingsReportRow>>(`${pathOf(reportEndpoints.reportHoldings.path, { id: id })}?limit=2`);
    expect(first.next).toContain('offset=2');
  });

  it('a holdings report over chosen wallets covers only them, and its range decides start and end', async () => {
    const id = await addReport(userId, { kind: 'HOLDINGS_REPORT', wallets: [beta] });
    expect((await holdings(id)).results.map((row) => [row.wallet, row.holdings_at_end])).toEqual([['Beta', '1']]);
    const march = await addReport(userId, { kind: 'HOLDINGS_REPORT', wallets: [alpha], start: '2025-03-01', end: '2025-03-01' });
    const eth = (await holdings(march)).results.find((row) => row.token.symbol === 'ETH');
    expect(eth).toMatchObject({ holdings_at_start: '6.487', inflow: '7', outflow: '0', holdings_at_end: '13.487', change: '7' });
  });

  it("a transaction report lists its wallets' rows within its days, oldest first, paged", async () => {
    const id = await addReport(userId, { kind: 'TRANSACTION_REPORT', wallets: 'all' });
    const all = await transactionsOf(id);
    expect(all.count).toBe(8);
    expect(all.results.map((row) => row.created_at)).toEqual([
      '2025-02-01T00:00:00.000Z',
      '2025-02-05T10:00:00.000Z',
      '2025-02-10T10:00:00.000Z',
      '2025-02-12T10:00:00.000Z',
      '2025-02-13T10:00:00.000Z',
      '2025-02-16T10:00:00.000Z',
      '2025-02-17T10:00:00.000Z',
      '2025-02-28T23:59:59.000Z',
    ]);
    const usdc = all.results.find((row) => row.tx_hash === usdcHash);
    expect(usdc).toMatchObject({ account: 'Alpha', network: 'ETHEREUM', direction: 'INCOMING', token_symbol: 'USDC', amount: '1000.5', value_fiat: '1000.5', fiat_currency: 'USD', fee: null, labels: [] });
    const fee = all.results.find((row) => row.created_at === '2025-02-10T10:00:00.000Z');
    expect(fee).toMatchObject({ direction: 'OUTGOING', amount: '0.5', fee: '0.001' });

    const first = await transactionsOf(id, 'limit=3');
    expect(first.results).toHaveLength(3);
    expect(first.next).toContain('offset=3');
    const last = await transactionsOf(id, 'limit=3&offset=6');
    expect(last.results.map((row) => row.created_at)).toEqual(all.results.slice(6).map((row) => row.created_at));
    expect(last.next).toBeNull();

    const chosen = await addReport(userId, { kind: 'TRANSACTION_REPORT', wallets: [beta], cex: [exchange] });
    expect((await transactionsOf(chosen)).results.map((row) => [row.account, row.token_symbol, row.amount, row.fee])).toEqual([
      ['Beta', 'ETH', '1', null],
      ['BINANCE', 'BTC', '0.5', '0.0001'],
    ]);
    const exchangeOnly = await addReport(userId, { kind: 'TRANSACTION_REPORT', wallets: [], cex: [exchange] });
    expect((await transactionsOf(exchangeOnly)).count).toBe(1);
  });

  it("days are the user's own: a report's range follows the user's time zone", async () => {
    const other = suite.client();
    const owner = (await signInWithWallet(other)).id;
    await suite.db.update(users).set({ timezone: 'Europe/Berlin' }).where(eq(users.id, owner));
    const wallet = await addWallet(suite.db, owner, { name: 'Berlin' });
    await addTransactions(suite.db, [
      { userId: owner, walletId: wallet, amount: ETHER, at: at('2025-01-31T22:59:59Z') },
      { userId: owner, walletId: wallet, amount: 2n * ETHER, at: at('2025-01-31T23:00:00Z') },
      { userId: owner, walletId: wallet, amount: 3n * ETHER, at: at('2025-02-28T22:59:59Z') },
      { userId: owner, walletId: wallet, amount: 4n * ETHER, at: at('2025-02-28T23:00:00Z') },
    ]);
    const report = await addReport(owner, { kind: 'TRANSACTION_REPORT', wallets: 'all' });
    const page = await getJson<ReportPage<TransactionReportRow>>(pathOf(reportEndpoints.reportTransactions.path, { id: report }), other);
    expect(page.results.map((row) => row.amount)).toEqual(['2', '3']);
    const held = await addReport(owner, { kind: 'HOLDINGS_REPORT', wallets: [wallet] });
    const rows = await getJson<ReportPage<HoldingsReportRow>>(pathOf(reportEndpoints.reportHoldings.path, { id: held }), other);
    expect(rows.results).toEqual([expect.objectContaining({ holdings_at_start: '1', inflow: '5', holdings_at_end: '6' })]);
  });

  it('exports CSV with headers, a file name and escaped cells', async () => {
    await suite.db.update(centralisedExchanges).set({ exchange: 'BINANCE' }).where(eq(centralisedExchanges.id, exchange));
    const hostile = await addWallet(suite.db, userId, { name: '=HYPERLINK("http://x")' });
    const [txId] = await addTransactions(suite.db, [{ userId, walletId: hostile, amount: ETHER, at: at('2025-02-03T04:05:06Z'), hash: '0xabc' }]);
    const [label] = await suite.db.insert(labels).values({ userId, name: 'Rent, "March"\nsecond line', color: 'RED' }).returning({ id: labels.id });
    if (txId === undefined || label === undefined) throw new Error('seed');
    await suite.db.insert(transactionLabels).values({ transactionId: txId, labelId: label.id });
    const id = await addReport(userId, { kind: 'TRANSACTION_REPORT', name: 'Feb: report/1', wallets: [hostile] });
    const response = await client.get(pathOf(reportEndpoints.reportCsv.path, { id: id }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="Feb report 1.csv"; filename*=UTF-8''Feb%20report%201.csv`);
    const text = await response.text();
    expect(text).toBe(
      'Date,Wallet,Network,Direction,Token,Amount,Value,Currency,Fee,From,To,Transaction hash,Labels\r\n' +
        `2025-02-03T04:05:06.000Z,"'=HYPERLINK(""http://x"")",ETHEREUM,INCOMING,ETH,1,2000,USD,,${await fromTo(txId)},0xabc,"Rent, ""March""\nsecond line"\r\n`,
    );

    const held = await addReport(userId, { kind: 'HOLDINGS_REPORT', name: 'Held', wallets: [alpha] });
    const holdingsText = await (await client.get(pathOf(reportEndpoints.reportCsv.path, { id: held }))).text();
    expect(holdingsText).toBe(
      'Token,Token name,ITIN,Holdings at start,Inflow,Outflow,Holdings at end,Change,Wallet\r\n' +
        'ETH,Ether,,3.99,3,0.503,6.487,2.497,Alpha\r\n' +
        `USDC,USD Coin,${USDC.address ?? ''},0,1000.5,0,1000.5,1000.5,Alpha\r\n`,
    );
  });

  async function fromTo(transactionId: string): Promise<string> {
    const rows = await suite.db.query.transactions.findFirst({ where: (t, { eq: equal }) => equal(t.id, transactionId) });
    return `${rows?.fromAddress ?? ''},${rows?.toAddress ?? ''}`;
  }

  it('a long transaction report streams every row into its CSV', async () => {
    const wallet = await addWallet(suite.db, userId, { name: 'Busy' });
    const seeds: TxSeed[] = Array.from({ length: 1203 }, (_, i) => ({ userId, walletId: wallet, amount: BigInt(i + 1), at: new Date(Date.parse('2025-02-02T00:00:00Z') + i * 1000) }));
    await addTransactions(suite.db, seeds);
    const id = await addReport(userId, { kind: 'TRANSACTION_REPORT', wallets: [wallet] });
    const lines = (await (await client.get(pathOf(reportEndpoints.reportCsv.path, { id: id }))).text()).split('\r\n');
    expect(lines).toHaveLength(1 + 1203 + 1);
    expect(lines[1]).toContain(',0.000000000000000001,');
    expect(lines[1203]).toContain(',0.000000000000001203,');
    expect(lines.at(-1)).toBe('');
  });

  it("an invoice's CSV has its items and totals; a Quickbooks report's is refused", async () => {
    const [document] = await suite.db.insert(documents).values({ userId, kind: 'INVOICE', name: 'Invoice 7', state: 'DRAFT' }).returning();
    if (document === undefined) throw new Error('seed');
    const [invoice] = await suite.db
      .insert(invoices)
      .values({ documentId: document.id, userId, fiatCurrency: 'EUR', totalAmount: '121', totalBaseAmount: '100', totalTaxAmount: '21' })
      .returning();
    if (invoice === undefined) throw new Error('seed');
    await suite.db.insert(invoiceItems).values({ invoiceId: invoice.id, position: 0, name: '@work', description: 'a, b', quantity: '2', unitPrice: '50', tax: '21', totalAmount: '121' });
    const response = await client.get(pathOf(reportEndpoints.reportCsv.path, { id: document.id }));
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text.split('\r\n').slice(0, 2)).toEqual([
      'Item,Description,Quantity,Unit price,Discount,Discount is percent,Tax,Tax is percent,Total',
      "'@work,\"a, b\",2,50,0,no,21,yes,121",
    ]);
    expect(text).toContain('Currency,EUR\r\n');
    expect(text).toContain('Total amount,121\r\n');

    const quickbooks = await addReport(userId, { kind: 'QUICKBOOKS_REPORT', wallets: 'all' });
    for (const path of [pathOf(reportEndpoints.reportCsv.path, { id: quickbooks }), pathOf(reportEndpoints.reportPdf.path, { id: quickbooks }), pathOf(reportEndpoints.reportPdfData.path, { id: quickbooks }), pathOf(reportEndpoints.reportTransactions.path, { id: quickbooks }), pathOf(reportEndpoints.reportHoldings.path, { id: quickbooks })]) {
      const refused = await client.get(path);
      expect(refused.status, path).toBe(400);
      expect(await refused.json()).toEqual(QUICKBOOKS);
    }
    expect((await client.get(pathOf(reportEndpoints.reportPdf.path, { id: document.id }))).status).toBe(400);
  });

  it('answers the PDF data and a PDF of each report kind', async () => {
    const held = await addReport(userId, { kind: 'HOLDINGS_REPORT', name: 'Holdings Feb', wallets: [alpha, beta] });
    const data = await getJson<ReportPdfData>(pathOf(reportEndpoints.reportPdfData.path, { id: held }));
    expect(data).toMatchObject({ name: 'Holdings Feb', kind: 'HOLDINGS_REPORT', start_date: '2025-02-01', end_date: '2025-02-28', accounts: ['Alpha', 'Beta'], count: 3, truncated: false, transactions: null });
    expect(data.holdings?.map((row) => row.holdings_at_end)).toEqual(['6.487', '1000.5', '1']);

    const inline = await client.get(pathOf(reportEndpoints.reportPdf.path, { id: held }));
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; filename="Holdings Feb.pdf"/);
    const bytes = Buffer.from(await inline.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Landscape A4: wider than tall.
    expect(bytes.toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);

    const listed = await addReport(userId, { kind: 'TRANSACTION_REPORT', name: 'Tx', wallets: [beta] });
    const download = await client.get(`${pathOf(reportEndpoints.reportPdf.path, { id: listed })}?download=true`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="Tx.pdf"/);
    const portrait = Buffer.from(await download.arrayBuffer()).toString('latin1');
    expect(portrait).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const listedData = await getJson<ReportPdfData>(pathOf(reportEndpoints.reportPdfData.path, { id: listed }));
    expect(listedData).toMatchObject({ count: 1, truncated: false, holdings: null, time_zone: 'UTC' });
    expect((await client.get(`${pathOf(reportEndpoints.reportPdf.path, { id: listed })}?download=maybe`)).status).toBe(400);
  });

  it("other users' and unknown ids are 404; guests read their own reports only; no session is 401", async () => {
    const mine = await addReport(userId, { kind: 'HOLDINGS_REPORT', wallets: 'all' });
    const paths = (id: string) => [
      pathOf(reportEndpoints.reportTransactions.path, { id: id }),
      pathOf(reportEndpoints.reportHoldings.path, { id: id }),
      pathOf(reportEndpoints.reportCsv.path, { id: id }),
      pathOf(reportEndpoints.reportPdfData.path, { id: id }),
      pathOf(reportEndpoints.reportPdf.path, { id: id }),
    ];
    const stranger = suite.client();
    await signInWithWallet(stranger);
    const guest = suite.client();
    const guestUser = await signInWithAddress(guest);
    for (const path of [...paths(mine), ...paths(mine.toUpperCase())]) {
      for (const who of [stranger, guest]) {
        const response = await who.get(path);
        expect(response.status, path).toBe(404);
        expect(await response.json()).toEqual(NOT_FOUND);
      }
    }
    for (const path of [...paths('6f1c1f5e-8a53-4c3e-9d0e-3b8f0b7a2c11'), ...paths('not-a-uuid')]) {
      expect((await client.get(path)).status, path).toBe(404);
    }
    for (const path of paths(mine)) expect((await suite.client().get(path)).status, path).toBe(401);

    const guests = await addReport(guestUser.id, { kind: 'TRANSACTION_REPORT', wallets: 'all' });
    const page = await getJson<ReportPage<TransactionReportRow>>(pathOf(reportEndpoints.reportTransactions.path, { id: guests }), guest);
    expect(page).toEqual({ results: [], count: 0, next: null });
    for (const path of paths(guests)) expect((await guest.get(path)).status, path).toBe(200);
    for (const path of paths(guests)) expect((await client.get(path)).status, path).toBe(404);
  });
});
