import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '../../src/shared/api-paths';
import { invoiceEndpoints } from '../../src/shared/contract/invoices';
import { transactionEndpoints } from '../../src/shared/contract/transactions';
import type { PlanLimit, SubscriptionPlans, User } from '../../src/shared/api-types';
import { centralisedExchanges, documents, invoiceIssues, subscriptions, transactions, wallets } from '../../src/server/db/schema';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { newAccount, signInWithWallet } from './helpers/sign-in';
import { exchangeRow, transactionRow } from './helpers/rows';

describe.each(availableDrivers())('plans and limits on %s', (kind) => {
  const suite = setupSuite(kind);
  const limit = async (client: TestClient, path: string) => {
    const response = await client.get(path);
    expect(response.status).toBe(200);
    return json<PlanLimit>(response);
  };
  const addWallets = async (userId: string, n: number) =>
    suite.db
      .insert(wallets)
      .values(
        Array.from({ length: n }, () => ({
          userId,
          name: 'W',
          address: newAccount().address,
          network: 'ETHEREUM' as const,
        })),
      )
      .returning();
  const setPlan = (userId: string, planCode: 'STARTER' | 'PLUS' | 'ENTERPRISE', endsAt: Date | null = null) =>
    suite.db.update(subscriptions).set({ planCode, endsAt }).where(eq(subscriptions.userId, userId));

  it('lists the three plans with limits and euro prices (annual = 12 monthly less 8 percent)', async () => {
    const plans = await json<SubscriptionPlans>(await suite.client().get(API.subscriptionPlans));
    expect(Object.keys(plans)).toEqual(['STARTER', 'PLUS', 'ENTERPRISE']);
    expect(plans.STARTER).toMatchObject({
      name: 'Free Plan',
      max_num_wallets: 1,
      max_num_transactions: 1000,
      max_num_invoices: 10,
      monthly_price_usd: '0.00',
      annual_price_usd: '0.00',
    });
    expect(plans.PLUS).toMatchObject({
      max_num_wallets: 10,
      max_num_transactions: 100000,
      max_num_invoices: null,
      monthly_price_usd: '19.00',
      annual_price_usd: '209.76',
    });
    expect(plans.ENTERPRISE).toMatchObject({
      max_num_wallets: null,
      max_num_transactions: null,
      max_num_invoices: null,
      monthly_price_usd: null,
      annual_price_usd: null,
    });
  });

  it('limit routes need a session', async () => {
    for (const path of [API.walletsLimit, invoiceEndpoints.invoicesLimit.path, transactionEndpoints.transactionsLimit.path]) {
      expect((await suite.client().get(path)).status).toBe(401);
    }
  });

  it('wallets/limit counts wallets and exchange accounts against the plan', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    expect(await limit(client, API.walletsLimit)).toEqual({ limit: 1, count: 0, can_create: true });
    await addWallets(user.id, 1);
    expect(await limit(client, API.walletsLimit)).toEqual({ limit: 1, count: 1, can_create: false });
    await setPlan(user.id, 'PLUS');
    await addWallets(user.id, 8);
    expect(await limit(client, API.walletsLimit)).toEqual({ limit: 10, count: 9, can_create: true });
    await suite.db.insert(centralisedExchanges).values(exchangeRow(user.id));
    expect(await limit(client, API.walletsLimit)).toEqual({ limit: 10, count: 10, can_create: false });
    await setPlan(user.id, 'ENTERPRISE');
    expect(await limit(client, API.walletsLimit)).toEqual({ limit: null, count: 10, can_create: true });
    const me = await json<User>(await client.get(API.user));
    expect(me).toMatchObject({ wallets_number: 9, has_wallet: true, subscription: { plan: 'ENTERPRISE' } });
  });

  it('invoices/limit counts the invoices issued in the current UTC year, deleted or not', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const now = suite.clock.now();
    const thisYear = now.getUTCFullYear();
    const issue = (issuedAt: Date) => ({ invoiceId: randomUUID(), userId: user.id, issuedAt });
    await suite.db.insert(invoiceIssues).values([
      ...Array.from({ length: 9 }, () => issue(new Date(Date.UTC(thisYear, 0, 1, 0, 0, 1)))),
      issue(new Date(Date.UTC(thisYear - 1, 11, 31, 23, 59, 59))),
    ]);
    // Documents themselves (drafts, reports) do not count.
    await suite.db.insert(documents).values([{ kind: 'INVOICE', state: 'DRAFT', createdAt: now, userId: user.id, name: 'D' }, { kind: 'TRANSACTION_REPORT', createdAt: now, userId: user.id, name: 'R' }]);
    expect(await limit(client, invoiceEndpoints.invoicesLimit.path)).toEqual({ limit: 10, count: 9, can_create: true });
    await suite.db.insert(invoiceIssues).values(issue(now));
    expect(await limit(client, invoiceEndpoints.invoicesLimit.path)).toEqual({ limit: 10, count: 10, can_create: false });
    await setPlan(user.id, 'PLUS');
    expect(await limit(client, invoiceEndpoints.invoicesLimit.path)).toEqual({ limit: null, count: 10, can_create: true });
  });

  it('transactions/limit reports the fullest wallet against the per-wallet limit', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    expect(await limit(client, transactionEndpoints.transactionsLimit.path)).toEqual({ limit: 1000, count: 0, can_create: true });
    const [a, b] = await addWallets(user.id, 2);
    const rowsFor = (walletId: string | undefined, n: number) =>
      Array.from({ length: n }, () => transactionRow(user.id, walletId ?? null));
    await suite.db.insert(transactions).values([...rowsFor(a?.id, 999), ...rowsFor(b?.id, 400)]);
    expect(await limit(client, transactionEndpoints.transactionsLimit.path)).toEqual({ limit: 1000, count: 999, can_create: true });
    await suite.db.insert(transactions).values(rowsFor(a?.id, 1));
    expect(await limit(client, transactionEndpoints.transactionsLimit.path)).toEqual({ limit: 1000, count: 1000, can_create: false });
    // Another user's transactions do not count.
    const otherClient = suite.client();
    await signInWithWallet(otherClient);
    expect(await limit(otherClient, transactionEndpoints.transactionsLimit.path)).toEqual({ limit: 1000, count: 0, can_create: true });
  });

  it('a cancelled subscription past its end date falls back to the free plan', async () => {
    const client = suite.client();
    const user = await signInWithWallet(client);
    const future = new Date(suite.clock.now().getTime() + 86400_000);
    await setPlan(user.id, 'PLUS', future);
    expect((await json<User>(await client.get(API.user))).subscription).toEqual({
      plan: 'PLUS',
      cancelled_at: null,
      ends_at: future.toISOString(),
      next_billing_date: null,
      billing_interval: null,
      payment_failed: false,
    });
    expect((await limit(client, API.walletsLimit)).limit).toBe(10);
    await setPlan(user.id, 'PLUS', new Date(suite.clock.now().getTime() - 1000));
    expect((await json<User>(await client.get(API.user))).subscription.plan).toBe('STARTER');
    expect((await limit(client, API.walletsLimit)).limit).toBe(1);
  });
});
