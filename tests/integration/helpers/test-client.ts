import type { Hono } from 'hono';
import { API, CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '../../../src/shared/api-paths';
import type { AppEnv } from '../../../src/server/http/app-env';

export interface RequestOptions {
  /** Sent as an application/json body. */
  json?: unknown;
  /** Sent as is (with `headers` choosing the content type). */
  body?: string | Uint8Array<ArrayBuffer>;
  headers?: Record<string, string>;
  /** false: no X-CSRFToken header; a string: that header value; default: the csrftoken cookie. */
  csrf?: false | string;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A browser-like client for the in-process app: keeps cookies, fetches /api/csrf when it has no CSRF
 * cookie, and sends X-CSRFToken on every state-changing request.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly app: Hono<AppEnv>,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  get sessionCookie(): string | undefined {
    return this.cookies.get(SESSION_COOKIE);
  }

  get csrfCookie(): string | undefined {
    return this.cookies.get(CSRF_COOKIE);
  }

  /** A second client starting with this one's cookies (another tab, or a stolen cookie). */
  clone(): TestClient {
    const copy = new TestClient(this.app, this.defaultHeaders);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }

  async request(method: string, path: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { ...this.defaultHeaders };
    let body: string | Uint8Array<ArrayBuffer> | undefined = options.body;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    Object.assign(headers, options.headers);
    if (UNSAFE.has(method) && options.csrf !== false) {
      if (typeof options.csrf === 'string') headers[CSRF_HEADER] = options.csrf;
      else {
        if (this.csrfCookie === undefined) await this.fetchCsrf();
        const token = this.csrfCookie;
        if (token !== undefined) headers[CSRF_HEADER] = token;
      }
    }
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie !== '') headers.Cookie = cookie;
    const response = await this.app.request(path, { method, headers, body });
    this.storeCookies(response);
    return response;
  }

  async fetchCsrf(): Promise<string> {
    const response = await this.request('GET', API.csrf);
    if (response.status !== 200) throw new Error(`GET csrf answered ${String(response.status)}`);
    const { csrf_token: token } = (await response.json()) as { csrf_token: string };
    return token;
  }

  get(path: string, options?: RequestOptions): Promise<Response> {
    return this.request('GET', path, options);
  }

  post(path: string, json?: unknown, options: RequestOptions = {}): Promise<Response> {
    return this.request('POST', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  patch(path: string, json?: unknown, options: RequestOptions = {}): Promise<Response> {
    return this.request('PATCH', path, { ...options, ...(json === undefined ? {} : { json }) });
  }

  delete(path: string, options?: RequestOptions): Promise<Response> {
    return this.request('DELETE', path, options);
  }

  private storeCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const eq = pair.indexOf('=');
      if (eq <= 0) continue;
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(val).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The parsed JSON body, typed by the caller. */
export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
