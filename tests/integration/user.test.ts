import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { userEndpoints } from '../../src/shared/contract/users';
import type { User } from '../../src/shared/api-types';
import {
  centralisedExchanges,
  documents,
  sessions,
  subscriptions,
  transactions,
  users,
  wallets,
} from '../../src/server/db/schema';
import { PRICE_FILL_JOB } from '../../src/server/sync/job-names';
import { recordingQueue } from './data-recording-queue';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json } from './helpers/test-client';
import { signInWithWallet } from './helpers/sign-in';
import { exchangeRow, transactionRow } from './helpers/rows';

describe.each(availableDrivers())('user routes on %s', (kind) => {
  const suite = setupSuite(kind);

  it('GET user needs a session', async () => {
    const response = await suite.client().get(userEndpoints.getUser.path);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
  });

  it('GET user carries every field of the User object', async () => {
    const client = suite.client();
    await signInWithWallet(client);
    const user = await json<User>(await client.get(userEndpoints.getUser.path));
    expect(Object.keys(user).sort()).toEqual(
      [
        'id', 'address', 'type', 'signed_email', 'first_name', 'last_name', 'email', 'address_line1',
        'address_line2', 'city', 'postal_code', 'country', 'tax_number', 'fiat_currency', 'language', 'timezone',
        'full_access', 'has_wallet', 'is_staff', 'is_superuser', 'is_tutorial_viewed', 'is_demo', 'is_business',
        'wallets_number', 'kyc', 'subscription', 'suggestions', 'created_at',
      ].sort(),
    );
  });

  it('a change of fiat currency queues the price and FX fill once', async () => {
    const client = suite.client();
    await signInWithWallet(client);
    const queue = recordingQueue();
    const detach = suite.jobs.attach(queue);
    try {
      expect((await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'CHF' })).status).toBe(200);
      expect(queue.sent).toEqual([{ name: PRICE_FILL_JOB, data: {}, options: { singletonKey: PRICE_FILL_JOB } }]);
      await client.patch(userEndpoints.updateUser.path, { fiat_currency: 'CHF', first_name: 'Ada' });
      await client.patch(userEndpoints.updateUser.path, { timezone: 'Europe/Berlin' });
      expect(queue.sent).toHaveLength(1);
    } finally {
      detach();
    }
  });

  it('PATCH user saves the profile and preference fields', async () => {
    const client = suite.client();
    await signInWithWallet(client);
    const response = await client.patch(userEndpoints.updateUser.path, {
      fiat_currency: 'EUR',
      language: 'English',
      timezone: 'Europe/Berlin',
      first_name: '  Ada ',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      address_line1: '1 Analytical Way',
      address_line2: 'Floor 2',
      city: 'London',
      postal_code: 'NW1',
      country: 'United Kingdom',
      tax_number: 'GB123',
      is_tutorial_viewed: true,
      suggestions: { ftcTimeout: '2030-01-02T03:04:05.000Z' },
    });
    expect(response.status).toBe(200);
    const user = await json<User>(response);
    expect(user).toMatchObject({
      fiat_currency: 'EUR',
      timezone: 'Europe/Berlin',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      signed_email: null,
      address_line1: '1 Analytical Way',
      address_line2: 'Floor 2',
      city: 'London',
      postal_code: 'NW1',
      country: 'United Kingdom',
      tax_number: 'GB123',
      is_tutorial_viewed: true,
      suggestions: { ftcTimeout: '2030-01-02T03:04:05.000Z' },
    });
    expect(await json<User>(await client.get(userEndpoints.getUser.path))).toEqual(user);
    // Clearing works too.
    const cleared = await json<User>(await client.patch(userEndpoints.updateUser.path, { email: '', suggestions: { ftcTimeout: null } }));
    expect(cleared).toMatchObject({ email: '', suggestions: { ftcTimeout: null } });
  });

  it('PATCH user refuses invalid values field by field', async () => {
    const client = suite.client();
    await signInWithWallet(client);
    const response = await client.patch(userEndpoints.updateUser.path, {
      fiat_currency: 'DOGE',
      email: 'not-an-email',
      is_tutorial_viewed: 'yes',
      suggestions: { ftcTimeout: 'tomorrow' },
      first_name: 'x'.repeat(151),
    });
    expect(response.status).toBe(400);
    const errors = await json<Record<string, string[]>>(response);
    expect(errors.email).toEqual(['Enter a valid email address']);
    expect(errors.is_tutorial_viewed).toEqual(['Must be true or false.']);
    expect(errors['suggestions.ftcTimeout']).toEqual(['Must be an ISO timestamp.']);
    expect(errors.first_name).toEqual(['Ensure this field has no more than 150 characters.']);
    expect(errors.fiat_currency?.[0]).toMatch(/^Choose one of: USD, /);
  });

  it('DELETE delete-user removes the user and everything they own, and signs out', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const other = await signInWithWallet(suite.client());
    const [wallet] = await suite.db
      .insert(wallets)
      .values({ userId: user.id, name: 'Main', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', network: 'ETHEREUM' })
      .returning();
    await suite.db.insert(centralisedExchanges).values(exchangeRow(user.id));
    await suite.db.insert(documents).values({ userId: user.id, kind: 'INVOICE', name: 'Invoice 1' });
    await suite.db.insert(transactions).values(transactionRow(user.id, wallet?.id ?? null));
    const [otherWallet] = await suite.db
      .insert(wallets)
      .values({ userId: other.id, name: 'Other', address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', network: 'ETHEREUM' })
      .returning();

    const response = await client.delete(userEndpoints.deleteUser.path);
    expect(response.status).toBe(204);
    expect(client.sessionCookie).toBeUndefined();
    for (const [table, column] of [
      [users, users.id],
      [sessions, sessions.userId],
      [subscriptions, subscriptions.userId],
      [wallets, wallets.userId],
      [centralisedExchanges, centralisedExchanges.userId],
      [documents, documents.userId],
      [transactions, transactions.userId],
    ] as const) {
      expect(await suite.db.select().from(table).where(eq(column, user.id))).toHaveLength(0);
    }
    expect(await suite.db.select().from(wallets).where(eq(wallets.id, otherWallet?.id ?? ''))).toHaveLength(1);
    expect((await client.get(userEndpoints.getUser.path)).status).toBe(401);
  });
});
