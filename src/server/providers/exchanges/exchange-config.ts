import type { Exchange } from '../../../shared/enums';
import type { RateLimitRule } from '../http/rate-limiter';
import { readBinancePermissions } from './binance-permissions';
import type { KeyPermissions } from './exchange-records';

/**
 * How each supported exchange is reached through ccxt. Offering another exchange is an entry here (and in the
 * shared EXCHANGES list): its ccxt class id, the options that keep ccxt to spot data, and how to read what a key
 * may do.
 */
export interface ExchangeDefinition {
  /** ccxt class id, e.g. 'binance'. */
  ccxtId: string;
  displayName: string;
  /** ccxt `options` for the instance. */
  ccxtOptions: Record<string, unknown>;
  /** Reads the key's permissions (withdrawals above all) from the exchange. */
  readPermissions(exchange: unknown): Promise<KeyPermissions>;
  /** Deposit and withdrawal history is served in windows of at most this many milliseconds. */
  historyWindowMs: number;
  /** Largest page the history and trade endpoints return. */
  pageSize: number;
  /**
   * The shared budget of the exchange's API host, in ccxt's cost units (each request costs what ccxt's endpoint
   * table says; ccxt's `rateLimit` milliseconds are one unit).
   */
  rateLimit: RateLimitRule;
  /** Convert history is served in windows of at most this many milliseconds. */
  convertWindowMs: number;
  /** Dust conversion history is served in windows of at most this many milliseconds. */
  dustWindowMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const EXCHANGE_DEFINITIONS: Record<Exchange, ExchangeDefinition> = {
  BINANCE: {
    ccxtId: 'binance',
    displayName: 'Binance',
    ccxtOptions: {
      defaultType: 'spot',
      // Spot markets only (no futures hosts), no margin pairs, currencies derived from the markets.
      fetchMarkets: { types: ['spot'] },
      fetchMargins: false,
      fetchCurrencies: false,
      adjustForTimeDifference: false,
    },
    readPermissions: readBinancePermissions,
    // Binance answers at most 90 days of deposit or withdrawal history per request.
    historyWindowMs: 90 * DAY_MS - 1,
    pageSize: 1000,
    // ccxt counts Binance's request weight in units of 5 (myTrades, weight 20, costs 4; the IP limit of 6,000
    // weight a minute is 20 units a second). 10 units a second with a burst of 200 keeps any minute at or below
    // 4,000 weight: two thirds of the limit, whatever else shares the host.
    rateLimit: { perSecond: 10, burst: 200 },
    convertWindowMs: 30 * DAY_MS,
    dustWindowMs: 90 * DAY_MS,
  },
};
