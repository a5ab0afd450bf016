/**
 * The one HTTP client every provider goes through: per host-and-key rate limits (waiting, never
 * refusing; on PostgreSQL shared by every process through the database), retries with exponential
 * backoff and jitter on 429 (honouring Retry-After), on the explorers' "rate limit reached" replies,
 * on 5xx and on network errors; an in-memory LRU cache with a time to live; valibot validation of
 * bodies; and errors as `ProviderError` with secrets redacted. A host that stayed unreachable through a
 * request's retries is tried once per request, without retries, until it answers again or its outage
 * window ends: an outage costs callers one failed attempt, not a minute of backoff each. Clock, sleep and
 * randomness are injectable so tests are deterministic.
 */
import * as v from 'valibot';
import { LruCache } from './lru-cache';
import { ProviderError, type ProviderErrorInit } from './provider-error';
import { providerNameForHost } from './provider-names';
import { createRateLimiter, type RateLimiter } from './rate-limiter';
import { collectSecrets, redactText, redactUrl } from './redact';

export { ProviderError, isProviderError, type ProviderErrorKind } from './provider-error';

export type AnySchema = v.GenericSchema | v.GenericSchemaAsync;
export type QueryValue = string | number | bigint | undefined;

export interface HttpRequest {
  url: string;
  /** Added to the URL's query; `undefined` values are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Keep a successful answer this long (0 = no cache, the default; Infinity = until evicted). */
  cacheTtlMs?: number;
  /** Shared bucket per host and key; requests wait for their turn. */
  rateLimit?: { key: string; perSecond: number; burst?: number };
  /** Further attempts after the first on retryable failures (default 4). */
  retries?: number;
  /** Per attempt (default 15000). */
  timeoutMs?: number;
  /** A 200 answer that is really a rate-limit reply (explorers answer "Max rate limit reached"). */
  isRateLimited?: (body: unknown) => boolean;
  /** Display name in user-facing errors; defaults to a name derived from the host. */
  provider?: string;
}

export interface HttpClient {
  getJson<const TSchema extends AnySchema>(
    req: HttpRequest & { schema: TSchema },
  ): Promise<v.InferOutput<TSchema>>;
  getJson<T = unknown>(req: HttpRequest & { schema?: AnySchema }): Promise<T>;
  postJson<const TSchema extends AnySchema>(
    req: HttpRequest & { schema: TSchema; body: unknown },
  ): Promise<v.InferOutput<TSchema>>;
  postJson<T = unknown>(req: HttpRequest & { schema?: AnySchema; body: unknown }): Promise<T>;
  patchJson<const TSchema extends AnySchema>(
    req: HttpRequest & { schema: TSchema; body: unknown },
  ): Promise<v.InferOutput<TSchema>>;
  /** Forgets every cached answer. */
  clearCache(): void;
}

export interface HttpLogger {
  warn(msg: string, meta?: object): void;
}

export interface HttpClientOptions {
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** In [0, 1); used for backoff jitter. */
  random?: () => number;
  logger?: HttpLogger;
  /** Most answers kept in the cache (default 2000). */
  cacheMaxEntries?: number;
  /** First backoff step (default 500 ms), doubled per attempt up to `backoffMaxMs` (default 30 s). */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** A Retry-After longer than this (default 60 s) ends the request at once as rate_limited. */
  maxRetryAfterMs?: number;
  /**
   * After a host gave no answer through all of a request's attempts (network errors, timeouts, 5xx), its next
   * requests for this long (default 60 s) make one attempt each, without retries, until one is answered.
   */
  outageMs?: number;
  /**
   * Where the per-host buckets live. Default: this client's own memory (on the clock above). With PostgreSQL,
   * a shared limiter (createSharedRateLimiter) so every process keeps to one budget together.
   */
  rateLimiter?: RateLimiter;
}

const DEFAULT_RETRIES = 4;
const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_OUTAGE_MS = 60_000;
const MAX_TIMER_MS = 2_147_483_647;
const BODY_EXCERPT_CHARS = 300;

type Method = 'GET' | 'POST' | 'PATCH';

interface Prepared {
  method: Method;
  url: URL;
  safeUrl: string;
  host: string;
  provider: string;
  secrets: string[];
  headers: Record<string, string>;
  bodyText: string | undefined;
  cacheKey: string;
  req: HttpRequest & { schema?: AnySchema };
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

type AttemptOutcome =
  | ({ ok: true } & Answer)
  | { ok: false; retry: boolean; failure: ProviderErrorInit; waitMs?: number };

const defaultSleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, Math.min(ms, MAX_TIMER_MS)));

const defaultLogger: HttpLogger = {
  warn: (msg, meta) => console.warn(msg, meta ?? ''),
};

export function createHttpClient(opts: HttpClientOptions = {}): HttpClient {
  return new ProviderHttpClient(opts);
}

class ProviderHttpClient implements HttpClient {
  private readonly fetchImpl: typeof fetch;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly logger: HttpLogger;
  private readonly backoffBaseMs: number;
  private readonly backoffMaxMs: number;
  private readonly maxRetryAfterMs: number;
  private readonly outageMs: number;
  /** Hosts that gave no answer through a request's retries: until when their requests go without retries. */
  private readonly outages = new Map<string, number>();
  private readonly cache: LruCache<string>;
  private readonly inflight = new Map<string, Promise<Answer>>();
  private readonly limiter: RateLimiter;

  constructor(opts: HttpClientOptions) {
    this.fetchImpl = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = opts.now ?? Date.now;
    this.sleep = opts.sleep ?? defaultSleep;
    this.random = opts.random ?? Math.random;
    this.logger = opts.logger ?? defaultLogger;
    this.backoffBaseMs = opts.backoffBaseMs ?? 500;
    this.backoffMaxMs = opts.backoffMaxMs ?? 30_000;
    this.maxRetryAfterMs = opts.maxRetryAfterMs ?? 60_000;
    this.outageMs = opts.outageMs ?? DEFAULT_OUTAGE_MS;
    this.cache = new LruCache<string>(opts.cacheMaxEntries ?? 2000, this.now);
    this.limiter = opts.rateLimiter ?? createRateLimiter({ now: this.now, sleep: this.sleep });
  }

  getJson<const TSchema extends AnySchema>(
    req: HttpRequest & { schema: TSchema },
  ): Promise<v.InferOutput<TSchema>>;
  getJson<T = unknown>(req: HttpRequest & { schema?: AnySchema }): Promise<T>;
  getJson(req: HttpRequest & { schema?: AnySchema }): Promise<unknown> {
    return this.send(this.prepare('GET', req, undefined));
  }

  postJson<const TSchema extends AnySchema>(
    req: HttpRequest & { schema: TSchema; body: unknown },
  ): Promise<v.InferOutput<TSchema>>;
  postJson<T = unknown>(req: HttpRequest & { schema?: AnySchema; body: unknown }): Promise<T>;
  postJson(req: HttpRequest & { schema?: AnySchema; body: unknown }): Promise<unknown> {
    return this.send(this.prepare('POST', req, req.body));
  }

  patchJson(req: HttpRequest & { schema?: AnySchema; body: unknown }): Promise<unknown> {
    return this.send(this.prepare('PATCH', req, req.body));
  }

  clearCache(): void {
    this.cache.clear();
  }

  private prepare(method: Method, req: HttpRequest & { schema?: AnySchema }, body: unknown): Prepared {
    const url = new URL(req.url);
    for (const [name, value] of Object.entries(req.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const bodyText =
      method !== 'GET'
        ? JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))
        : undefined;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': 'Ledgerloop',
      ...(bodyText !== undefined ? { 'content-type': 'application/json' } : {}),
      ...req.headers,
    };
    const keyUrl = new URL(url);
    keyUrl.searchParams.sort();
    return {
      method,
      url,
      safeUrl: redactUrl(url),
      host: url.host,
      provider: req.provider ?? providerNameForHost(url.hostname),
      secrets: collectSecrets(url, req.headers),
      headers,
      bodyText,
      cacheKey: `${method} ${keyUrl.toString()}${bodyText !== undefined ? ` ${bodyText}` : ''}`,
      req,
    };
  }

  private async send(p: Prepared): Promise<unknown> {
    const ttl = p.req.cacheTtlMs ?? 0;
    if (ttl > 0) {
      const cached = this.cache.get(p.cacheKey);
      if (cached !== undefined) return this.validate(p, { status: 200, text: cached, json: JSON.parse(cached) });
      let pending = this.inflight.get(p.cacheKey);
      if (!pending) {
        pending = this.fetchWithRetries(p).finally(() => this.inflight.delete(p.cacheKey));
        this.inflight.set(p.cacheKey, pending);
      }
      const answer = await pending;
      const output = await this.validate(p, answer);
      this.cache.set(p.cacheKey, answer.text, ttl);
      return output;
    }
    return this.validate(p, await this.fetchWithRetries(p));
  }

  private async validate(p: Prepared, answer: Answer): Promise<unknown> {
    const schema = p.req.schema;
    if (!schema) return answer.json;
    const result = await v.safeParseAsync(schema, answer.json);
    if (result.success) return result.output;
    throw new ProviderError({
      kind: 'bad_response',
      host: p.host,
      provider: p.provider,
      status: answer.status,
      detail: redactText(`Unexpected answer from ${p.safeUrl}: ${v.summarize(result.issues)}`, p.secrets),
    });
  }

  private async fetchWithRetries(p: Prepared): Promise<Answer> {
    const inOutage = (this.outages.get(p.host) ?? -Infinity) > this.now();
    const retries = inOutage ? 0 : Math.max(0, Math.floor(p.req.retries ?? DEFAULT_RETRIES));
    const bucketId = p.req.rateLimit ? `${p.host}|${p.req.rateLimit.key}` : undefined;
    for (let attempt = 0; ; attempt++) {
      if (p.req.rateLimit && bucketId) await this.limiter.acquire(bucketId, p.req.rateLimit);
      const outcome = await this.attempt(p);
      // Any answer of the host, even an error status other than 5xx, ends its outage.
      if (outcome.ok || outcome.failure.kind !== 'unavailable') this.outages.delete(p.host);
      if (outcome.ok) return outcome;
      const failure = { ...outcome.failure, host: p.host, provider: p.provider };
      if (!outcome.retry || attempt >= retries) {
        const tries = attempt + 1;
        // An unavailable host is always retried, so here it has failed every attempt.
        if (failure.kind === 'unavailable') this.startOutage(p, inOutage);
        throw new ProviderError({
          ...failure,
          detail: tries > 1 ? `${failure.detail ?? ''} (gave up after ${tries} attempts)` : failure.detail,
        });
      }
      const delay = outcome.waitMs ?? this.backoff(attempt);
      if (bucketId && failure.kind === 'rate_limited') await this.limiter.holdUntil(bucketId, this.now() + delay);
      this.logger.warn(`${p.provider}: ${failure.detail ?? failure.kind}; retrying in ${delay} ms`, {
        provider: p.provider,
        url: p.safeUrl,
        attempt: attempt + 1,
        retries,
        kind: failure.kind,
        status: failure.status,
      });
      await this.sleep(delay);
    }
  }

  private startOutage(p: Prepared, already: boolean): void {
    this.outages.set(p.host, this.now() + this.outageMs);
    if (already) return;
    this.logger.warn(`${p.provider}: not answering; its requests go without retries for ${this.outageMs / 1000} s or until it answers`, {
      provider: p.provider,
      host: p.host,
    });
  }

  private backoff(attempt: number): number {
    const ceiling = Math.min(this.backoffMaxMs, this.backoffBaseMs * 2 ** attempt);
    return Math.round(ceiling / 2 + this.random() * (ceiling / 2));
  }

  private async attempt(p: Prepared): Promise<AttemptOutcome> {
    const timeoutMs = p.req.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const controller = new AbortController();
    const timer =
      Number.isFinite(timeoutMs) && timeoutMs > 0
        ? setTimeout(() => controller.abort(), Math.min(timeoutMs, MAX_TIMER_MS))
        : undefined;
    let status: number;
    let text: string;
    let retryAfterHeader: string | null;
    try {
      const res = await this.fetchImpl(p.url, {
        method: p.method,
        headers: p.headers,
        body: p.bodyText,
        signal: controller.signal,
        redirect: 'follow',
      });
      status = res.status;
      retryAfterHeader = res.headers.get('retry-after');
      text = await res.text();
    } catch (error) {
      const reason = controller.signal.aborted
        ? `no answer within ${timeoutMs} ms`
        : `network error: ${describeError(error)}`;
      return {
        ok: false,
        retry: true,
        failure: { kind: 'unavailable', host: p.host, detail: this.redact(p, `${reason} (${p.safeUrl})`), cause: error },
      };
    } finally {
      if (timer) clearTimeout(timer);
    }

    const where = `${p.method} ${p.safeUrl}`;
    if (status === 429) {
      const retryAfterMs = parseRetryAfter(retryAfterHeader, this.now());
      const failure: ProviderErrorInit = {
        kind: 'rate_limited',
        host: p.host,
        status,
        detail: `HTTP 429 from ${where}`,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      };
      if (retryAfterMs !== undefined && retryAfterMs > this.maxRetryAfterMs) {
        return { ok: false, retry: false, failure };
      }
      return { ok: false, retry: true, failure, ...(retryAfterMs !== undefined ? { waitMs: retryAfterMs } : {}) };
    }
    if (status >= 500) {
      return {
        ok: false,
        retry: true,
        failure: { kind: 'unavailable', host: p.host, status, detail: this.redact(p, `HTTP ${status} from ${where}${excerpt(text)}`) },
      };
    }
    if (status >= 400) {
      return {
        ok: false,
        retry: false,
        failure: {
          kind: status === 404 ? 'not_found' : 'client_error',
          host: p.host,
          status,
          detail: this.redact(p, `HTTP ${status} from ${where}${excerpt(text)}`),
        },
      };
    }

    let json: unknown;
    try {
      json = text.length === 0 && status === 204 ? null : (JSON.parse(text) as unknown);
    } catch {
      return {
        ok: false,
        retry: false,
        failure: { kind: 'bad_response', host: p.host, status, detail: this.redact(p, `Invalid JSON from ${where}${excerpt(text)}`) },
      };
    }
    if (p.req.isRateLimited?.(json)) {
      return {
        ok: false,
        retry: true,
        failure: { kind: 'rate_limited', host: p.host, status, detail: this.redact(p, `Rate-limit reply from ${where}${excerpt(text)}`) },
      };
    }
    return { ok: true, status, text, json };
  }

  private redact(p: Prepared, text: string): string {
    return redactText(text, p.secrets);
  }
}

/** Retry-After as delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.ceil(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length === 0) return '';
  return `: ${flat.length > BODY_EXCERPT_CHARS ? `${flat.slice(0, BODY_EXCERPT_CHARS)}…` : flat}`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause;
    const causeText =
      cause instanceof Error
        ? ` (${'code' in cause && typeof cause.code === 'string' ? `${cause.code} ` : ''}${cause.message})`
        : '';
    return `${error.message}${causeText}`;
  }
  return String(error);
}
