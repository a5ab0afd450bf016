import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API, CSRF_HEADER } from '../../src/shared/api-paths';
import { addressEndpoints } from '../../src/shared/contract/addresses';
import { authEndpoints } from '../../src/shared/contract/auth';
import { userEndpoints } from '../../src/shared/contract/users';
import { paymentEndpoints } from '../../src/shared/contract/payments';
import { walletEndpoints } from '../../src/shared/contract/wallets';
import { MESSAGES } from '../../src/shared/messages';
import {
  ApiError,
  buildUrl,
  createApiClient,
  NetworkError,
  nonFieldErrorText,
  type ApiClientDeps,
} from '../../src/app/lib/api-client';
import { bootRequests, withEarlyRequests } from '../../src/app/lib/early-requests';

type FetchMock = ReturnType<typeof vi.fn<(input: string, init: RequestInit) => Promise<Response>>>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('api client', () => {
  let fetchMock: FetchMock;
  let notify: ReturnType<typeof vi.fn<ApiClientDeps['notify']>>;
  let onUnauthorized: ReturnType<typeof vi.fn<ApiClientDeps['onUnauthorized']>>;
  let cookie: string | null;
  let signedIn: boolean;

  function client() {
    return createApiClient({
      fetch: (input, init) => globalThis.fetch(input, init),
      notify,
      onUnauthorized,
      readCookie: () => cookie,
      hasSession: () => signedIn,
    });
  }

  beforeEach(() => {
    fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
    notify = vi.fn<ApiClientDeps['notify']>();
    onUnauthorized = vi.fn<ApiClientDeps['onUnauthorized']>();
    cookie = 'token-1';
    signedIn = true;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('GETs JSON with query parameters and same-origin cookies', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [{ id: 'w1' }]));
    const result = await client().call(walletEndpoints.listWallets, { query: { ordering: 'name', search: undefined } });
    expect(result).toEqual([{ id: 'w1' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/wallets?ordering=name');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('same-origin');
    expect((init?.headers as Record<string, string>)[CSRF_HEADER]).toBeUndefined();
  });

  it('sends the CSRF cookie as a header on every non-GET', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 'w1', is_active: false }));
    await client().call(walletEndpoints.updateWallet, { params: { id: 'w1' }, body: { is_active: false } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/wallets/w1');
    expect(init?.method).toBe('PATCH');
    expect(init?.body).toBe('{"is_active":false}');
    const headers = init?.headers as Record<string, string>;
    expect(headers[CSRF_HEADER]).toBe('token-1');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('fetches /api/csrf first when the cookie is missing', async () => {
    cookie = null;
    fetchMock.mockImplementationOnce(() => {
      cookie = 'fresh';
      return Promise.resolve(json(200, { csrf_token: 'fresh' }));
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    const result = await client().call(authEndpoints.logout, {});
    expect(result).toBeUndefined();
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual([API.csrf, authEndpoints.logout.path]);
    expect((fetchMock.mock.calls[1]?.[1]?.headers as Record<string, string>)[CSRF_HEADER]).toBe('fresh');
  });

  it('retries once with a fresh token after a CSRF refusal', async () => {
    fetchMock
      .mockResolvedValueOnce(json(403, { detail: 'CSRF Failed: CSRF token missing or incorrect.' }))
      .mockImplementationOnce(() => {
        cookie = 'token-2';
        return Promise.resolve(json(200, { csrf_token: 'token-2' }));
      })
      .mockResolvedValueOnce(json(200, { ok: true }));
    await expect(client().call(userEndpoints.updateUser, { body: {} })).resolves.toEqual({ ok: true });
    expect((fetchMock.mock.calls[2]?.[1]?.headers as Record<string, string>)[CSRF_HEADER]).toBe('token-2');
    expect(notify).not.toHaveBeenCalled();
  });

  it('no response: toasts the network problem and throws NetworkError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client().call(userEndpoints.getUser, {})).rejects.toBeInstanceOf(NetworkError);
    expect(notify).toHaveBeenCalledWith(MESSAGES.networkProblem, 'error');
  });

  it('an aborted request is rethrown without a toast', async () => {
    fetchMock.mockRejectedValueOnce(new DOMException('aborted', 'AbortError'));
    await expect(client().call(userEndpoints.getUser, {})).rejects.toMatchObject({ name: 'AbortError' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('401 toasts "You were logged out" and signs out', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'Authentication credentials were not provided.' }));
    const error = await client().call(userEndpoints.getUser, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(notify).toHaveBeenCalledWith(MESSAGES.loggedOut, 'error');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('401 with silent401 (sign-in calls) neither toasts nor signs out', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'nope' }));
    await expect(client().call(authEndpoints.loginDemo, { body: { address: 'x' }, silent401: true })).rejects.toBeInstanceOf(ApiError);
    expect(notify).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('401 without a stored user is only passed to the caller', async () => {
    signedIn = false;
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'nope' }));
    await expect(client().call(userEndpoints.getUser, {})).rejects.toBeInstanceOf(ApiError);
    expect(notify).not.toHaveBeenCalled();
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('403 toasts the logged-in-only text', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { detail: 'This feature is available only for logged in users' }));
    await expect(client().call(userEndpoints.updateUser, { body: { first_name: 'A' } })).rejects.toMatchObject({ status: 403 });
    expect(notify).toHaveBeenCalledWith(MESSAGES.forbidden, 'error');
  });

  it('500 toasts the server error text', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { detail: 'Unexpected server error occurred' }));
    await expect(client().call(authEndpoints.publicConfig, {})).rejects.toMatchObject({ status: 500 });
    expect(notify).toHaveBeenCalledWith(MESSAGES.serverError, 'error');
  });

  it('400 gives field errors to the caller without a toast', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { address: ['Provided address is invalid'], non_field_errors: ['A', 'B'] }),
    );
    const error = await client()
      .call(addressEndpoints.validateAddress, { body: { address: 'x', network: 'ALL' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).fieldErrors).toEqual({ address: ['Provided address is invalid'], non_field_errors: ['A', 'B'] });
    expect(nonFieldErrorText(error, ', ')).toBe('A, B');
    expect(notify).not.toHaveBeenCalled();
  });

  it('other statuses go to the caller with their detail', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { detail: 'Not found.' }));
    const error = await client().call(walletEndpoints.updateWallet, { params: { id: 'nope' }, body: {} }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 404, detail: 'Not found.' });
    expect(notify).not.toHaveBeenCalled();
  });
});

describe('buildUrl', () => {
  it('repeats keys for arrays and drops empty values', () => {
    expect(buildUrl('/api/documents', { state: ['DUE', 'PAID'], limit: 10, q: undefined, x: null, flag: false })).toBe(
      '/api/documents?state=DUE&state=PAID&limit=10&flag=false',
    );
  });

  it('leaves the path alone without parameters', () => {
    expect(buildUrl('/api/wallets')).toBe('/api/wallets');
    expect(buildUrl('/api/wallets', { search: undefined })).toBe('/api/wallets');
  });
});

describe('requests made early by the boot script', () => {
  const invoiceId = '0b6f5f7e-5c1e-4f0e-9b7e-2f6a0a4b1c2d';
  const invoiceUrl = `/api/pay-invoices/${invoiceId}`;

  function setup(early: Promise<Response | null>, starting = () => true) {
    const send = vi.fn((_input: string, _init: RequestInit) => Promise.resolve(json(200, { from: 'network' })));
    const requests = { [invoiceUrl]: early };
    const api = createApiClient({
      fetch: withEarlyRequests(requests, send, starting),
      notify: () => undefined,
      onUnauthorized: () => undefined,
      hasSession: () => false,
      readCookie: () => null,
    });
    return { api, send, requests };
  }

  it('answers the first GET of that URL with the early response, and later ones from the network', async () => {
    const { api, send, requests } = setup(Promise.resolve(json(200, { from: 'boot' })));
    const get = () => api.call(paymentEndpoints.getPayInvoice, { params: { id: invoiceId } });
    await expect(get()).resolves.toEqual({ from: 'boot' });
    expect(send).not.toHaveBeenCalled();
    expect(requests[invoiceUrl]).toBeUndefined();
    await expect(get()).resolves.toEqual({ from: 'network' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends the request again when the early one failed, and never answers another URL or method with it', async () => {
    const failed = setup(Promise.resolve(null));
    await expect(
      failed.api.call(paymentEndpoints.getPayInvoice, { params: { id: invoiceId } }),
    ).resolves.toEqual({ from: 'network' });
    expect(failed.send).toHaveBeenCalledTimes(1);

    const other = setup(Promise.resolve(json(200, { from: 'boot' })));
    await expect(other.api.call(paymentEndpoints.getPayInvoice, { params: { id: 'another' } })).resolves.toEqual({ from: 'network' });
    const send = withEarlyRequests(other.requests, other.send, () => true);
    await send(invoiceUrl, { method: 'POST' });
    expect(other.send).toHaveBeenCalledTimes(2);
    expect(other.requests[invoiceUrl]).toBeDefined();
  });

  it('drops an early answer not taken while the page was starting: a later request goes to the network', async () => {
    const { api, send, requests } = setup(Promise.resolve(json(200, { from: 'boot' })), () => false);
    await expect(api.call(paymentEndpoints.getPayInvoice, { params: { id: invoiceId } })).resolves.toEqual({ from: 'network' });
    expect(send).toHaveBeenCalledTimes(1);
    expect(requests[invoiceUrl]).toBeUndefined();
  });

  it('is left alone outside a browser', () => {
    expect(bootRequests()).toBeUndefined();
  });
});
