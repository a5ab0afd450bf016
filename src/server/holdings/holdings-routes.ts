import type { Hono } from 'hono';
import {
  holdingsEndpoints,
  type Balances,
  type FungibleTokenSummaryRow,
  type FungibleTokensSummaryPage,
} from '../../shared/contract/holdings';
import { fromBaseUnits } from '../../shared/money';
import { authOf } from '../http/guards';
import type { AppEnv } from '../http/app-env';
import { route } from '../http/route';
import type { Services } from '../services';
import { userSyncState } from '../sync/user-sync-state';
import { excludingWallets, inactiveWalletIds } from './active-scope';
import { unrealizedGains } from './held-cost-basis';
import { toWalletTokens, totalValue, userHoldings, type Holding } from './holdings';
import { shownLogoUrl } from '../lib/token-logo-urls';

function nextPageUrl(publicUrl: string, requestUrl: string, page: number): string {
  const url = new URL(requestUrl);
  url.searchParams.set('page', String(page));
  return `${publicUrl}${url.pathname}?${url.searchParams.toString()}`;
}

/** GET balances and GET fungible-tokens-summary: holdings of the active wallets and exchange accounts. */
export function registerHoldingsRoutes(app: Hono<AppEnv>, s: Services): void {
  route(app, s, holdingsEndpoints.balances, async (c) => {
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
    return body;
  });

  route(app, s, holdingsEndpoints.fungibleTokensSummary, async (c, { query: { page, size } }) => {
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
      token: { name: holding.tokenName, symbol: holding.tokenSymbol, image_url: shownLogoUrl(holding.tokenImage) },
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
    return body;
  });
}
