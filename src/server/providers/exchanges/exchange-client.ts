/**
 * An exchange account read through ccxt: the key's permissions (a key that can withdraw is refused), balances,
 * deposits, withdrawals, trades, the exchange's spot markets and the account's conversions (dust and convert)
 * as plain records with exact bigint amounts. ccxt runs with `number = String` so amounts stay decimal strings
 * from the exchange's answer to the base-unit conversion. Every request waits on a shared RateLimiter (one
 * bucket per API host, see ccxt-rate-limit.ts), never on ccxt's own throttle.
 */
import type { Conversion, Exchange as CcxtExchange, Trade, Transaction } from 'ccxt';
import type { Exchange } from '../../../shared/enums';
import { Big } from '../../../shared/money';
import { ProviderError } from '../http/provider-error';
import type { RateLimiter, RateLimitRule } from '../http/rate-limiter';
import { loadCcxt, type CcxtModule } from './ccxt-loader';
import { defaultExchangeLimiter, limitCcxtRequests } from './ccxt-rate-limit';
import {
  costUnits,
  decimalText,
  exchangeDecimals,
  optionalUnits,
  toExchangeUnits,
  type AmountContext,
} from './exchange-amounts';
import { EXCHANGE_DEFINITIONS, type ExchangeDefinition } from './exchange-config';
import { ExchangeKeyError, toExchangeError } from './exchange-errors';
import type {
  ExchangeAmount,
  ExchangeBalance,
  ExchangeConversion,
  ExchangeMarket,
  ExchangeTrade,
  ExchangeTransfer,
  ExchangeTransferStatus,
  KeyPermissions,
} from './exchange-records';
import { PermissionsUnreadable } from './binance-permissions';

export interface ExchangeClientConfig {
  exchange: Exchange;
  apiKey: string;
  secret: string;
  /**
   * Where the exchange's API is reached. `base` replaces the scheme and host of every API URL (tests point it at
   * a fixture server on 127.0.0.1); `api` replaces single entries of ccxt's `urls.api` by name.
   */
  urls?: { base?: string; api?: Record<string, string> };
}

export interface ExchangeClientOptions {
  /** The fetch ccxt uses (default the global fetch). */
  fetch?: typeof fetch;
  /** Clock for the end of history windows (default Date.now). */
  now?: () => number;
  /** Per request (default 15000). */
  timeoutMs?: number;
  /** Decimals amounts of an asset are counted in (default exchangeDecimals). */
  decimalsFor?: (asset: string) => number;
  /**
   * Token buckets every request waits on, one per API host (default: one limiter per process). ccxt's own
   * throttle is always off.
   */
  limiter?: RateLimiter;
  /** The limiter's clock, from which a 429 or 418 holds the host's bucket for its Retry-After (default Date.now). */
  limiterNow?: () => number;
  /** The rule of the exchange's API host, in ccxt cost units (default the exchange's, see exchange-config.ts). */
  rateLimit?: RateLimitRule;
}

export interface ExchangeClient {
  readonly exchange: Exchange;
  readonly displayName: string;
  /** Reads what the key may do; throws ExchangeKeyError when it can withdraw, cannot read, or is refused. */
  checkPermissions(): Promise<KeyPermissions>;
  /** Spot balances with a non-zero total. */
  fetchBalances(): Promise<ExchangeBalance[]>;
  fetchDeposits(since: Date): Promise<ExchangeTransfer[]>;
  fetchWithdrawals(since: Date): Promise<ExchangeTransfer[]>;
  /**
   * The account's trades in the given unified symbols (e.g. BTC/USDT) since `since`, oldest first; `since` null:
   * the whole history, read from the first trade id on (independent of any time window).
   */
  fetchTrades(symbols: readonly string[], since: Date | null): Promise<ExchangeTrade[]>;
  /** Spot symbols whose base and quote are both among `assets` (the candidates for fetchTrades). */
  tradeSymbolsFor(assets: readonly string[]): Promise<string[]>;
  /** Every spot market the exchange lists, trading or halted (delisted pairs it still lists), by symbol. */
  fetchMarkets(): Promise<ExchangeMarket[]>;
  /**
   * Conversions outside the order book since `since` (Binance: small balances turned into BNB, and Convert
   * trades), oldest first; an exchange without them answers none.
   */
  fetchConversions(since: Date): Promise<ExchangeConversion[]>;
}

const STATUSES: ReadonlySet<string> = new Set(['pending', 'ok', 'failed', 'canceled']);

function rewriteUrls(value: unknown, base: string): unknown {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? value.replace(/^https?:\/\/[^/]+/, base) : value;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewriteUrls(inner, base)]));
  }
  return value;
}

function apiHost(exchange: CcxtExchange): string {
  const api = exchange.urls.api as unknown;
  const first = typeof api === 'string' ? api : Object.values((api ?? {}) as Record<string, unknown>).find((u) => typeof u === 'string');
  return typeof first === 'string' ? (/^https?:\/\/([^/]+)/.exec(first)?.[1] ?? 'exchange') : 'exchange';
}

const byTime = <T extends { timestamp: Date }>(a: T, b: T) => a.timestamp.getTime() - b.timestamp.getTime();

export function createExchangeClient(config: ExchangeClientConfig, options: ExchangeClientOptions = {}): ExchangeClient {
  const definition: ExchangeDefinition = EXCHANGE_DEFINITIONS[config.exchange];
  const now = options.now ?? Date.now;
  const decimalsFor = options.decimalsFor ?? ((asset: string) => exchangeDecimals(asset));
  const secrets = [config.apiKey, config.secret];
  let ready: Promise<{ ccxt: CcxtModule; exchange: CcxtExchange; host: string }> | undefined;

  const open = () => {
    ready ??= loadCcxt().then((ccxt) => {
      const ExchangeClass = (ccxt as unknown as Record<string, unknown>)[definition.ccxtId];
      if (typeof ExchangeClass !== 'function') throw new Error(`ccxt has no exchange "${definition.ccxtId}".`);
      const exchange = new (ExchangeClass as new (config: Record<string, unknown>) => CcxtExchange)({
        apiKey: config.apiKey,
        secret: config.secret,
        // Requests wait on the shared limiter instead (limitCcxtRequests below).
        enableRateLimit: false,
        timeout: options.timeoutMs ?? 15_000,
        options: { ...definition.ccxtOptions },
      });
      // Amounts as exact decimal strings, never binary floats.
      exchange.number = String as unknown as CcxtExchange['number'];
      // The given fetch (the global one by default) rather than ccxt's private HTTP stack.
      exchange.fetchImplementation = options.fetch ?? globalThis.fetch;
      if (config.urls?.base) exchange.urls.api = rewriteUrls(exchange.urls.api, config.urls.base.replace(/\/+$/, '')) as CcxtExchange['urls']['api'];
      if (config.urls?.api) exchange.urls.api = { ...(exchange.urls.api as Record<string, string>), ...config.urls.api } as CcxtExchange['urls']['api'];
      const host = apiHost(exchange);
      limitCcxtRequests(exchange, {
        limiter: options.limiter ?? defaultExchangeLimiter(),
        rule: options.rateLimit ?? definition.rateLimit,
        now: options.limiterNow ?? Date.now,
        defaultHost: host,
      });
      return { ccxt, exchange, host };
    });
    return ready;
  };

  /** Runs a ccxt call, mapping its errors (key refused, rate limit, outage) with the key and secret redacted. */
  const run = async <T>(call: (exchange: CcxtExchange, host: string) => Promise<T>): Promise<T> => {
    const { ccxt, exchange, host } = await open();
    try {
      return await call(exchange, host);
    } catch (error) {
      if (error instanceof PermissionsUnreadable) {
        throw new ProviderError({ kind: 'bad_response', host, provider: definition.displayName, detail: error.message });
      }
      throw toExchangeError(error, { exchange: definition.displayName, host, secrets }, ccxt);
    }
  };

  const context = (host: string, field: string): AmountContext => ({ host, provider: definition.displayName, field });

  const toTransfer = (kind: ExchangeTransfer['kind'], tx: Transaction, host: string): ExchangeTransfer => {
    const asset = tx.currency;
    if (!asset) throw new ProviderError({ kind: 'bad_response', host, provider: definition.displayName, detail: `${kind} without currency` });
    if (tx.timestamp === undefined) throw new ProviderError({ kind: 'bad_response', host, provider: definition.displayName, detail: `${kind} without time` });
    const decimals = decimalsFor(asset);
    const amountText = decimalText(tx.amount, context(host, `${kind}.amount`));
    const feeAsset = tx.fee?.currency ?? (tx.fee?.cost !== undefined ? asset : null);
    const status = tx.status && STATUSES.has(tx.status) ? (tx.status as ExchangeTransferStatus) : 'pending';
    return {
      kind,
      id: tx.id ?? tx.txid ?? `${kind}:${asset}:${tx.timestamp}:${amountText}`,
      txid: tx.txid ?? null,
      asset,
      decimals,
      amount: toExchangeUnits(amountText, decimals, context(host, `${kind}.amount`)),
      fee: feeAsset ? optionalUnits(tx.fee?.cost, decimalsFor(feeAsset), context(host, `${kind}.fee`)) : null,
      feeAsset,
      network: tx.network ?? null,
      address: tx.address ?? null,
      status,
      internal: tx.internal ?? false,
      timestamp: new Date(tx.timestamp),
    };
  };

  const history = (kind: ExchangeTransfer['kind']) => async (since: Date): Promise<ExchangeTransfer[]> =>
    run(async (exchange, host) => {
      const found = new Map<string, ExchangeTransfer>();
      const end = now();
      // The exchange serves history in bounded time windows, each paged by offset.
      for (let start = since.getTime(); start <= end; start += definition.historyWindowMs + 1) {
        const until = Math.min(start + definition.historyWindowMs, end);
        for (let offset = 0; ; offset += definition.pageSize) {
          const params = { offset, until };
          const page =
            kind === 'deposit'
              ? await exchange.fetchDeposits(undefined, start, definition.pageSize, params)
              : await exchange.fetchWithdrawals(undefined, start, definition.pageSize, params);
          for (const tx of page) {
            const record = toTransfer(kind, tx, host);
            if (record.timestamp.getTime() >= since.getTime()) found.set(record.id, record);
          }
          if (page.length < definition.pageSize) break;
        }
      }
      return [...found.values()].sort(byTime);
    });

  const toTrade = (trade: Trade, exchange: CcxtExchange, host: string): ExchangeTrade => {
    const market = exchange.markets?.[trade.symbol ?? ''] as { base?: string; quote?: string } | undefined;
    const [symbolBase, symbolQuote] = (trade.symbol ?? '').split('/');
    const base = market?.base ?? symbolBase;
    const quote = market?.quote ?? symbolQuote?.split(':')[0];
    if (!trade.symbol || !base || !quote || trade.timestamp === undefined || (trade.side !== 'buy' && trade.side !== 'sell')) {
      throw new ProviderError({ kind: 'bad_response', host, provider: definition.displayName, detail: `incomplete trade ${trade.id}` });
    }
    const baseDecimals = decimalsFor(base);
    const quoteDecimals = decimalsFor(quote);
    const amount = decimalText(trade.amount, context(host, 'trade.amount'));
    const price = decimalText(trade.price, context(host, 'trade.price'));
    // The exchange's own quote amount when it states one; else price x amount at the quote's decimals.
    const info = (trade.info ?? {}) as Record<string, unknown>;
    const statedCost = info.quoteQty ?? trade.cost;
    let cost: bigint;
    try {
      cost = toExchangeUnits(decimalText(statedCost, context(host, 'trade.cost')), quoteDecimals, context(host, 'trade.cost'));
    } catch {
      cost = costUnits(price, amount, quoteDecimals);
    }
    const feeAsset = trade.fee?.currency;
    return {
      id: String(trade.id),
      orderId: trade.order ?? null,
      symbol: trade.symbol,
      base,
      quote,
      side: trade.side,
      amount: toExchangeUnits(amount, baseDecimals, context(host, 'trade.amount')),
      baseDecimals,
      cost,
      quoteDecimals,
      price: new Big(price).toFixed(),
      fee:
        feeAsset && trade.fee?.cost !== undefined
          ? { asset: feeAsset, decimals: decimalsFor(feeAsset), amount: toExchangeUnits(decimalText(trade.fee.cost, context(host, 'trade.fee')), decimalsFor(feeAsset), context(host, 'trade.fee')) }
          : null,
      takerOrMaker: trade.takerOrMaker === 'taker' || trade.takerOrMaker === 'maker' ? trade.takerOrMaker : null,
      timestamp: new Date(trade.timestamp),
    };
  };

  const amountOf = (asset: string, value: unknown, host: string, field: string): ExchangeAmount => {
    const decimals = decimalsFor(asset);
    return { asset, decimals, amount: toExchangeUnits(decimalText(value, context(host, field)), decimals, context(host, field)) };
  };

  /** A dust-log entry as ccxt states it: a sale of the small balance for BNB (or a buy of BNB where BNB is the base). */
  const dustConversion = (trade: Trade, host: string): ExchangeConversion => {
    const [base, quote] = (trade.symbol ?? '').split('/');
    if (!base || !quote || trade.timestamp === undefined || (trade.side !== 'buy' && trade.side !== 'sell')) {
      throw new ProviderError({ kind: 'bad_response', host, provider: definition.displayName, detail: `incomplete dust conversion ${String(trade.order)}` });
    }
    const sold = trade.side === 'sell';
    const from = sold ? amountOf(base, trade.amount, host, 'dust.amount') : amountOf(quote, trade.cost, host, 'dust.amount');
    const to = sold ? amountOf(quote, trade.cost, host, 'dust.transferred') : amountOf(base, trade.amount, host, 'dust.transferred');
    const feeAsset = trade.fee?.currency;
    return {
      kind: 'dust',
      id: `${String(trade.order ?? trade.timestamp)}:${from.asset}`,
      from,
      to,
      fee: feeAsset && trade.fee?.cost !== undefined ? amountOf(feeAsset, trade.fee.cost, host, 'dust.fee') : null,
      timestamp: new Date(trade.timestamp),
    };
  };

  const convertConversion = (conversion: Conversion, host: string): ExchangeConversion | null => {
    const status = ((conversion.info ?? {}) as Record<string, unknown>).orderStatus;
    if (status !== undefined && status !== 'SUCCESS') return null;
    if (!conversion.fromCurrency || !conversion.toCurrency || conversion.timestamp === undefined) {
      throw new ProviderError({ kind: 'bad_response', host, provider: definition.displayName, detail: `incomplete convert trade ${String(conversion.id)}` });
    }
    return {
      kind: 'convert',
      id: String(conversion.id),
      from: amountOf(conversion.fromCurrency, conversion.fromAmount, host, 'convert.fromAmount'),
      to: amountOf(conversion.toCurrency, conversion.toAmount, host, 'convert.toAmount'),
      fee: null,
      timestamp: new Date(conversion.timestamp),
    };
  };

  return {
    exchange: config.exchange,
    displayName: definition.displayName,

    checkPermissions: () =>
      run(async (exchange) => {
        const permissions = await definition.readPermissions(exchange);
        if (permissions.canWithdraw) throw new ExchangeKeyError('can_withdraw', definition.displayName);
        if (!permissions.canRead) throw new ExchangeKeyError('cannot_read', definition.displayName);
        return permissions;
      }),

    fetchBalances: () =>
      run(async (exchange, host) => {
        const balances = await exchange.fetchBalance();
        const totals = (balances.total ?? {}) as unknown as Record<string, unknown>;
        const free = (balances.free ?? {}) as unknown as Record<string, unknown>;
        const used = (balances.used ?? {}) as unknown as Record<string, unknown>;
        const result: ExchangeBalance[] = [];
        for (const asset of Object.keys(totals).sort()) {
          const decimals = decimalsFor(asset);
          const total = optionalUnits(totals[asset], decimals, context(host, `balance.${asset}.total`)) ?? 0n;
          if (total === 0n) continue;
          result.push({
            asset,
            decimals,
            total,
            free: optionalUnits(free[asset], decimals, context(host, `balance.${asset}.free`)) ?? 0n,
            used: optionalUnits(used[asset], decimals, context(host, `balance.${asset}.used`)) ?? 0n,
          });
        }
        return result;
      }),

    fetchDeposits: history('deposit'),
    fetchWithdrawals: history('withdrawal'),

    fetchTrades: (symbols, since) =>
      run(async (exchange, host) => {
        await exchange.loadMarkets();
        const trades = new Map<string, ExchangeTrade>();
        for (const symbol of symbols) {
          // The first page from `since` (or from trade id 0), later pages from the id after the last one seen.
          let page =
            since === null
              ? await exchange.fetchMyTrades(symbol, undefined, definition.pageSize, { fromId: '0' })
              : await exchange.fetchMyTrades(symbol, since.getTime(), definition.pageSize);
          for (;;) {
            for (const trade of page) {
              const record = toTrade(trade, exchange, host);
              trades.set(`${record.symbol}:${record.id}`, record);
            }
            const last = page[page.length - 1]?.id;
            if (page.length < definition.pageSize || last === undefined || !/^\d+$/.test(String(last))) break;
            page = await exchange.fetchMyTrades(symbol, undefined, definition.pageSize, { fromId: (BigInt(String(last)) + 1n).toString() });
          }
        }
        return [...trades.values()].sort((a, b) => byTime(a, b) || a.symbol.localeCompare(b.symbol) || (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
      }),

    fetchMarkets: () =>
      run(async (exchange) => {
        const markets = await exchange.loadMarkets();
        return Object.values(markets)
          .filter((m): m is NonNullable<typeof m> => Boolean(m && m.spot && m.symbol && m.base && m.quote))
          .map((m) => ({ symbol: m.symbol, base: m.base, quote: m.quote, active: m.active !== false }))
          .sort((a, b) => (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0));
      }),

    fetchConversions: (since) =>
      run(async (exchange, host) => {
        const found = new Map<string, ExchangeConversion>();
        const end = now();
        // Not a unified method (ccxt's `has` does not list it): present on the exchanges that keep a dust log.
        const dust = (exchange as unknown as { fetchMyDustTrades?: CcxtExchange['fetchMyTrades'] }).fetchMyDustTrades;
        if (typeof dust === 'function') {
          await exchange.loadMarkets();
          // Binance answers at most the last 100 dust conversions of a window: plenty between two syncs.
          for (let start = since.getTime(); start <= end; start += definition.dustWindowMs + 1) {
            const until = Math.min(start + definition.dustWindowMs, end);
            for (const trade of await dust.call(exchange, undefined, start, undefined, { endTime: until })) {
              const record = dustConversion(trade, host);
              found.set(`dust:${record.id}`, record);
            }
          }
        }
        if (exchange.has.fetchConvertTradeHistory === true) {
          for (let start = since.getTime(); start <= end; start += definition.convertWindowMs + 1) {
            const until = Math.min(start + definition.convertWindowMs, end);
            // A full page continues from just after its last trade, within the same window.
            for (let from = start; from <= until; ) {
              const page = await exchange.fetchConvertTradeHistory(undefined, from, definition.pageSize, { until });
              for (const conversion of page) {
                const record = convertConversion(conversion, host);
                if (record) found.set(`convert:${record.id}`, record);
              }
              const last = page.reduce((max, c) => Math.max(max, c.timestamp ?? 0), 0);
              if (page.length < definition.pageSize || last < from) break;
              from = last + 1;
            }
          }
        }
        return [...found.values()].filter((record) => record.timestamp.getTime() >= since.getTime()).sort(byTime);
      }),

    tradeSymbolsFor: (assets) =>
      run(async (exchange) => {
        const markets = await exchange.loadMarkets();
        const wanted = new Set(assets.map((a) => a.toUpperCase()));
        return Object.values(markets)
          .filter((m): m is NonNullable<typeof m> => Boolean(m && m.spot && m.active !== false && wanted.has(m.base) && wanted.has(m.quote)))
          .map((m) => m.symbol)
          .sort();
      }),
  };
}
