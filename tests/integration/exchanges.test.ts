import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Hono } from 'hono';
import { exchangeEndpoints } from '../../src/shared/contract/exchanges';
import { userEndpoints } from '../../src/shared/contract/users';
import { pathOf } from '../../src/shared/contract/endpoint';
import type { User } from '../../src/shared/api-types';
import type { ExchangeAccount } from '../../src/shared/contract/exchanges';
import { MESSAGES } from '../../src/shared/messages';
import { createSecretBox } from '../../src/server/crypto/secret-box';
import { centralisedExchanges, subscriptions, syncCursors, wallets } from '../../src/server/db/schema';
import { EXCHANGE_SYNC_JOB } from '../../src/server/sync/job-names';
import { recordingQueue } from './data-recording-queue';
import type { AppEnv } from '../../src/server/http/app-env';
import type { Logger } from '../../src/server/logging/logger';
import { startProviderServer, type FixtureRequest, type ProviderServer, type RouteAnswer } from '../fixtures/provider-server';
import { addBalance, addTransactions, BINANCE_BTC } from './data-seed';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, TestClient } from './helpers/test-client';
import { newAccount, signInWithAddress, signInWithWallet } from './helpers/sign-in';

const READ_ONLY_KEY = 'readOnlyKey0123456789abcdefXYZ';
const WITHDRAW_KEY = 'withdrawKey0123456789abcdefXYZ';
const NO_READ_KEY = 'noReadingKey0123456789abcdefXY';
const SECRET = 'theSecret0123456789abcdefghijklmnop';
const ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** Answers like Binance: each known key has its permissions; any other key is refused (-2015). */
function apiRestrictions(req: FixtureRequest): RouteAnswer {
  if (!req.query.get('signature') || !req.query.get('timestamp')) {
    return { source: 'synthetic', note: 'unsigned request', status: 400, body: { code: -1102, msg: 'Mandatory parameter signature was not sent.' } };
  }
  switch (req.headers['x-mbx-apikey']) {
    case READ_ONLY_KEY:
      return 'binance/api-restrictions-read-only.json';
    case WITHDRAW_KEY:
      return 'binance/api-restrictions-withdraw-enabled.json';
    case NO_READ_KEY:
      return 'binance/api-restrictions-no-reading.json';
    default:
      return 'binance/error-invalid-key.json';
  }
}

const empty = (note: string): RouteAnswer => ({ source: 'synthetic', note, body: [] });

describe.each(availableDrivers())('centralised exchanges on %s', (kind) => {
  const suite = setupSuite(kind);
  let server: ProviderServer;
  let app: Hono<AppEnv>;
  const logLines: string[] = [];

  beforeAll(async () => {
    server = await startProviderServer({
      'GET /api/v3/exchangeInfo': 'binance/exchange-info.json',
      'GET /sapi/v1/account/apiRestrictions': apiRestrictions,
      'GET /api/v3/account': 'binance/account.json',
      'GET /sapi/v1/capital/deposit/hisrec': empty('no deposits'),
      'GET /sapi/v1/capital/withdraw/history': empty('no withdrawals'),
      'GET /api/v3/myTrades': empty('no trades'),
    });
    const record = (level: string) => (message: string, fields?: Record<string, unknown>) => {
      logLines.push(`${level} ${message} ${JSON.stringify(fields ?? {}, (_k, v: unknown) => (v instanceof Error ? `${v.name}: ${v.message} ${String(v.stack)}` : v))}`);
    };
    const logger: Logger = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
    app = suite.makeApp({ env: { BINANCE_BASE_URL: server.url, ENCRYPTION_KEY }, logger });
  });
  afterAll(async () => {
    await server?.close();
  });

  async function fullUser(plan: 'STARTER' | 'PLUS' | 'ENTERPRISE' = 'ENTERPRISE'): Promise<{ client: TestClient; user: User }> {
    const client = new TestClient(app);
    const user = await signInWithWallet(client);
    await suite.db.update(subscriptions).set({ planCode: plan }).where(eq(subscriptions.userId, user.id));
    return { client, user };
  }

  const connect = (client: TestClient, apiKey = READ_ONLY_KEY, body: Record<string, unknown> = {}) =>
    client.post(exchangeEndpoints.createExchange.path, { exchange: 'BINANCE', api_key: apiKey, secret_key: SECRET, ...body });

  it('connects a read-only key: sealed at rest, only a hint shown, never logged', async () => {
    const { client, user } = await fullUser();
    const response = await connect(client);
    expect(response.status).toBe(201);
    const text = await response.text();
    expect(text).not.toContain(READ_ONLY_KEY);
    expect(text).not.toContain(SECRET);
    const account = JSON.parse(text) as ExchangeAccount;
    expect(account).toMatchObject({
      exchange: 'BINANCE',
      api_key_hint: 'read…fXYZ',
      is_synchronized: false,
      sync_error: null,
      total_balance: '0',
      fiat_currency: 'USD',
      tokens: [],
      last_activity: null,
    });
    expect(Object.keys(account).sort()).toEqual(
      ['id', 'exchange', 'api_key_hint', 'is_synchronized', 'sync_error', 'total_balance', 'fiat_currency', 'tokens', 'last_activity', 'created_at'].sort(),
    );

    const [row] = await suite.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.id, account.id));
    if (row === undefined) throw new Error('not stored');
    expect(row.userId).toBe(user.id);
    expect(row.apiKeySealed).not.toContain(READ_ONLY_KEY);
    expect(row.secretKeySealed).not.toContain(SECRET);
    const box = createSecretBox(Buffer.from(ENCRYPTION_KEY, 'base64'));
    expect(box.open(row.apiKeySealed)).toBe(READ_ONLY_KEY);
    expect(box.open(row.secretKeySealed)).toBe(SECRET);

    const listed = await json<ExchangeAccount[]>(await client.get(exchangeEndpoints.listExchanges.path));
    expect(listed.map((a) => a.id)).toEqual([account.id]);
    expect(JSON.stringify(listed)).not.toContain(READ_ONLY_KEY);
    expect(await json<User>(await client.get(userEndpoints.getUser.path))).toMatchObject({ has_wallet: true, wallets_number: 0 });
    expect(server.requests.some((r) => r.path === '/sapi/v1/account/apiRestrictions')).toBe(true);
  });

  it('queues the first sync of a connected account', async () => {
    const { client } = await fullUser();
    const queue = recordingQueue();
    const detach = suite.jobs.attach(queue);
    try {
      const account = await json<ExchangeAccount>(await connect(client));
      expect(queue.sent).toEqual([
        { name: EXCHANGE_SYNC_JOB, data: { cexId: account.id }, options: expect.objectContaining({ singletonKey: account.id }) },
      ]);
      const [cursor] = await suite.db.select().from(syncCursors).where(eq(syncCursors.cexId, account.id));
      expect(cursor?.kind).toBe('account');
    } finally {
      detach();
    }
  });

  it('refuses keys that can withdraw, cannot read or are not accepted, with clear errors, storing nothing', async () => {
    const { client, user } = await fullUser();
    const cases: [string, string][] = [
      [WITHDRAW_KEY, 'This API key can withdraw funds. Create a read-only key and try again.'],
      [NO_READ_KEY, 'This API key cannot read your Binance account. Enable reading for the key and try again.'],
      ['unknownKey0123456789abcdefXYZ', 'Binance did not accept this API key. Check the API key and secret and try again.'],
    ];
    for (const [key, message] of cases) {
      const response = await connect(client, key);
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ non_field_errors: [message] });
      expect(text).not.toContain(key);
    }
    expect(await suite.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.userId, user.id))).toHaveLength(0);
  });

  it('says so when the exchange cannot be reached', async () => {
    const { client } = await fullUser();
    server.route('GET /sapi/v1/account/apiRestrictions', { source: 'synthetic', note: 'Binance under maintenance', status: 503, body: { code: -1016, msg: 'Service unavailable.' } });
    try {
      const response = await connect(client);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ non_field_errors: ['Binance could not be reached to check this key. Try again later.'] });
    } finally {
      server.route('GET /sapi/v1/account/apiRestrictions', apiRestrictions);
    }
  });

  it('counts against the plan limit, and refuses a key already connected', async () => {
    const { client, user } = await fullUser('STARTER');
    expect((await connect(client)).status).toBe(201);
    // The key is checked with the exchange first, then the limit inside the locked insert.
    const over = await connect(client);
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({ non_field_errors: [MESSAGES.walletLimit(1)] });

    await suite.db.update(subscriptions).set({ planCode: 'PLUS' }).where(eq(subscriptions.userId, user.id));
    const again = await connect(client);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ api_key: ['This API key is already connected.'] });
    expect(await suite.db.select().from(centralisedExchanges).where(eq(centralisedExchanges.userId, user.id))).toHaveLength(1);
  });

  it('checks the form: exchange, api_key and secret_key required, BINANCE only, no unknown fields', async () => {
    const { client } = await fullUser();
    const errors = async (body: unknown) => {
      const response = await client.post(exchangeEndpoints.createExchange.path, body);
      expect(response.status).toBe(400);
      return response.json();
    };
    expect(await errors({})).toEqual({
      exchange: [MESSAGES.required],
      api_key: [MESSAGES.required],
      secret_key: [MESSAGES.required],
    });
    expect(await errors({ exchange: 'KRAKEN', api_key: 'a'.repeat(20), secret_key: 'b'.repeat(20) })).toEqual({
      exchange: ['Choose one of: BINANCE.'],
    });
    expect(await errors({ exchange: 'BINANCE', api_key: ' ', secret_key: 5 })).toEqual({
      api_key: [MESSAGES.required],
      secret_key: ['Not a valid string.'],
    });
    expect(await errors({ exchange: 'BINANCE', api_key: 'a b', secret_key: 'x'.repeat(600) })).toEqual({
      api_key: ['Keys contain no spaces. Paste the key exactly as the exchange shows it.'],
      secret_key: ['Ensure this field has no more than 512 characters.'],
    });
    expect(await errors({ exchange: 'BINANCE', api_key: READ_ONLY_KEY, secret_key: SECRET, label: 'x' })).toEqual({
      label: ['Unknown field.'],
    });
  });

  it('lists holdings in the user fiat; deletes only the own account', async () => {
    const { client, user } = await fullUser();
    const account = await json<ExchangeAccount>(await connect(client));
    await addBalance(suite.db, { userId: user.id, cexId: account.id }, BINANCE_BTC, 150_000_000n, '60000');
    const at = new Date('2024-05-01T08:00:00Z');
    await addTransactions(suite.db, [{ userId: user.id, cexId: account.id, token: BINANCE_BTC, amount: 150_000_000n, at, priceUsd: '60000' }]);
    await suite.db.update(centralisedExchanges).set({ lastError: 'Binance is limiting requests; retrying later.' }).where(eq(centralisedExchanges.id, account.id));
    const [listed] = await json<ExchangeAccount[]>(await client.get(exchangeEndpoints.listExchanges.path));
    expect(listed).toMatchObject({
      id: account.id,
      total_balance: '90000',
      sync_error: 'Binance is limiting requests; retrying later.',
      last_activity: at.toISOString(),
    });
    expect(listed?.tokens).toEqual([
      {
        token: { id: 'BINANCE:BTC', symbol: 'BTC', name: 'Bitcoin', image_url: null, address: null, decimals: 8, network: null },
        amount: '1.5',
        value_fiat: '90000',
      },
    ]);

    const stranger = await fullUser();
    expect(await json<ExchangeAccount[]>(await stranger.client.get(exchangeEndpoints.listExchanges.path))).toEqual([]);
    const foreign = await stranger.client.delete(pathOf(exchangeEndpoints.deleteExchange.path, { id: account.id }));
    expect(foreign.status).toBe(404);
    expect((await stranger.client.delete(pathOf(exchangeEndpoints.deleteExchange.path, { id: 'not-an-id' }))).status).toBe(404);

    expect((await client.delete(pathOf(exchangeEndpoints.deleteExchange.path, { id: account.id }))).status).toBe(204);
    expect(await json<ExchangeAccount[]>(await client.get(exchangeEndpoints.listExchanges.path))).toEqual([]);
    expect((await client.delete(pathOf(exchangeEndpoints.deleteExchange.path, { id: account.id }))).status).toBe(404);
    expect((await json<User>(await client.get(userEndpoints.getUser.path))).has_wallet).toBe(false);
  });

  it('guests read but cannot connect or delete', async () => {
    const owner = await fullUser();
    const account = await json<ExchangeAccount>(await connect(owner.client));
    const guest = new TestClient(app);
    await signInWithAddress(guest, newAccount().address);
    expect((await guest.get(exchangeEndpoints.listExchanges.path)).status).toBe(200);
    for (const response of [await connect(guest), await guest.post(exchangeEndpoints.createExchange.path, {}), await guest.delete(pathOf(exchangeEndpoints.deleteExchange.path, { id: account.id }))]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ detail: MESSAGES.forbidden });
    }
    expect((await new TestClient(app).get(exchangeEndpoints.listExchanges.path)).status).toBe(401);
    expect(await suite.db.select().from(wallets).where(eq(wallets.userId, owner.user.id))).toHaveLength(0);
  });

  it('never writes a key or secret to the log', () => {
    const all = logLines.join('\n');
    for (const secret of [READ_ONLY_KEY, WITHDRAW_KEY, NO_READ_KEY, SECRET]) expect(all).not.toContain(secret);
  });
});
