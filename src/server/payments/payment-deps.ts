/** What payment verification, the watcher and the payment routes need, built once per app or worker. */
import type { Config } from '../config/env';
import { dataServicesOf } from '../data/data-services';
import type { Database } from '../db/database';
import type { Logger } from '../logging/logger';
import type { PriceService } from '../providers/prices/price-service';
import type { Services } from '../services';
import { paymentChainFromConfig, type PaymentChain } from './payment-chain';

export interface PaymentDeps {
  db: Database;
  logger: Logger;
  now: () => Date;
  config: Config;
  chain: PaymentChain;
  /** Prices at a block's time; null: payments keep no value until one is known (and cover nothing). */
  prices: Pick<PriceService, 'historicalPrice'> | null;
}

const built = new WeakMap<Services, PaymentDeps>();

export function paymentDepsOf(s: Services): PaymentDeps {
  let deps = built.get(s);
  if (deps === undefined) {
    deps = { db: s.db, logger: s.logger, now: s.now, config: s.config, chain: paymentChainFromConfig(s.config), prices: dataServicesOf(s).prices };
    built.set(s, deps);
  }
  return deps;
}
