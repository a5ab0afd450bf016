/**
 * How many statements the requests the overview polls (and the transaction list's filters) send to the database.
 * The figures are the product's: a change that adds a statement to one of these requests fails here.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { authEndpoints } from '../../src/shared/contract/auth';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { transactionEndpoints, type TransactionPage } from '../../src/shared/contract/transactions';
import { userEndpoints } from '../../src/shared/contract/users';
import { labels, transactionLabels, transactions } from '../../src/server/db/schema';
import { LAST_SEEN_RESOLUTION_MS } from '../../src/server/auth/session';
import { availableDrivers } from './helpers/drivers';
import { setupSuite } from './helpers/suite';
import { json, type TestClient } from './helpers/test-client';
import { signInWithDemo } from './helpers/sign-in';

const POLLED_TRANSACTIONS = `${transactionEndpoints.listTransactions.path}?limit=3&offset=0&ordering=-created_at`;

/** Statements per request once the session is known, as the overview polls them (a USD user). */
const POLLED: [string, number][] = [
  // the session with its user; the holdings; the sync flags
  [holdingsEndpoints.balances.path, 3],
  // the session; the page with what its rows show; the count with the sync flag
  [POLLED_TRANSACTIONS, 3],
  // the session; the user with plan and wallet counts
  [userEndpoints.getUser.path, 2],
];

describe.each(availableDrivers())('statements per request on %s', (kind) => {
  const statements: string[] = [];
  const suite = setupSuite(kind, { onQuery: (query) => statements.push(query) });

  const counted = async (client: TestClient, path: string): Promise<{ page: unknown; statements: string[] }> => {
    statements.length = 0;
    const response = await client.get(path);
    expect(response.status, path).toBe(200);
    const sent = [...statements];
    return { page: await json<unknown>(response), statements: sent };
  };

  it('the polled requests stay at their statement counts, plus one to note the session in use once a minute', async () => {
    const client = suite.client();
    await signInWithDemo(client);
    for (const [path, expected] of POLLED) {
      expect((await counted(client, path)).statements, path).toHaveLength(expected);
    }
    suite.clock.advance(LAST_SEEN_RESOLUTION_MS);
    const [first, ...rest] = POLLED;
    if (first === undefined) throw new Error('nothing polled');
    const touched = await counted(client, first[0]);
    expect(touched.statements).toHaveLength(first[1] + 1);
    expect(touched.statements.filter((text) => text.startsWith('update "sessions"'))).toHaveLength(1);
    for (const [path, expected] of rest) expect((await counted(client, path)).statements, path).toHaveLength(expected);
  });

  it('requests of one session sent together share one read of the session, and note it in use once', async () => {
    const client = suite.client();
    await signInWithDemo(client);
    const together = async (): Promise<string[]> => {
      statements.length = 0;
      const responses = await Promise.all(POLLED.map(([path]) => client.get(path)));
      for (const response of responses) expect(response.status).toBe(200);
      return [...statements];
    };
    const ofSessions = (sent: string[]) => sent.filter((text) => text.includes('"sessions"'));
    const sent = await together();
    expect(sent).toHaveLength(POLLED.reduce((sum, [, count]) => sum + count, 0) - (POLLED.length - 1));
    expect(ofSessions(sent)).toHaveLength(1);
    suite.clock.advance(LAST_SEEN_RESOLUTION_MS);
    const touched = ofSessions(await together());
    expect(touched).toHaveLength(2);
    expect(touched.filter((text) => text.startsWith('update "sessions"'))).toHaveLength(1);
    // A session signed out meanwhile is not served from an earlier read.
    expect((await client.post(authEndpoints.logout.path)).status).toBeLessThan(300);
    for (const response of await Promise.all(POLLED.map(([path]) => client.get(path)))) expect(response.status).toBe(401);
  });

  it('the label filter reads the labelled ids once, for the page and its count alike', async () => {
    const client = suite.client();
    const user = await signInWithDemo(client);
    const [label] = await suite.db.insert(labels).values({ userId: user.id, name: `Statements ${kind}`, color: 'BLUE' }).returning();
    if (label === undefined) throw new Error('no label');
    const labelled = await suite.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, user.id), eq(transactions.isSpam, false)))
      .orderBy(sql`md5(${transactions.id}::text)`)
      .limit(13);
    expect(labelled.length).toBeGreaterThan(10);
    await suite.db.insert(transactionLabels).values(labelled.map((row) => ({ transactionId: row.id, labelId: label.id })));
    const path = (query: string) => `${transactionEndpoints.listTransactions.path}?labels=${label.id}${query}`;

    const first = await counted(client, path('&limit=10'));
    const page = first.page as TransactionPage;
    const idsReads = first.statements.filter((text) => text.includes('= any(array((select "transaction_labels"."transaction_id"'));
    expect(idsReads).toHaveLength(1);
    // the session; the page with its count; the sync flag
    expect(first.statements).toHaveLength(3);
    expect(page.count).toBe(labelled.length);
    expect(page.count_capped).toBe(false);
    expect(page.results).toHaveLength(10);
    expect(page.results.every((row) => row.labels.some((l) => l.id === label.id))).toBe(true);

    const rest = (await counted(client, path('&limit=10&offset=10'))).page as TransactionPage;
    expect(rest.count).toBe(labelled.length);
    expect(new Set([...page.results, ...rest.results].map((row) => row.id))).toEqual(new Set(labelled.map((row) => row.id)));
    // Past the end the page is empty and the count is still the label's.
    const beyond = (await counted(client, path('&limit=10&offset=50'))).page as TransactionPage;
    expect(beyond.results).toEqual([]);
    expect(beyond.count).toBe(50);
  });
});
