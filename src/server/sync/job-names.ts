import type { SendOptions } from '../jobs/job-queue';

export const WALLET_SYNC_JOB = 'wallet-sync';
export const EXCHANGE_SYNC_JOB = 'exchange-sync';
/** Queues every account whose next sync is due. */
export const SYNC_DUE_JOB = 'sync-due';
export const PRICE_FILL_JOB = 'price-fill';
export const PORTFOLIO_SNAPSHOT_JOB = 'portfolio-snapshot';
/** Moves overdue DUE invoices to EXPIRED. */
export const INVOICE_EXPIRY_JOB = 'invoice-expiry';

export interface WalletSyncData {
  walletId: string;
}
export interface ExchangeSyncData {
  cexId: string;
}

/** Retries of a failed account sync: 1, 2, 4, 8, 16 minutes. */
export const SYNC_RETRY: SendOptions = { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true };
