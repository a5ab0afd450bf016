/**
 * Puts a ccxt instance's REST requests under a shared RateLimiter (one bucket per API host, shared by every
 * account and, with a shared limiter, by every process) instead of ccxt's own per-instance throttle.
 *
 * ccxt sends every REST request through `fetch2(path, api, method, params, headers, body, config)`, which with
 * `enableRateLimit` calls `throttle(cost)` first, the cost coming from the exchange's endpoint table
 * (`calculateRateLimiterCost`). With `enableRateLimit` off, `fetch2` is wrapped on the instance: it takes the
 * same cost and acquires that many tokens of the host's bucket before the request (and before ccxt signs it, so
 * a long wait never makes a signed timestamp stale). A cost is fractional (Binance's
 * deposit history costs 0.1): each instance keeps what it owes per host and acquires a token only when the sum
 * reaches one, so ten such requests take one token. Every answer passes through the instance's
 * `fetchImplementation`: a 429 or 418 there holds the host's bucket until its Retry-After has passed, for every
 * request of every account on that host.
 */
import type { Exchange as CcxtExchange } from 'ccxt';
import { createRateLimiter, type RateLimiter, type RateLimitRule } from '../http/rate-limiter';

export interface CcxtRateLimit {
  limiter: RateLimiter;
  rule: RateLimitRule;
  /** The limiter's clock: a hold ends Retry-After from it. */
  now: () => number;
  /** The bucket of a request whose API URL is unknown. */
  defaultHost: string;
}

/** How long a 429 or 418 holds the bucket when it names no Retry-After. */
export const DEFAULT_HOLD_MS = 60_000;
const MAX_TIMER_MS = 2_147_483_647;

type Fetch2 = CcxtExchange['fetch2'];

let processLimiter: RateLimiter | undefined;

/** The limiter of exchange clients given none: one per process, on the real clock. */
export function defaultExchangeLimiter(): RateLimiter {
  processLimiter ??= createRateLimiter({
    now: Date.now,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_TIMER_MS))),
  });
  return processLimiter;
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date); null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number.parseInt(text, 10) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function hostOf(url: string): string | null {
  return /^https?:\/\/([^/?#]+)/i.exec(url)?.[1]?.toLowerCase() ?? null;
}

/** The host a ccxt `api` name (e.g. Binance's 'sapi') sends to. */
function apiHost(exchange: CcxtExchange, api: unknown, fallback: string): string {
  const urls = exchange.urls.api as unknown;
  if (typeof urls === 'string') return hostOf(urls) ?? fallback;
  const url = typeof api === 'string' && urls && typeof urls === 'object' ? (urls as Record<string, unknown>)[api] : undefined;
  return typeof url === 'string' ? (hostOf(url) ?? fallback) : fallback;
}

export function limitCcxtRequests(exchange: CcxtExchange, limit: CcxtRateLimit): void {
  exchange.enableRateLimit = false;
  const owed = new Map<string, number>();

  const original: Fetch2 = exchange.fetch2.bind(exchange);
  const limited = async (...args: Parameters<Fetch2>): ReturnType<Fetch2> => {
    const [path, api = 'public', method = 'GET', params = {}, , , config = {}] = args;
    const raw: unknown = exchange.calculateRateLimiterCost(api, method, path, params, config);
    // With `number = String` ccxt states the cost as text; it is a request weight, not an amount of money.
    const cost = Number(raw);
    const host = apiHost(exchange, api, limit.defaultHost);
    let due = (owed.get(host) ?? 0) + (Number.isFinite(cost) && cost > 0 ? cost : 1);
    owed.set(host, due);
    while (due > 1e-9) {
      await limit.limiter.acquire(host, limit.rule);
      due = (owed.get(host) ?? 0) - 1;
      owed.set(host, due);
    }
    return original(...args);
  };
  exchange.fetch2 = limited as Fetch2;

  const send = exchange.fetchImplementation as typeof fetch;
  const watched: typeof fetch = async (input, init) => {
    const response = await send(input, init);
    if (response.status === 429 || response.status === 418) {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const now = limit.now();
      const wait = retryAfterMs(response.headers.get('retry-after'), now) ?? DEFAULT_HOLD_MS;
      await limit.limiter.holdUntil(hostOf(url) ?? limit.defaultHost, now + wait);
    }
    return response;
  };
  exchange.fetchImplementation = watched;
}
