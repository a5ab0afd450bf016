import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { Services } from '../services';
import { registerHoldingsRoutes } from './holdings-routes';
import { registerMarketRoutes } from './market-routes';
import { registerNftRoutes } from './nft-routes';
import { registerPortfolioRoutes } from './portfolio-routes';
import { registerTransactionRoutes } from './transactions/transaction-routes';

/** The data API (docs/data-model.md): balances, token summaries, NFTs, portfolio history, transactions, prices. */
export function registerDataRoutes(app: Hono<AppEnv>, s: Services): void {
  registerHoldingsRoutes(app, s);
  registerNftRoutes(app, s);
  registerPortfolioRoutes(app, s);
  registerTransactionRoutes(app, s);
  registerMarketRoutes(app, s);
}
