import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../src/shared/api-paths';
import type { Wallet } from '../../src/shared/api-types';
import { users, wallets } from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { newAccount, signInWithWallet } from './helpers/sign-in';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

interface BodyRoute {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: (walletId: string) => string;
  /** A valid body; undefined for routes that take none. */
  example?: Record<string, unknown>;
  /** Fields that must be present. */
  required?: string[];
}

/** Every state-changing route of the API. */
const ROUTES: BodyRoute[] = [
  { method: 'POST', path: () => API.loginWithAddress, example: { address: EVM }, required: ['address'] },
  { method: 'POST', path: () => API.loginDemo, example: { address: EVM }, required: ['address'] },
  { method: 'POST', path: () => API.loginWithWallet, example: { address: EVM, kind: 'METAMASK' }, required: ['address'] },
  {
    method: 'POST',
    path: () => API.loginWithWalletResponse,
    example: { address: EVM, signature: '0xabcdef' },
    required: ['address', 'signature'],
  },
  { method: 'POST', path: () => API.loginWithGoogle, example: { access_token: 'token' }, required: ['access_token'] },
  { method: 'POST', path: () => API.validateAddress, example: { address: EVM, network: 'ETHEREUM' }, required: ['address'] },
  {
    method: 'PATCH',
    path: () => API.user,
    example: {
      fiat_currency: 'EUR',
      language: 'English',
      timezone: 'CET',
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.com',
      address_line1: 'x',
      address_line2: 'x',
      city: 'x',
      postal_code: 'x',
      country: 'x',
      tax_number: 'x',
      is_tutorial_viewed: true,
      suggestions: { ftcTimeout: null },
    },
  },
  { method: 'PATCH', path: (id) => API.wallet(id), example: { is_active: true }, required: ['is_active'] },
  {
    method: 'POST',
    path: () => API.wallets,
    example: { name: 'Savings', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', network: 'POLYGON' },
    // A missing network reads 'Network is required' (spec §5), checked in wallets.test.ts.
    required: ['name', 'address'],
  },
  {
    method: 'POST',
    path: () => API.exchanges,
    example: { exchange: 'BINANCE', api_key: 'key', secret_key: 'secret' },
    required: ['exchange', 'api_key', 'secret_key'],
  },
  {
    method: 'POST',
    path: () => API.contacts,
    example: {
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      address_line1: '1 Main St',
      country: 'UK',
      city: 'London',
      postal_code: 'N1',
      addresses: [],
    },
    required: ['first_name', 'last_name', 'email', 'address_line1', 'country', 'city', 'postal_code'],
  },
  { method: 'POST', path: () => API.labels, example: { name: 'Rent', color: 'RED' }, required: ['name'] },
  { method: 'POST', path: () => API.logout },
  { method: 'DELETE', path: () => API.deleteUser },
];

const WRONG_VALUES: unknown[] = [12345, true, null, ['x'], { x: 1 }];

describe.each(availableDrivers())('bad input on every route (%s)', (kind) => {
  const suite = setupSuite(kind);
  let client: TestClient;
  let userId: string;
  let walletId: string;

  beforeAll(async () => {
    client = suite.client();
    userId = (await signInWithWallet(client)).id;
    const [wallet] = await suite.db
      .insert(wallets)
      .values({ userId, name: 'Mine', address: newAccount().address, network: 'ETHEREUM' })
      .returning();
    walletId = wallet?.id ?? '';
  });

  /** Sends a request and checks it is refused with a 4xx and a readable message; returns the body. */
  async function expectRefused(
    route: BodyRoute,
    init: { body?: string; headers?: Record<string, string>; json?: unknown },
    status: number,
  ): Promise<Record<string, unknown>> {
    const response = await client.request(route.method, route.path(walletId), init);
    const label = `${route.method} ${route.path(walletId)} ${JSON.stringify(init).slice(0, 120)}`;
    expect(response.status, label).toBe(status);
    const body = await json<Record<string, unknown>>(response);
    const messages = Object.values(body).flatMap((value) => (Array.isArray(value) ? value : [value]));
    expect(messages.length, label).toBeGreaterThan(0);
    for (const message of messages) expect(typeof message === 'string' && message.length > 3, label).toBe(true);
    return body;
  }

  it('malformed JSON gives 400 non_field_errors everywhere', async () => {
    for (const route of ROUTES) {
      for (const text of ['{"address": ', '{address: 1}', 'not json', '{"a":1}}', "{'a': 1}"]) {
        const body = await expectRefused(route, { body: text, headers: { 'Content-Type': 'application/json' } }, 400);
        expect(body).toEqual({ non_field_errors: ['Malformed JSON body.'] });
      }
    }
  });

  it('a body that is not a JSON object gives 400', async () => {
    for (const route of ROUTES.filter((r) => r.example !== undefined)) {
      for (const value of [[], 'text', 42, null, true]) {
        const body = await expectRefused(route, { json: value }, 400);
        expect(body).toEqual({ non_field_errors: ['Expected a JSON object.'] });
      }
    }
  });

  it('a field of the wrong type gives 400 on that field', async () => {
    for (const route of ROUTES.filter((r) => r.example !== undefined)) {
      for (const field of Object.keys(route.example ?? {})) {
        for (const wrong of WRONG_VALUES) {
          if (typeof wrong === 'boolean' && typeof route.example?.[field] === 'boolean') continue;
          const body = await expectRefused(route, { json: { ...route.example, [field]: wrong } }, 400);
          expect(Object.keys(body).some((key) => key === field || key.startsWith(`${field}.`)), `${field}=${JSON.stringify(wrong)}`).toBe(true);
        }
      }
    }
  });

  it('missing required fields give 400 "This field is required"', async () => {
    for (const route of ROUTES.filter((r) => r.required !== undefined)) {
      const body = await expectRefused(route, { json: {} }, 400);
      for (const field of route.required ?? []) expect(body[field]).toEqual(['This field is required']);
      // No body at all, or an empty JSON one, reads as an empty object.
      expect(await expectRefused(route, {}, 400)).toEqual(body);
      const empty = await expectRefused(route, { body: '', headers: { 'Content-Type': 'application/json' } }, 400);
      expect(empty).toEqual(body);
    }
  });

  it('unknown fields give 400 "Unknown field."', async () => {
    for (const route of ROUTES.filter((r) => r.example !== undefined)) {
      const body = await expectRefused(route, { json: { ...route.example, is_admin: true } }, 400);
      expect(body).toEqual({ is_admin: ['Unknown field.'] });
    }
    const nested = await expectRefused(ROUTES[6] as BodyRoute, { json: { suggestions: { ftcTimeout: null, x: 1 } } }, 400);
    expect(nested).toEqual({ 'suggestions.x': ['Unknown field.'] });
  });

  it('oversized bodies give 413', async () => {
    const big = JSON.stringify({ address: 'x'.repeat(1024 * 1024) });
    for (const route of ROUTES) {
      const body = await expectRefused(route, { body: big, headers: { 'Content-Type': 'application/json' } }, 413);
      expect(body).toEqual({ detail: 'Request body is too large.' });
    }
  });

  it('a body that is not application/json gives 415', async () => {
    for (const route of ROUTES) {
      for (const [contentType, text] of [
        ['text/plain', JSON.stringify(route.example ?? {})],
        ['application/x-www-form-urlencoded', 'address=0x00'],
        ['multipart/form-data; boundary=x', '--x--'],
      ] as const) {
        const body = await expectRefused(route, { body: text, headers: { 'Content-Type': contentType } }, 415);
        expect(String(body.detail)).toMatch(/^Unsupported media type ".+" in request\. Send application\/json\.$/);
      }
      const noType = await client.request(route.method, route.path(walletId), { body: '{"a":1}' });
      expect(noType.status).toBe(415);
    }
  });

  it('bad query parameters give 400, never 500', async () => {
    for (const query of ['ordering=1&ordering=2', 'ordering=', `search=${'x'.repeat(201)}`, 'search=a&search=b']) {
      const response = await client.get(`${API.wallets}?${query}`);
      expect(response.status, query).toBe(400);
    }
    for (const path of [API.walletsLimit, API.invoicesLimit, API.transactionsLimit, API.user, API.config, API.subscriptionPlans]) {
      const response = await client.get(`${path}?x=%ZZ&y[]=1&ordering=-name`);
      expect(response.status, path).toBe(200);
    }
  });

  it('after all that, the user and their wallet are intact and signed in', async () => {
    expect(await suite.db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
    const list = await json<Wallet[]>(await client.get(API.wallets));
    expect(list.map((w) => w.id)).toContain(walletId);
    expect((await client.get(API.user)).status).toBe(200);
  });
});
