import type { PublicClient } from 'viem';
import type { Config } from './config/env';
import type { Database } from './db/database';
import type { Logger } from './logging/logger';
import type { OidcClient } from './auth/oidc-userinfo';
import type { Billing } from './billing/billing';
import type { MarketServices } from './market/market-services';
import type { PaymentTokens } from './invoices/invoice-payment';
import type { JobDispatch } from './jobs/job-dispatch';
import type { PaymentDeps } from './payments/payment-deps';
import type { FtcPartner } from './providers/ftc/ftc-partner';

/** What createApp needs; everything injectable so tests run the app in-process. */
export interface AppDeps {
  db: Database;
  config: Config;
  /** Clock (tests move it to check expiry). Default: the system clock. */
  now?: () => Date;
  /** Outgoing HTTP (OpenID discovery and userinfo). Default: the global fetch. */
  fetch?: typeof fetch;
  /** Default: a logger at config.logLevel. */
  logger?: Logger;
  /** Verifies contract-wallet signatures. Default: a client for ETHEREUM_RPC_URL when set. */
  rpcClient?: PublicClient;
  /** The job queue once background work starts. Default: none attached (work is only marked due). */
  jobs?: JobDispatch;
}

/** The resolved dependencies every route module receives. */
export interface Services {
  db: Database;
  config: Config;
  now: () => Date;
  fetch: typeof fetch;
  logger: Logger;
  oidc: OidcClient;
  rpcClient: PublicClient | undefined;
  /** Stripe billing; null when payments are not set up. */
  billing: Billing | null;
  /** Queues background work (syncs, mail) through this process's job queue, when one is attached. */
  jobs: JobDispatch;
  /** Prices, the token registry and FX rates, shared by every request. */
  market: MarketServices;
  /** The tokens an invoice may be paid in. */
  paymentTokens: PaymentTokens;
  /** What payment verification and the payment routes need. */
  payments: PaymentDeps;
  /** The fiat-to-crypto partner; null when this server has none. */
  ftcPartner: FtcPartner | null;
}
