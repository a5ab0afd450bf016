import type { ContactOut } from '../../src/shared/contract/contacts';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../src/shared/api-paths';
import { labelEndpoints } from '../../src/shared/contract/labels';
import { searchEndpoints } from '../../src/shared/contract/search';
import type { SearchCategory } from '../../src/shared/contract/search';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import type { LabelOut } from '../../src/shared/contract/primitives';
import type { TransactionPage } from '../../src/shared/contract/transactions';
import { centralisedExchanges, documents, labels, transactionLabels, transactions, wallets, type NewTransactionRow } from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithAddress, signInWithWallet } from './helpers/sign-in';

const WALLET = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
const COUNTERPARTY = '0x52908400098527886E0F7030069857D2E4169EE7';
const hash = (prefix: string, n: number) => `0x${prefix}${n.toString(16).padStart(64 - prefix.length, '0')}`;

const contact = (first: string, last: string, company = '') => ({
  first_name: first,
  last_name: last,
  company,
  email: `${first.toLowerCase()}@example.com`,
  address_line1: '1 Main Street',
  country: 'Germany',
  city: 'Berlin',
  postal_code: '10115',
});

describe.each(availableDrivers())('global search on %s', (kind) => {
  const suite = setupSuite(kind);

  async function signedIn(): Promise<{ client: TestClient; userId: string }> {
    const client = suite.client();
    const user = await signInWithWallet(client);
    return { client, userId: user.id };
  }

  const search = async (client: TestClient, text: string): Promise<SearchCategory[]> => {
    const response = await client.get(`${searchEndpoints.search.path}?search=${encodeURIComponent(text)}`);
    expect(response.status).toBe(200);
    return json<SearchCategory[]>(response);
  };

  const texts = (result: SearchCategory[]): Record<string, string[]> =>
    Object.fromEntries(result.map((category) => [category.category, category.items.map((item) => item.text)]));

  async function wallet(userId: string, name: string, address = WALLET): Promise<string> {
    const [row] = await suite.db.insert(wallets).values({ userId, name, address, network: 'ETHEREUM' }).returning();
    if (row === undefined) throw new Error('no wallet');
    return row.id;
  }

  function tx(userId: string, walletId: string, n: number, extra: Partial<NewTransactionRow> = {}): NewTransactionRow {
    return {
      userId,
      walletId,
      network: 'ETHEREUM',
      txHash: hash('', n),
      logIndex: -1,
      createdAt: new Date(Date.UTC(2023, 0, 1) + n * 60_000),
      direction: 'INCOMING',
      fromAddress: COUNTERPARTY.toLowerCase(),
      toAddress: WALLET.toLowerCase(),
      amount: '1500000000000000000',
      tokenId: 'ETHEREUM:native',
      tokenSymbol: 'ETH',
      tokenName: 'Ether',
      tokenDecimals: 18,
      ...extra,
    };
  }

  it('finds the user\'s wallets, contacts, transactions, labels and documents, at most 6 per category', async () => {
    const { client, userId } = await signedIn();
    const savings = await wallet(userId, 'Savings wallet');
    await wallet(userId, 'Trading', '0x1111111111111111111111111111111111111111');
    await suite.db.insert(centralisedExchanges).values({ userId, exchange: 'BINANCE', apiKeySealed: 'x', secretKeySealed: 'y' });
    for (let i = 0; i < 8; i += 1) {
      const response = await client.post(API.contacts, contact(`Sam${String(i)}`, 'Saver', i === 0 ? 'Savings Bank' : ''));
      expect(response.status).toBe(201);
    }
    const made = await json<ContactOut>(await client.post(API.contacts, contact('Ada', 'Lovelace', 'Engines')));
    const label = await json<LabelOut>(await client.post(labelEndpoints.createLabel.path, { name: 'Savings', color: 'GREEN' }));
    await suite.db.insert(documents).values([
      { userId, kind: 'INVOICE', name: 'Invoice savings plan', createdAt: new Date('2024-02-01T00:00:00Z') },
      { userId, kind: 'TRANSACTION_REPORT', name: 'Savings report 2023', createdAt: new Date('2024-03-01T00:00:00Z') },
      { userId, kind: 'INVOICE', name: 'Other', createdAt: new Date('2024-04-01T00:00:00Z') },
    ]);
    await suite.db.insert(transactions).values([
      tx(userId, savings, 1),
      tx(userId, savings, 2, { tokenId: 'ETHEREUM:0xa0b8', tokenSymbol: 'USDC', tokenName: 'USD Coin', tokenDecimals: 6, amount: '2500000', direction: 'OUTGOING', fromAddress: WALLET.toLowerCase(), toAddress: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd' }),
    ]);

    // Another user's data is never found.
    const other = await signedIn();
    await wallet(other.userId, 'Savings of someone else');
    await other.client.post(labelEndpoints.createLabel.path, { name: 'Savings too', color: 'RED' });

    const result = await search(client, 'saving');
    expect(result.map((category) => category.category)).toEqual(['wallets', 'contacts', 'transactions', 'labels', 'documents']);
    expect(texts(result)).toEqual({
      wallets: ['Savings wallet'],
      contacts: ['Sam0 Saver (Savings Bank)'],
      // The transactions list's search matches a wallet's name: its transactions are found here too.
      transactions: ['-2.5 USDC · 0x00...0000002', '+1.5 ETH · 0x00...0000001'],
      labels: ['Savings'],
      documents: ['Savings report 2023', 'Invoice savings plan'],
    });
    expect(result.find((c) => c.category === 'labels')?.items).toEqual([{ id: label.id, text: 'Savings' }]);
    expect(result.find((c) => c.category === 'wallets')?.items).toEqual([{ id: savings, text: 'Savings wallet' }]);

    const many = texts(await search(client, 'saver'));
    expect(many.contacts).toEqual(['Sam0 Saver (Savings Bank)', 'Sam1 Saver', 'Sam2 Saver', 'Sam3 Saver', 'Sam4 Saver', 'Sam5 Saver']);

    expect((await search(client, 'ada love'))[0]).toEqual({ category: 'contacts', items: [{ id: made.id, text: 'Ada Lovelace (Engines)' }] });
    expect(texts(await search(client, '0x1111'))).toEqual({ wallets: ['Trading'] });
    expect(texts(await search(client, 'binance'))).toEqual({ wallets: ['Binance'] });
    expect(texts(await search(client, 'usdc'))).toEqual({ transactions: [`-2.5 USDC · 0x00...0000002`] });
    expect(texts(await search(client, '0xabcdefab'))).toEqual({ transactions: [`-2.5 USDC · 0x00...0000002`] });
    expect(texts(await search(client, COUNTERPARTY.slice(0, 12)))).toEqual({ transactions: ['+1.5 ETH · 0x00...0000001'] });
    expect(await search(client, 'nothing matches this')).toEqual([]);
    expect(await search(client, '')).toEqual([]);
    expect(await search(client, '   ')).toEqual([]);
    expect(await json<SearchCategory[]>(await client.get(searchEndpoints.search.path))).toEqual([]);
  });

  it('transactions are found as the transactions list finds them: spam and inactive wallets left out, one item per hash', async () => {
    const { client, userId } = await signedIn();
    const walletId = await wallet(userId, 'Main');
    const [inactive] = await suite.db
      .insert(wallets)
      .values({ userId, name: 'Paused', address: '0x2222222222222222222222222222222222222222', network: 'ETHEREUM', isActive: false })
      .returning();
    if (inactive === undefined) throw new Error('no wallet');
    const rows: NewTransactionRow[] = [
      tx(userId, walletId, 0, { txHash: hash('fe', 7), tokenId: 'ETHEREUM:0x01', tokenSymbol: 'OLDIE', tokenName: 'Old token' }),
      ...Array.from({ length: 30 }, (_, i) => tx(userId, walletId, i + 10)),
      // A swap: two rows of one hash.
      tx(userId, walletId, 60, { txHash: hash('5a', 1), direction: 'OUTGOING', tokenId: 'ETHEREUM:0x6b', tokenSymbol: 'DAI', tokenName: 'Dai', logIndex: 1 }),
      tx(userId, walletId, 60, { txHash: hash('5a', 1), tokenId: 'ETHEREUM:0x6b', tokenSymbol: 'DAI', tokenName: 'Dai', logIndex: 2, amount: '3000000000000000000' }),
      tx(userId, walletId, 61, { txHash: hash('5a', 2), tokenId: 'ETHEREUM:0x5c', tokenSymbol: 'SCAM', tokenName: 'Free tokens', isSpam: true }),
      tx(userId, inactive.id, 62, { txHash: hash('7c', 3), tokenId: 'ETHEREUM:0x7d', tokenSymbol: 'PAUSED', tokenName: 'Paused token' }),
    ];
    const stored = await suite.db.insert(transactions).values(rows).returning({ id: transactions.id, txHash: transactions.txHash });
    // A label on the oldest transaction: its name finds the label and the transactions carrying it.
    const [holiday] = await suite.db.insert(labels).values({ userId, name: 'Holiday trip', color: 'GREEN' }).returning();
    const oldest = stored.find((row) => row.txHash === hash('fe', 7));
    if (holiday === undefined || oldest === undefined) throw new Error('no label');
    await suite.db.insert(transactionLabels).values({ transactionId: oldest.id, labelId: holiday.id });

    const oldie = { transactions: ['+1.5 OLDIE · 0xfe...0000007'] };
    expect(texts(await search(client, 'holiday'))).toEqual({ ...oldie, labels: ['Holiday trip'] });
    expect(texts(await search(client, hash('fe', 7).slice(0, 10)))).toEqual(oldie);
    // Bare hex stands for the hash with 0x as well, in any case.
    expect(texts(await search(client, hash('fe', 7).slice(2, 14).toUpperCase()))).toEqual(oldie);
    expect(texts(await search(client, 'oldie'))).toEqual(oldie);
    expect(texts(await search(client, 'dai'))).toEqual({ transactions: ['-1.5 DAI · 0x5a...0000001'] });
    expect(texts(await search(client, '0x5a'))).toEqual({ transactions: ['-1.5 DAI · 0x5a...0000001'] });
    expect(await search(client, 'scam')).toEqual([]);
    expect(await search(client, 'paused')).toEqual([{ category: 'wallets', items: [{ id: inactive.id, text: 'Paused' }] }]);
    // Hashes and addresses match from their start, as in the list: the middle of an address finds nothing.
    expect(await search(client, COUNTERPARTY.slice(10, 20))).toEqual([]);

    const eth = (await search(client, 'eth')).find((c) => c.category === 'transactions');
    expect(eth?.items).toHaveLength(6);
    expect(eth?.items[0]?.text).toBe('+1.5 ETH · 0x00...0000027');

    // Every transaction the top bar finds is on the transactions page its click opens (?search= the same text).
    for (const text of [hash('fe', 7).slice(2, 14), 'oldie', 'dai', '0x5a', 'eth', COUNTERPARTY.slice(2, 10), 'holiday']) {
      const found = (await search(client, text)).find((c) => c.category === 'transactions')?.items ?? [];
      expect(found.length, text).toBeGreaterThan(0);
      const page = await json<TransactionPage>(await client.get(`${transactionEndpoints.listTransactions.path}?search=${encodeURIComponent(text)}&limit=100`));
      const listed = new Set(page.results.map((row) => row.id));
      for (const item of found) expect(listed.has(item.id), `${text}: ${item.text}`).toBe(true);
    }
  });

  it('guests search the transactions and labels they can open; no session is 401; too long a text is 400', async () => {
    const guest = suite.client();
    const user = await signInWithAddress(guest, WALLET);
    expect(user.full_access).toBe(false);
    const [own] = await suite.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, user.id));
    if (own === undefined) throw new Error('no guest wallet');
    await suite.db.insert(transactions).values(tx(user.id, own.id, 3));
    // The guest's wallet matches too, but guests cannot open the wallets page (docs/search.md): only its transaction shows.
    const found = texts(await search(guest, WALLET.slice(0, 8)));
    expect(found).toEqual({ transactions: ['+1.5 ETH · 0x00...0000003'] });

    expect((await suite.client().get(`${searchEndpoints.search.path}?search=x`)).status).toBe(401);
    const { client } = await signedIn();
    const long = await client.get(`${searchEndpoints.search.path}?search=${'x'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ search: ['Ensure this field has no more than 200 characters.'] });
  });
});
