/**
 * The background jobs a process works on its job queue: account syncs (one at a time per account; a run that
 * finds the account held by another worker is queued again a minute later), the due-work scan, price and FX-rate
 * filling, the daily portfolio snapshot and invoice expiry, with their cadences.
 */
import { expireOverdueInvoices } from './invoices/invoice-expiry';
import type { JobQueue } from './jobs/job-queue';
import { syncExchange } from './sync/exchange-sync';
import {
  EXCHANGE_SYNC_JOB,
  INVOICE_EXPIRY_JOB,
  PORTFOLIO_SNAPSHOT_JOB,
  PRICE_FILL_JOB,
  SYNC_DUE_JOB,
  SYNC_RETRY,
  WALLET_SYNC_JOB,
  type ExchangeSyncData,
  type WalletSyncData,
} from './sync/job-names';
import { dueAccounts } from './sync/due-accounts';
import { fillFxRates } from './sync/fx-fill';
import { fillMissingPrices } from './sync/price-fill';
import { snapshotPortfolios } from './portfolio/portfolio-snapshot';
import type { SyncDeps } from './sync/sync-deps';
import { syncWallet, type SyncOutcome } from './sync/wallet-sync';

export interface SyncJobOptions {
  /** Account syncs at once in this process. */
  concurrency: number;
  /** Price-fill batches per job before it hands over to a fresh job (default 20). */
  priceBatchesPerJob?: number;
}

const BUSY_RETRY_MS = 60_000;

export async function registerSyncJobs(queue: JobQueue, deps: SyncDeps, options: SyncJobOptions): Promise<void> {
  const afterRun = async (outcome: SyncOutcome, name: string, data: object, key: string): Promise<void> => {
    if (outcome === 'busy') {
      await queue.send(name, data, { ...SYNC_RETRY, singletonKey: key, startAfter: new Date(deps.now().getTime() + BUSY_RETRY_MS) });
    } else if (outcome === 'synced') {
      await queue.send(PRICE_FILL_JOB, {}, { singletonKey: PRICE_FILL_JOB });
    }
  };

  await queue.work<WalletSyncData>(
    WALLET_SYNC_JOB,
    async (data) => afterRun(await syncWallet(deps, data.walletId), WALLET_SYNC_JOB, data, data.walletId),
    { concurrency: options.concurrency },
  );
  await queue.work<ExchangeSyncData>(
    EXCHANGE_SYNC_JOB,
    async (data) => afterRun(await syncExchange(deps, data.cexId), EXCHANGE_SYNC_JOB, data, data.cexId),
    { concurrency: options.concurrency },
  );
  await queue.work(
    SYNC_DUE_JOB,
    async () => {
      const due = await dueAccounts(deps.db, deps.now());
      for (const walletId of due.walletIds) await queue.send<WalletSyncData>(WALLET_SYNC_JOB, { walletId }, { ...SYNC_RETRY, singletonKey: walletId });
      for (const cexId of due.cexIds) await queue.send<ExchangeSyncData>(EXCHANGE_SYNC_JOB, { cexId }, { ...SYNC_RETRY, singletonKey: cexId });
    },
    { concurrency: 1 },
  );
  await queue.work(
    PRICE_FILL_JOB,
    async () => {
      await fillFxRates(deps);
      const batches = options.priceBatchesPerJob ?? 20;
      for (let i = 0; i < batches; i += 1) {
        const result = await fillMissingPrices(deps);
        if (!result.more) return;
      }
      await queue.send(PRICE_FILL_JOB, {}, { singletonKey: PRICE_FILL_JOB });
    },
    { concurrency: 1 },
  );
  await queue.work(PORTFOLIO_SNAPSHOT_JOB, async () => void (await snapshotPortfolios(deps)), { concurrency: 1 });
  await queue.work(INVOICE_EXPIRY_JOB, async () => void (await expireOverdueInvoices(deps)), { concurrency: 1 });

  await queue.schedule(SYNC_DUE_JOB, { everyMinutes: deps.intervalMinutes });
  await queue.schedule(PRICE_FILL_JOB, { everyMinutes: 30 });
  await queue.schedule(PORTFOLIO_SNAPSHOT_JOB, { everyMinutes: 60 });
  await queue.schedule(INVOICE_EXPIRY_JOB, { everyMinutes: 60 });
}
