/**
 * Requests the shell's boot script (index.html) starts while the app's code is still on its way: the payer's
 * invoice on /pay-invoice/<id>, so a payer on a slow network sees it one round trip sooner (docs/performance.md).
 * The API client takes each one once, for a GET of the same URL; one that failed (offline) is sent again as usual.
 */
export type EarlyRequests = Record<string, Promise<Response | null> | undefined>;

declare global {
  interface Window {
    /** Filled by the boot script: URL to the response it is waiting for (null when the request failed). */
    ledgerloopEarlyRequests?: EarlyRequests;
  }
}

type Send = (input: string, init: RequestInit) => Promise<Response>;

/** `send`, except that a GET of a URL in `requests` is answered once by the request already made. */
export function withEarlyRequests(requests: EarlyRequests | undefined, send: Send): Send {
  return (input, init) => {
    const early = (init.method ?? 'GET') === 'GET' ? requests?.[input] : undefined;
    if (requests === undefined || early === undefined) return send(input, init);
    requests[input] = undefined;
    return early.then((response) => response ?? send(input, init));
  };
}

/** What the boot script of this page asked for (none outside a browser). */
export const bootRequests = (): EarlyRequests | undefined => (typeof window === 'undefined' ? undefined : window.ledgerloopEarlyRequests);
