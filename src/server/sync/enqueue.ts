/**
 * Asking for a sync from the API (a wallet or exchange account was added, or the user wants fresh data): the
 * account is marked due in the database and a job is queued when this process has a queue. One job waits per
 * account at most. A change of fiat currency asks for the price and FX fill (the new currency's daily rates).
 */
import type { Database } from '../db/database';
import type { JobDispatch } from '../jobs/job-dispatch';
import { EXCHANGE_SYNC_JOB, PRICE_FILL_JOB, SYNC_RETRY, WALLET_SYNC_JOB, type ExchangeSyncData, type WalletSyncData } from './job-names';
import { markDue } from './sync-cursors';

export interface EnqueueServices {
  db: Database;
  jobs: JobDispatch;
  now?: () => Date;
}

export async function enqueueWalletSync(services: EnqueueServices, walletId: string): Promise<void> {
  await markDue(services.db, { walletId }, services.now?.() ?? new Date());
  await services.jobs.send<WalletSyncData>(WALLET_SYNC_JOB, { walletId }, { ...SYNC_RETRY, singletonKey: walletId });
}

export async function enqueueExchangeSync(services: EnqueueServices, cexId: string): Promise<void> {
  await markDue(services.db, { cexId }, services.now?.() ?? new Date());
  await services.jobs.send<ExchangeSyncData>(EXCHANGE_SYNC_JOB, { cexId }, { ...SYNC_RETRY, singletonKey: cexId });
}

export async function enqueuePriceFill(services: EnqueueServices): Promise<void> {
  await services.jobs.send(PRICE_FILL_JOB, {}, { singletonKey: PRICE_FILL_JOB });
}
