/**
 * Polling load against a running server over loopback: each virtual client signs in to the demo once, then every
 * `periodMs` asks for what the overview polls (balances, the last transactions, the user) at once, starting at a
 * random point of its first period. A probe meanwhile fetches a static file (the app's entry script, brotli) every
 * 100 ms. Bounded by `durationMs`; every request has a 10 s timeout (an error, like any non-200 answer).
 *
 * The timed requests go through node:http with a keep-alive agent per client (at most 6 connections, as a browser
 * keeps per origin), reading the whole answer as sent (brotli bytes are not decoded): the load generator shares
 * the machine with the server, and fetch's per-request cost would otherwise be part of what is measured.
 */
import { Agent, request as httpRequest } from 'node:http';
import { API, CSRF_COOKIE, CSRF_HEADER } from '../../src/shared/api-paths';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import { holdingsEndpoints } from '../../src/shared/contract/holdings';
import { transactionEndpoints } from '../../src/shared/contract/transactions';

const TIMEOUT_MS = 10_000;

export interface LoadOptions {
  clients: number;
  periodMs: number;
  durationMs: number;
  /** A static file's path (e.g. /assets/index-….js) the probe fetches. */
  staticPath: string;
}

export interface LatencySummary {
  count: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface LoadResult {
  api: LatencySummary;
  static: LatencySummary;
  /** API requests answered per second over the run. */
  perSecond: number;
}

function summarise(samples: number[], errors: number): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { count: samples.length, errors, p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? NaN };
}

/** A browser-like loopback client: keeps cookies, sends the CSRF token, accepts brotli. */
export class BenchClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly origin: string) {}

  private keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (pair !== undefined && at > 0) this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('Accept-Encoding', 'br, gzip');
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie !== '') headers.set('Cookie', cookie);
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf !== undefined) headers.set(CSRF_HEADER, csrf);
    const response = await fetch(`${this.origin}${path}`, { ...init, headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
    this.keep(response);
    return response;
  }

  private agent: Agent | undefined;

  /**
   * A GET through node:http on this client's keep-alive connections, with its cookies and CSRF token; resolves
   * with the status once the whole answer is read, rejects on a network error or after TIMEOUT_MS.
   */
  get(path: string): Promise<number> {
    this.agent ??= new Agent({ keepAlive: true, maxSockets: 6 });
    const headers: Record<string, string> = { 'Accept-Encoding': 'br, gzip' };
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie !== '') headers.Cookie = cookie;
    const csrf = this.cookies.get(CSRF_COOKIE);
    if (csrf !== undefined) headers[CSRF_HEADER] = csrf;
    return new Promise((resolve, reject) => {
      const req = httpRequest(`${this.origin}${path}`, { agent: this.agent, headers }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => {
          clearTimeout(timer);
          resolve(response.statusCode ?? 0);
        });
        response.on('error', reject);
      });
      const timer = setTimeout(() => req.destroy(new Error(`No answer within ${String(TIMEOUT_MS)} ms`)), TIMEOUT_MS);
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.end();
    });
  }

  /** Closes the client's idle keep-alive connections. */
  close(): void {
    this.agent?.destroy();
  }

  /** Signs in to the demo; returns the user as the server sent it (JSON). */
  async signInToDemo(address: string): Promise<string> {
    await (await this.request(API.csrf)).arrayBuffer();
    const response = await this.request(authEndpoints.loginDemo.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ address }),
    });
    if (response.status !== 200) throw new Error(`Demo sign-in answered ${String(response.status)}`);
    return response.text();
  }
}

const POLLED = [holdingsEndpoints.balances.path, `${transactionEndpoints.listTransactions.path}?limit=3&offset=0&ordering=-created_at`, userEndpoints.getUser.path];

async function timed(call: () => Promise<number>, samples: number[]): Promise<boolean> {
  const t0 = performance.now();
  try {
    const status = await call();
    samples.push(performance.now() - t0);
    return status === 200;
  } catch {
    return false;
  }
}

export async function runPollingLoad(origin: string, demoAddress: string, options: LoadOptions): Promise<LoadResult> {
  const clients: BenchClient[] = [];
  // Sign the clients in a few at a time (sign-in is not what is measured).
  for (let i = 0; i < options.clients; i += 20) {
    const batch = Array.from({ length: Math.min(20, options.clients - i) }, () => new BenchClient(origin));
    await Promise.all(batch.map((client) => client.signInToDemo(demoAddress)));
    clients.push(...batch);
  }
  const apiSamples: number[] = [];
  const staticSamples: number[] = [];
  let apiErrors = 0;
  let staticErrors = 0;
  const started = performance.now();
  const end = started + options.durationMs;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

  const poll = async (client: BenchClient) => {
    let next = started + Math.random() * options.periodMs;
    while (next < end) {
      await sleep(next - performance.now());
      const results = await Promise.all(POLLED.map((path) => timed(() => client.get(path), apiSamples)));
      apiErrors += results.filter((ok) => !ok).length;
      next += options.periodMs;
    }
  };
  const probe = async () => {
    const browser = new BenchClient(origin);
    while (performance.now() < end) {
      if (!(await timed(() => browser.get(options.staticPath), staticSamples))) staticErrors += 1;
      await sleep(100);
    }
    browser.close();
  };
  await Promise.all([...clients.map(poll), probe()]);
  const elapsed = (performance.now() - started) / 1000;
  for (const client of clients) client.close();
  return {
    api: summarise(apiSamples, apiErrors),
    static: summarise(staticSamples, staticErrors),
    perSecond: apiSamples.length / elapsed,
  };
}
