/** What payment verification, the watcher and the payment routes need, built once per app or worker. */
import type { Config } from '../config/env';
import type { Database } from '../db/database';
import type { JobDispatch } from '../jobs/job-dispatch';
import type { Logger } from '../logging/logger';
import type { PriceService } from '../providers/prices/price-service';
import { paymentChainFromConfig, type PaymentChain } from './payment-chain';

export interface PaymentDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: Config;
  /** Wakes the mail job when payments queue e-mail. */
  jobs: JobDispatch;
  chain: PaymentChain;
  /** Prices at a block's time; null: payments keep no value until one is known (and cover nothing). */
  prices: Pick<PriceService, 'historicalPrice'> | null;
}

export function createPaymentDeps(deps: Omit<PaymentDeps, 'chain'>): PaymentDeps {
  return { ...deps, chain: paymentChainFromConfig(deps.config) };
}
