import type { Hono } from 'hono';
import * as v from 'valibot';
import { API } from '../../shared/api-paths';
import type { Balances, FungibleTokenSummaryRow, FungibleTokensSummaryPage } from '../../shared/data-types';
import { fromBaseUnits } from '../../shared/money';
import { authOf, requireUser } from '../auth/guards';
import type { AppEnv } from '../http/app-env';
import { queryParams } from '../http/validation';
import type { Services } from '../services';
import { userSyncState } from '../sync/user-sync-state';
import { excludingWallets, inactiveWalletIds } from './active-scope';
import { unrealizedGains } from './held-cost-basis';
import { toWalletTokens, totalValue, userHoldings, type Holding } from './holdings';

const pageNumber = (field: string, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.unknown(),
      v.check((value) => !Array.isArray(value), `Give one ${field}.`),
      v.transform((value) => String(value).trim()),
      v.regex(/^\d{1,6}$/, `${field} must be a whole number.`),
      v.transform(Number),
      v.minValue(1, `Ensure ${field} is at least 1.`),
      v.maxValue(max, `Ensure ${field} is at most ${String(max)}.`),
    ),
    String(fallback),
  );

const summaryQuerySchema = v.object({ page: pageNumber('page', 100_000, 1), size: pageNumber('size', 100, 10) });

function nextPageUrl(publicUrl: string, requestUrl: string, page: number): string {
  const url = new URL(requestUrl);
  url.searchParams.set('page', String(page));
  return `${publicUrl}${url.pathname}?${url.searchParams.toString()}`;
}

/** GET balances and GET fungible-tokens-summary: holdings of the active wallets and exchange accounts. */
export function registerHoldingsRoutes(app: Hono<AppEnv>, s: Services): void {
  app.get(API.balances, requireUser, async (c) => {
    const { user } = authOf(c);
    const [holdings, fiat, sync] = await Promise.all([
      userHoldings(s.db, user.id),
      s.market.fiat.context(user.fiatCurrency),
      userSyncState(s.db, user.id),
    ]);
    const tokens = toWalletTokens(holdings, fiat);
    const body: Balances = {
      tokens,
      total: { value_fiat: totalValue(tokens) },
      fiat_currency: fiat.fiat,
      user_bal_sync: sync.user_bal_sync,
    };
    return c.json(body);
  });

  app.get(API.fungibleTokensSummary, requireUser, queryParams(summaryQuerySchema), async (c) => {
    const { page, size } = c.req.valid('query');
    const { user } = authOf(c);
    const data = s.market;
    const [holdings, fiat, inactive] = await Promise.all([
      userHoldings(s.db, user.id),
      data.fiat.context(user.fiatCurrency),
      inactiveWalletIds(s.db, user.id),
    ]);
    // The same order as the balances: by value, unpriced last, then symbol.
    const byId = new Map(holdings.map((holding) => [holding.tokenId, holding]));
    const ordered = toWalletTokens(holdings, fiat)
      .map((token) => byId.get(token.token.id))
      .filter((holding): holding is Holding => holding !== undefined);
    const start = (page - 1) * size;
    const slice = ordered.slice(start, start + size);
    const scope = excludingWallets(inactive);
    const gains = await unrealizedGains({ db: s.db, userId: user.id, scope, fiat }, slice);
    const results: FungibleTokenSummaryRow[] = slice.map((holding, index) => ({
      token: { name: holding.tokenName, symbol: holding.tokenSymbol, image_url: holding.tokenImage },
      balance: fromBaseUnits(holding.amount, holding.tokenDecimals),
      current_price: holding.priceUsd === null ? null : fiat.price(holding.priceUsd),
      value: fiat.holding(holding.amount, holding.tokenDecimals, holding.priceUsd),
      unrealized_gain: gains[index] ?? null,
    }));
    const body: FungibleTokensSummaryPage = {
      results,
      count: ordered.length,
      next: start + size < ordered.length ? nextPageUrl(s.config.publicUrl, c.req.url, page + 1) : null,
      fiat_currency: fiat.fiat,
    };
    return c.json(body);
  });
}
