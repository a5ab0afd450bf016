/**
 * Invoice expiry (docs/invoices.md, docs/payments.md): a DUE invoice, or a PROCESSING one on a payer's claim alone,
 * becomes EXPIRED once its owner's whole due day is over in the owner's time zone (a later verified payment still makes
 * it PAID, paid late); other states are untouched, a second run changes nothing, and the job runs at start-up and hourly
 * through the background work on either database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { documents, invoicePayments, invoices, paymentClaims, users } from '../../src/server/db/schema';
import { createJobDispatch } from '../../src/server/jobs/job-dispatch';
import { createPaymentDeps } from '../../src/server/payments/payment-deps';
import { paymentStatus, recomputeInvoice } from '../../src/server/payments/payment-store';
import { invoiceTarget } from '../../src/server/payments/payment-targets';
import { dayIn } from '../../src/server/lib/zoned-day';
import { expireOverdueInvoices } from '../../src/server/invoices/invoice-expiry';
import { createInProcessJobQueue } from '../../src/server/jobs/in-process-job-queue';
import type { JobQueue, ScheduleSpec } from '../../src/server/jobs/job-queue';
import { createPgBossJobQueue } from '../../src/server/jobs/pg-boss-job-queue';
import { createLogger, type Logger } from '../../src/server/logging/logger';
import { startBackgroundWork } from '../../src/server/background-work';
import { INVOICE_EXPIRY_JOB, PORTFOLIO_SNAPSHOT_JOB } from '../../src/server/sync/job-names';
import { availableDrivers } from './helpers/drivers';
import { testConfig } from './helpers/suite';
import { openTestDatabase, type TestDatabase } from './helpers/test-database';
import { addUser, testSyncDeps } from './sync-support';

const LONG_AGO = new Date('2020-01-01T00:00:00Z');

interface LogLine {
  level: string;
  message: string;
  fields: Record<string, unknown> | undefined;
}

function recordingLogger(lines: LogLine[]): Logger {
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => void lines.push({ level, message, fields });
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

describe.each(availableDrivers())('invoice expiry on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    // Payments outlive their invoice (set null); one left confirming would send the background watcher to a chain.
    await database.db.delete(invoicePayments);
    await database.db.delete(documents);
  });

  async function userIn(timezone: string): Promise<string> {
    const id = await addUser(database.db, timezone);
    await database.db.update(users).set({ timezone }).where(eq(users.id, id));
    return id;
  }

  /** An INVOICE document in `state` with its invoice due on `expiresAt`; returns the document id. */
  async function addInvoice(userId: string, state: string, expiresAt: string | null): Promise<string> {
    const [document] = await database.db
      .insert(documents)
      .values({ userId, kind: 'INVOICE', name: 'Invoice', state, createdAt: LONG_AGO, updatedAt: LONG_AGO })
      .returning({ id: documents.id });
    if (document === undefined) throw new Error('document insert failed');
    await database.db.insert(invoices).values({ documentId: document.id, userId, issuedAt: '2026-01-01', expiresAt });
    return document.id;
  }

  const invoiceOf = async (documentId: string): Promise<string> =>
    (await database.db.select({ id: invoices.id }).from(invoices).where(eq(invoices.documentId, documentId)))[0]?.id ?? '';

  /** A verified USDC payment of `amount` to the document's invoice, mined at `blockTime`. */
  async function addPayment(documentId: string, amount: string, blockTime: Date, confirmed: boolean): Promise<void> {
    const invoiceId = await invoiceOf(documentId);
    const [row] = await database.db.select({ userId: invoices.userId }).from(invoices).where(eq(invoices.id, invoiceId));
    await database.db.insert(invoicePayments).values({
      userId: row?.userId ?? '',
      invoiceId,
      status: 'COUNTED',
      source: 'FOUND',
      network: 'POLYGON',
      txHash: `0x${invoiceId.replace(/-/g, '').padEnd(64, '0')}`,
      logIndex: 0,
      tokenAddress: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359',
      tokenSymbol: 'USDC',
      decimals: 6,
      fromAddress: '0x000000000000000000000000000000000000dead',
      toAddress: '0x000000000000000000000000000000000000beef',
      amount: `${amount}000000`,
      value: amount,
      blockNumber: 1n,
      blockHash: `0x${'1'.repeat(64)}`,
      blockTime,
      confirmedAt: confirmed ? blockTime : null,
    });
  }

  async function stateOf(id: string): Promise<{ state: string | null; updatedAt: Date }> {
    const [row] = await database.db.select({ state: documents.state, updatedAt: documents.updatedAt }).from(documents).where(eq(documents.id, id));
    if (row === undefined) throw new Error('no document');
    return row;
  }

  async function states(ids: Record<string, string>): Promise<Record<string, string | null>> {
    const rows = await database.db.select({ id: documents.id, state: documents.state }).from(documents).where(inArray(documents.id, Object.values(ids)));
    const byId = new Map(rows.map((row) => [row.id, row.state]));
    return Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, byId.get(id) ?? null]));
  }

  const run = (at: string, logger: Logger = createLogger('silent')) => expireOverdueInvoices({ db: database.db, logger, now: () => new Date(at) });

  it('expires a DUE invoice due yesterday, not one due today; other states and undated ones stay', async () => {
    const user = await userIn('UTC');
    const ids = {
      yesterday: await addInvoice(user, 'DUE', '2026-03-09'),
      longAgo: await addInvoice(user, 'DUE', '2025-12-31'),
      today: await addInvoice(user, 'DUE', '2026-03-10'),
      tomorrow: await addInvoice(user, 'DUE', '2026-03-11'),
      undated: await addInvoice(user, 'DUE', null),
      draft: await addInvoice(user, 'DRAFT', '2026-03-01'),
      claimOnly: await addInvoice(user, 'PROCESSING', '2026-03-01'),
      confirming: await addInvoice(user, 'PROCESSING', '2026-03-01'),
      paid: await addInvoice(user, 'PAID', '2026-03-01'),
    };
    await database.db.insert(paymentClaims).values({ invoiceId: await invoiceOf(ids.claimOnly), method: 'BANK' });
    await addPayment(ids.confirming, '50', new Date('2026-02-28T12:00:00Z'), false);
    const lines: LogLine[] = [];
    expect(await run('2026-03-10T23:59:59.999Z', recordingLogger(lines))).toBe(3);
    expect(await states(ids)).toEqual({
      yesterday: 'EXPIRED',
      longAgo: 'EXPIRED',
      today: 'DUE',
      tomorrow: 'DUE',
      undated: 'DUE',
      draft: 'DRAFT',
      claimOnly: 'EXPIRED',
      confirming: 'PROCESSING',
      paid: 'PAID',
    });
    expect(lines).toEqual([{ level: 'info', message: 'Expired overdue invoices', fields: { count: 3 } }]);
    expect((await stateOf(ids.yesterday)).updatedAt.toISOString()).toBe('2026-03-10T23:59:59.999Z');
    expect((await stateOf(ids.draft)).updatedAt.toISOString()).toBe(LONG_AGO.toISOString());

    // Once today is over, today's falls due too.
    expect(await run('2026-03-11T00:00:00.000Z')).toBe(1);
    expect((await states(ids)).today).toBe('EXPIRED');
  });

  it('a claim-only PROCESSING invoice expires after its due day, stays EXPIRED on recompute, and a later verified payment makes it PAID, paid late', async () => {
    const user = await userIn('UTC');
    const id = await addInvoice(user, 'PROCESSING', '2026-03-09');
    const invoiceId = await invoiceOf(id);
    await database.db
      .update(invoices)
      .set({ network: 'POLYGON', walletAddress: '0x000000000000000000000000000000000000beef', tokenSymbol: 'USDC', contractAddress: '0x3c499c542cef5e3811e1192ce70d8cc03d5c3359', totalAmount: '50' })
      .where(eq(invoices.id, invoiceId));
    await database.db.insert(paymentClaims).values({ invoiceId, method: 'BANK', email: 'payer@example.com' });
    const config = testConfig();
    let now = new Date('2026-03-09T23:59:59Z');
    const deps = createPaymentDeps({ db: database.db, logger: createLogger('silent'), now: () => now, config, jobs: createJobDispatch(), prices: null });
    // On the due day the claim still holds it.
    expect(await run(now.toISOString())).toBe(0);
    expect(await recomputeInvoice(deps, invoiceId)).toMatchObject({ before: 'PROCESSING', after: { state: 'PROCESSING', summary: 'REPORTED' } });
    now = new Date('2026-03-10T00:00:00Z');
    expect(await run(now.toISOString())).toBe(1);
    expect((await stateOf(id)).state).toBe('EXPIRED');
    // Working the state out again agrees with the job: a claim alone does not bring it back to PROCESSING.
    expect(await recomputeInvoice(deps, invoiceId)).toMatchObject({ before: 'EXPIRED', after: { state: 'EXPIRED' } });
    const target = await invoiceTarget(database.db, invoiceId);
    expect(target && (await paymentStatus(deps, target))).toMatchObject({ state: 'EXPIRED', payment_reported: true, amount_paid: '0' });
    // A verified payment after the due day still pays it, marked late.
    now = new Date('2026-03-12T10:00:00Z');
    await addPayment(id, '50', new Date('2026-03-11T09:00:00Z'), true);
    expect(await recomputeInvoice(deps, invoiceId)).toMatchObject({ before: 'EXPIRED', after: { state: 'PAID', summary: 'PAID', paidLate: true } });
    expect((await stateOf(id)).state).toBe('PAID');
    expect(await run(now.toISOString())).toBe(0);
  });

  it('running again changes nothing more (the first run keeps its updated_at)', async () => {
    const user = await userIn('UTC');
    const id = await addInvoice(user, 'DUE', '2026-03-09');
    expect(await run('2026-03-10T05:00:00Z')).toBe(1);
    const lines: LogLine[] = [];
    expect(await run('2026-03-10T06:00:00Z', recordingLogger(lines))).toBe(0);
    expect(await stateOf(id)).toEqual({ state: 'EXPIRED', updatedAt: new Date('2026-03-10T05:00:00Z') });
    expect(lines.filter((line) => line.level !== 'debug')).toEqual([]);
  });

  it("follows each owner's own day boundary: ahead of UTC, behind it, and UTC for an unknown zone", async () => {
    // 2026-03-09 ends at 11:00 UTC in Auckland (NZDT, +13), at 00:00 on the 10th in UTC and for an unknown zone,
    // and at 07:00 on the 10th in Los Angeles (PDT, -7).
    const ids = {
      auckland: await addInvoice(await userIn('Pacific/Auckland'), 'DUE', '2026-03-09'),
      utc: await addInvoice(await userIn('UTC'), 'DUE', '2026-03-09'),
      unknown: await addInvoice(await userIn('Mars/Olympus_Mons'), 'DUE', '2026-03-09'),
      losAngeles: await addInvoice(await userIn('America/Los_Angeles'), 'DUE', '2026-03-09'),
      berlin: await addInvoice(await userIn('CET'), 'DUE', '2026-03-09'),
    };
    expect(await run('2026-03-09T10:59:59Z')).toBe(0);
    expect(await run('2026-03-09T11:00:00Z')).toBe(1);
    expect(await states(ids)).toEqual({ auckland: 'EXPIRED', utc: 'DUE', unknown: 'DUE', losAngeles: 'DUE', berlin: 'DUE' });
    // CET (+1) ends the day at 23:00 UTC.
    expect(await run('2026-03-09T22:59:59Z')).toBe(0);
    expect(await run('2026-03-09T23:00:00Z')).toBe(1);
    expect(await run('2026-03-10T00:00:00Z')).toBe(2);
    expect(await states(ids)).toEqual({ auckland: 'EXPIRED', utc: 'EXPIRED', unknown: 'EXPIRED', losAngeles: 'DUE', berlin: 'EXPIRED' });
    expect(await run('2026-03-10T06:59:59Z')).toBe(0);
    expect(await run('2026-03-10T07:00:00Z')).toBe(1);
    expect((await states(ids)).losAngeles).toBe('EXPIRED');
  });

  it('expires each row once when several workers run at the same time', async () => {
    const expected: string[] = [];
    for (const zone of ['UTC', 'Pacific/Auckland', 'America/Los_Angeles']) {
      const user = await userIn(zone);
      for (let i = 0; i < 5; i += 1) expected.push(await addInvoice(user, 'DUE', '2026-03-01'));
    }
    const counts = await Promise.all([run('2026-03-10T12:00:00Z'), run('2026-03-10T12:00:00Z'), run('2026-03-10T12:00:00Z')]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(expected.length);
    expect(Object.values(await states(Object.fromEntries(expected.map((id) => [id, id]))))).toEqual(expected.map(() => 'EXPIRED'));
  });

  it('runs at start-up of the background work and is scheduled hourly like the portfolio snapshot', async () => {
    const user = await userIn('UTC');
    const overdue = await addInvoice(user, 'DUE', '2026-03-09');
    const current = await addInvoice(user, 'DUE', '2026-03-10');
    const logger = createLogger('silent');
    const inner: JobQueue =
      kind === 'postgres'
        ? await createPgBossJobQueue({ connectionString: database.url as string, logger, pollingIntervalSeconds: 0.5, poolSize: 3 })
        : createInProcessJobQueue({ logger });
    const schedules = new Map<string, ScheduleSpec>();
    const queue: JobQueue = {
      kind: inner.kind,
      send: (name, data, options) => inner.send(name, data, options),
      work: (name, handler, options) => inner.work(name, handler, options),
      schedule: (name, spec, data) => {
        schedules.set(name, spec);
        return inner.schedule(name, spec, data);
      },
      stop: () => inner.stop(),
    };
    const deps = testSyncDeps(database.db, { now: () => new Date('2026-03-10T12:00:00Z'), intervalMinutes: 24 * 60 });
    const work = await startBackgroundWork({ database, config: testConfig(), logger, role: 'worker', jobs: createJobDispatch(), deps, queue });
    try {
      const deadline = Date.now() + 20_000;
      while ((await stateOf(overdue)).state !== 'EXPIRED') {
        if (Date.now() > deadline) throw new Error('The start-up expiry did not run in time.');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await work.stop();
    }
    expect((await stateOf(current)).state).toBe('DUE');
    expect(schedules.get(INVOICE_EXPIRY_JOB)).toEqual({ everyMinutes: 60 });
    expect(schedules.get(INVOICE_EXPIRY_JOB)).toEqual(schedules.get(PORTFOLIO_SNAPSHOT_JOB));
  });
});

describe('the day in a time zone', () => {
  it('is the local calendar day, UTC for an unknown zone', () => {
    const at = new Date('2026-03-09T11:30:00Z');
    expect(dayIn(at, 'Pacific/Auckland')).toBe('2026-03-10');
    expect(dayIn(at, 'America/Los_Angeles')).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-10T06:59:59Z'), 'America/Los_Angeles')).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-09T23:30:00Z'), 'Not/A_Zone')).toBe('2026-03-09');
    expect(dayIn(new Date('2026-03-09T23:30:00Z'), '')).toBe('2026-03-09');
  });
});
