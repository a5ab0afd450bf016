import '../setup/no-network';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHttpClient,
  parseRetryAfter,
  ProviderError,
  type HttpClientOptions,
} from '../../src/server/providers/http/http-client';
import { isEtherscanRateLimited } from '../../src/server/providers/evm-history/etherscan-compatible';
import { fakeClock, startProviderServer, type ProviderServer } from '../fixtures/provider-server';

function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`Expected an item at ${index}`);
  return item;
}


type Reply = { status?: number; headers?: Record<string, string>; body?: unknown; text?: string } | Error;

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  at: number;
}

/** A fetch answering `replies` in turn (the last repeats), recording each call and its time. */
function stubFetch(replies: Reply[], now: () => number) {
  const calls: Call[] = [];
  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    calls.push({
      url: input.toString(),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: typeof init?.body === 'string' ? init.body : undefined,
      at: now(),
    });
    const reply = replies[Math.min(calls.length, replies.length) - 1];
    if (!reply) throw new Error('no reply configured');
    if (reply instanceof Error) throw reply;
    const text = reply.text ?? JSON.stringify(reply.body ?? {});
    return new Response(text, { status: reply.status ?? 200, headers: reply.headers });
  }) as typeof globalThis.fetch;
  return { fetch: fakeFetch, calls };
}

function setup(replies: Reply[], extra: Partial<HttpClientOptions> = {}) {
  const clock = fakeClock(1_000_000);
  const warnings: { msg: string; meta?: object }[] = [];
  const stub = stubFetch(replies, clock.now);
  const http = createHttpClient({
    fetch: stub.fetch,
    now: clock.now,
    sleep: clock.sleep,
    random: () => 0,
    logger: { warn: (msg, meta) => warnings.push({ msg, ...(meta ? { meta } : {}) }) },
    ...extra,
  });
  return { http, clock, calls: stub.calls, warnings };
}

const OK = { body: { ok: true } };

describe('rate limiting', () => {
  it('spaces requests of one host and key evenly, sequential or concurrent', async () => {
    const { http, calls } = setup([OK]);
    const rateLimit = { key: 'k', perSecond: 2 };
    for (let i = 0; i < 3; i++) await http.getJson({ url: 'https://api.example.test/a', query: { i }, rateLimit });
    await Promise.all(
      [3, 4, 5].map((i) => http.getJson({ url: 'https://api.example.test/a', query: { i }, rateLimit })),
    );
    const offsets = calls.map((c) => c.at - 1_000_000);
    expect(offsets).toEqual([0, 500, 1000, 1500, 2000, 2500]);
  });

  it('keeps separate buckets per host and per key, and allows a burst when asked', async () => {
    const { http, calls } = setup([OK]);
    await Promise.all([
      http.getJson({ url: 'https://one.example.test/x', rateLimit: { key: 'a', perSecond: 1 } }),
      http.getJson({ url: 'https://one.example.test/x', query: { q: 1 }, rateLimit: { key: 'b', perSecond: 1 } }),
      http.getJson({ url: 'https://two.example.test/x', rateLimit: { key: 'a', perSecond: 1 } }),
    ]);
    expect(calls.map((c) => c.at - 1_000_000)).toEqual([0, 0, 0]);

    const burst = setup([OK]);
    await Promise.all(
      [1, 2, 3, 4].map((i) =>
        burst.http.getJson({ url: 'https://b.example.test/', query: { i }, rateLimit: { key: 'k', perSecond: 4, burst: 3 } }),
      ),
    );
    expect(burst.calls.map((c) => c.at - 1_000_000)).toEqual([0, 0, 0, 250]);
  });

  it('refills after a quiet spell', async () => {
    const { http, calls, clock } = setup([OK]);
    const rateLimit = { key: 'k', perSecond: 1 };
    await http.getJson({ url: 'https://api.example.test/', query: { i: 1 }, rateLimit });
    clock.advance(5000);
    await http.getJson({ url: 'https://api.example.test/', query: { i: 2 }, rateLimit });
    expect(nth(calls, 1).at - nth(calls, 0).at).toBe(5000);
  });
});

describe('retries', () => {
  it('honours Retry-After on 429, then succeeds', async () => {
    const { http, calls, clock } = setup([{ status: 429, headers: { 'retry-after': '3' }, body: {} }, OK]);
    await expect(http.getJson({ url: 'https://api.example.test/r' })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
    expect(clock.sleeps).toEqual([3000]);
    expect(nth(calls, 1).at - nth(calls, 0).at).toBe(3000);
  });

  it('holds the rate-limit bucket for the Retry-After so other requests wait too', async () => {
    const { http, calls } = setup([{ status: 429, headers: { 'retry-after': '2' }, body: {} }, OK]);
    const rateLimit = { key: 'k', perSecond: 10 };
    await http.getJson({ url: 'https://api.example.test/a', rateLimit });
    await http.getJson({ url: 'https://api.example.test/b', rateLimit });
    expect(calls.map((c) => c.at - 1_000_000)).toEqual([0, 2000, 2100]);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(parseRetryAfter('5', 0)).toBe(5000);
    expect(parseRetryAfter('0.5', 0)).toBe(500);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', Date.UTC(2015, 9, 21, 7, 28, 0))).toBe(10_000);
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter(null, 0)).toBeUndefined();
  });

  it('gives up at once as rate_limited when Retry-After is too long', async () => {
    const { http, calls } = setup([{ status: 429, headers: { 'retry-after': '600' }, body: {} }, OK]);
    const error = await http.getJson({ url: 'https://api.example.test/r', provider: 'Etherscan' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ kind: 'rate_limited', retryAfterMs: 600_000, status: 429 });
    expect((error as ProviderError).message).toBe('Etherscan is limiting requests; retrying later.');
    expect(calls).toHaveLength(1);
  });

  it('retries rate-limit replies that come with HTTP 200', async () => {
    const limited = { body: { status: '0', message: 'NOTOK', result: 'Max rate limit reached' } };
    const { http, calls, clock } = setup([limited, limited, { body: { status: '1', message: 'OK', result: [] } }]);
    const body = await http.getJson({ url: 'https://api.example.test/api', isRateLimited: isEtherscanRateLimited });
    expect(body).toEqual({ status: '1', message: 'OK', result: [] });
    expect(calls).toHaveLength(3);
    // random() = 0: half of 500, then half of 1000.
    expect(clock.sleeps).toEqual([250, 500]);
  });

  it('retries 5xx with exponential backoff and jitter, then succeeds', async () => {
    const { http, calls, clock } = setup([{ status: 503, text: 'down' }, { status: 502, text: 'down' }, OK], {
      random: () => 0.5,
    });
    await expect(http.getJson({ url: 'https://api.example.test/x' })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(3);
    expect(clock.sleeps).toEqual([375, 750]);
  });

  it('caps the backoff', async () => {
    const { http, clock } = setup([{ status: 500, text: 'x' }], { random: () => 0.999999, backoffMaxMs: 2000 });
    await http.getJson({ url: 'https://api.example.test/x', retries: 5 }).catch(() => undefined);
    expect(clock.sleeps.every((ms) => ms <= 2000)).toBe(true);
    expect(clock.sleeps.at(-1)).toBe(2000);
  });

  it('gives up after the configured retries with a ProviderError', async () => {
    const { http, calls, warnings } = setup([{ status: 503, text: 'Service Unavailable' }]);
    const error = await http
      .getJson({ url: 'https://api.example.test/x', retries: 2, provider: 'Etherscan' })
      .catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ProviderError);
    const providerError = error as ProviderError;
    expect(providerError.kind).toBe('unavailable');
    expect(providerError.retryable).toBe(true);
    expect(providerError.host).toBe('api.example.test');
    expect(providerError.status).toBe(503);
    expect(providerError.message).toBe('Etherscan is not answering; retrying later.');
    expect(providerError.detail).toContain('gave up after 3 attempts');
    // One per retry, and one that the host's outage begins.
    expect(warnings.map((w) => w.msg)).toEqual([
      expect.stringContaining('retrying in'),
      expect.stringContaining('retrying in'),
      'Etherscan: not answering; its requests go without retries for 60 s or until it answers',
    ]);
  });

  it('retries network errors and reports them as unavailable', async () => {
    const { http, calls } = setup([new TypeError('fetch failed', { cause: new Error('ECONNRESET') })]);
    const error = await http.getJson({ url: 'https://api.example.test/x', retries: 1 }).catch((e: unknown) => e);
    expect(calls).toHaveLength(2);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as ProviderError).detail).toContain('fetch failed');
  });

  it('times out a request that does not answer', async () => {
    const hanging = ((_input: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      })) as typeof fetch;
    const clock = fakeClock();
    const http = createHttpClient({ fetch: hanging, now: clock.now, sleep: clock.sleep, logger: { warn: () => {} } });
    const error = await http.getJson({ url: 'https://api.example.test/slow', timeoutMs: 20, retries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as ProviderError).detail).toContain('no answer within 20 ms');
  });

  it('fails 4xx other than 429 at once', async () => {
    const bad = setup([{ status: 400, text: 'bad request' }]);
    await expect(bad.http.getJson({ url: 'https://api.example.test/x' })).rejects.toMatchObject({
      kind: 'client_error',
      status: 400,
    });
    expect(bad.calls).toHaveLength(1);

    const missing = setup([{ status: 404, text: 'nope' }]);
    await expect(missing.http.getJson({ url: 'https://api.example.test/x' })).rejects.toMatchObject({ kind: 'not_found' });
    expect(missing.calls).toHaveLength(1);

    const forbidden = setup([{ status: 403, text: 'forbidden' }]);
    await expect(forbidden.http.getJson({ url: 'https://api.example.test/x' })).rejects.toMatchObject({
      kind: 'client_error',
      retryable: false,
    });
  });

  it('does not retry an answer that is not JSON', async () => {
    const { http, calls } = setup([{ text: '<html>maintenance</html>' }]);
    await expect(http.getJson({ url: 'https://api.example.test/x' })).rejects.toMatchObject({ kind: 'bad_response' });
    expect(calls).toHaveLength(1);
  });
});

describe('outages', () => {
  const down = new TypeError('fetch failed', { cause: new Error('ECONNREFUSED') });

  it('tries a host that gave no answer through its retries once per request, then normally once it answers', async () => {
    const { http, calls, warnings } = setup([down, down, down, down, OK, OK, OK]);
    await expect(http.getJson({ url: 'https://api.example.test/a', retries: 2 })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(calls).toHaveLength(3);
    expect(warnings.map((w) => w.msg).at(-1)).toBe(
      'api.example.test: not answering; its requests go without retries for 60 s or until it answers',
    );

    // Still down: one attempt, no backoff, and no second outage warning.
    const before = warnings.length;
    const error = await http.getJson({ url: 'https://api.example.test/b', retries: 2 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable' });
    expect((error as ProviderError).detail).not.toContain('gave up');
    expect(calls).toHaveLength(4);
    expect(warnings).toHaveLength(before);

    // It answers again: that request succeeds at its first attempt and the next ones retry as before.
    await expect(http.getJson({ url: 'https://api.example.test/c', retries: 2 })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(5);
  });

  it('keeps retrying other hosts, and retries the host again once its outage window has passed', async () => {
    const replies: Reply[] = [down, down, down, OK, down, down, down];
    const { http, calls, clock } = setup(replies, { outageMs: 30_000 });
    await http.getJson({ url: 'https://down.example.test/x', retries: 2 }).catch(() => undefined);
    expect(calls).toHaveLength(3);
    await expect(http.getJson({ url: 'https://up.example.test/x', retries: 2 })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(4);

    await http.getJson({ url: 'https://down.example.test/x', retries: 2 }).catch(() => undefined);
    expect(calls).toHaveLength(5);
    clock.advance(30_001);
    await http.getJson({ url: 'https://down.example.test/x', retries: 1 }).catch(() => undefined);
    expect(calls).toHaveLength(7);
  });

  it('is ended by any answer of the host, and not started by rate limits or client errors', async () => {
    const { http, calls } = setup([down, { status: 404, text: 'nope' }, down, down, { status: 429 }, down, OK]);
    await http.getJson({ url: 'https://api.example.test/x', retries: 0 }).catch(() => undefined);
    // A 404 is an answer: the host is up again.
    await expect(http.getJson({ url: 'https://api.example.test/x', retries: 0 })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(http.getJson({ url: 'https://api.example.test/x', retries: 1 })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(calls).toHaveLength(4);
    // In its outage the host answers 429 to the one attempt: an answer, so the next request is retried in full.
    await expect(http.getJson({ url: 'https://api.example.test/x', retries: 1 })).rejects.toMatchObject({ kind: 'rate_limited' });
    expect(calls).toHaveLength(5);
    await expect(http.getJson({ url: 'https://api.example.test/x', retries: 1 })).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(7);
  });
});

describe('validation', () => {
  const schema = v.object({ price: v.pipe(v.string(), v.transform((text: string) => BigInt(text))) });

  it('validates and types the body with a valibot schema', async () => {
    const { http } = setup([{ body: { price: '123456789012345678901', extra: 1 } }]);
    const out = await http.getJson({ url: 'https://api.example.test/p', schema });
    expect(out.price).toBe(123456789012345678901n);
  });

  it('turns a body of the wrong shape into bad_response', async () => {
    const { http } = setup([{ body: { price: 12 } }]);
    const error = await http.getJson({ url: 'https://api.example.test/p', schema, provider: 'DefiLlama' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'bad_response', provider: 'DefiLlama' });
    expect((error as ProviderError).detail).toContain('price');
  });
});

describe('cache', () => {
  it('answers from the cache within the TTL and asks again after it', async () => {
    const { http, calls, clock } = setup([{ body: { n: 1 } }, { body: { n: 2 } }]);
    const req = { url: 'https://api.example.test/c', query: { a: 1, b: 'x' }, cacheTtlMs: 60_000 };
    expect(await http.getJson(req)).toEqual({ n: 1 });
    clock.advance(59_999);
    expect(await http.getJson({ ...req, query: { b: 'x', a: 1 } })).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    clock.advance(1);
    expect(await http.getJson(req)).toEqual({ n: 2 });
    expect(calls).toHaveLength(2);
  });

  it('keys by URL and query, skips undefined values, and never caches with TTL 0', async () => {
    const { http, calls } = setup([OK]);
    await http.getJson({ url: 'https://api.example.test/c', query: { a: 1, z: undefined }, cacheTtlMs: 1000 });
    await http.getJson({ url: 'https://api.example.test/c', query: { a: 2 }, cacheTtlMs: 1000 });
    await http.getJson({ url: 'https://api.example.test/c', query: { a: 1 }, cacheTtlMs: 1000 });
    expect(calls.map((c) => new URL(c.url).search)).toEqual(['?a=1', '?a=2']);
    await http.getJson({ url: 'https://api.example.test/n' });
    await http.getJson({ url: 'https://api.example.test/n' });
    expect(calls).toHaveLength(4);
  });

  it('keeps Infinity-TTL entries, evicts the least recently used beyond the limit', async () => {
    const { http, calls, clock } = setup([OK], { cacheMaxEntries: 2 });
    const get = (path: string) => http.getJson({ url: `https://api.example.test/${path}`, cacheTtlMs: Infinity });
    await get('a');
    await get('b');
    clock.advance(10 * 365 * 86_400_000);
    await get('a'); // hit; a becomes most recent
    await get('c'); // evicts b
    await get('a'); // hit
    await get('b'); // miss
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/a', '/b', '/c', '/b']);
  });

  it('shares one request between concurrent identical calls and never caches failures', async () => {
    const { http, calls } = setup([{ status: 404, text: 'no' }, OK]);
    const req = { url: 'https://api.example.test/s', cacheTtlMs: 1000 };
    await expect(http.getJson(req)).rejects.toMatchObject({ kind: 'not_found' });
    const [a, b] = await Promise.all([http.getJson(req), http.getJson(req)]);
    expect(a).toEqual({ ok: true });
    expect(b).toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('returns a fresh copy on every hit', async () => {
    const { http } = setup([{ body: { list: [1] } }]);
    const req = { url: 'https://api.example.test/m', cacheTtlMs: 1000 };
    const first = await http.getJson<{ list: number[] }>(req);
    first.list.push(2);
    expect(await http.getJson(req)).toEqual({ list: [1] });
  });
});

describe('secrets', () => {
  const key = 'SECRETKEY123456';

  it('redacts the API key from errors and logs, even when the provider echoes it', async () => {
    const { http, warnings } = setup([
      { status: 500, text: `internal error for apikey=${key}` },
      { status: 401, text: `{"error":"key ${key} is not valid"}` },
    ]);
    const error = await http
      .getJson({ url: 'https://api.example.test/api', query: { apikey: key, module: 'account' } })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'client_error', status: 401 });
    const everything = JSON.stringify({ error, detail: (error as ProviderError).detail, message: (error as Error).message, warnings });
    expect(everything).not.toContain(key);
    expect((error as ProviderError).detail).toContain('apikey=***');
    expect(nth(warnings, 0).msg).toContain('***');
  });

  it('redacts secrets sent in headers', async () => {
    const { http } = setup([{ status: 400, text: `bad key ${key}` }]);
    const error = (await http
      .getJson({ url: 'https://api.example.test/x', headers: { 'x-cg-pro-api-key': key } })
      .catch((e: unknown) => e)) as ProviderError;
    expect(error.detail).not.toContain(key);
    expect(error.detail).toContain('***');
  });
});

describe('postJson', () => {
  it('sends a JSON body (bigints as strings) and caches by body', async () => {
    const { http, calls } = setup([{ body: { result: '0x1' } }]);
    const req = { url: 'https://rpc.example.test/', body: { id: 1, value: 10n }, cacheTtlMs: 1000 };
    expect(await http.postJson(req)).toEqual({ result: '0x1' });
    await http.postJson(req);
    await http.postJson({ ...req, body: { id: 2, value: 10n } });
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ method: 'POST', body: '{"id":1,"value":"10"}' });
    expect(nth(calls, 0).headers['content-type']).toBe('application/json');
  });
});

describe('against the fixture server', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer({
      'GET /api': ['etherscan/http-429.json', 'etherscan/rate-limited.json', 'etherscan/txlist.json'],
      'GET /down': 'etherscan/http-503.json',
    });
  });
  afterAll(() => server.close());

  it('retries a real 429 and a rate-limit body over HTTP, counted by the server', async () => {
    const clock = fakeClock();
    const http = createHttpClient({ now: clock.now, sleep: clock.sleep, random: () => 0, logger: { warn: () => {} } });
    const body = await http.getJson<{ status: string; result: unknown[] }>({
      url: `${server.url}/api`,
      query: { module: 'account', action: 'txlist' },
      isRateLimited: isEtherscanRateLimited,
    });
    expect(body.status).toBe('1');
    expect(body.result).toHaveLength(3);
    expect(server.count('/api')).toBe(3);
    expect(clock.sleeps).toEqual([2000, 500]);

    const error = await http.getJson({ url: `${server.url}/down`, retries: 1, provider: 'Etherscan' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(server.count('/down')).toBe(2);

    // The host is now in its outage: one request each, no retries, until it answers (the fixture serves /api).
    await http.getJson({ url: `${server.url}/down`, retries: 1 }).catch(() => undefined);
    expect(server.count('/down')).toBe(3);
    await http.getJson({ url: `${server.url}/api`, isRateLimited: isEtherscanRateLimited });
    await http.getJson({ url: `${server.url}/down`, retries: 1 }).catch(() => undefined);
    expect(server.count('/down')).toBe(5);
  });
});
