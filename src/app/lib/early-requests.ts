/**
 * Requests an inline script of the shell (index.html, its `early-requests` part) starts while the app's code is
 * still on its way: the payer's invoice on /pay-invoice/<id>, and on /overview, for someone signed in, the
 * dashboard's first answers (the URLs its queries ask for: features/overview/overview-queries.ts, the invoicing
 * columns, the plan's invoice count and the user), so they arrive with the code instead of a round trip after it
 * (docs/performance.md).
 * The API client takes each one once, for a GET of the same URL made while the page is starting; one that failed
 * (offline) is sent again as usual, and one still untaken later is dropped, so no answer is ever shown stale.
 */
export type EarlyRequests = Record<string, Promise<Response | null> | undefined>;

declare global {
  interface Window {
    /** Filled by the shell's script: URL to the response it is waiting for (null when the request failed). */
    ledgerloopEarlyRequests?: EarlyRequests;
  }
}

type Send = (input: string, init: RequestInit) => Promise<Response>;

/** How long after the page started an early answer may still be taken. */
export const EARLY_REQUEST_MAX_AGE_MS = 15_000;

/**
 * `send`, except that a GET of a URL in `requests` is answered once by the request already made, while
 * `starting()` holds; after that every early request is dropped.
 */
export function withEarlyRequests(requests: EarlyRequests | undefined, send: Send, starting: () => boolean): Send {
  return (input, init) => {
    const early = (init.method ?? 'GET') === 'GET' ? requests?.[input] : undefined;
    if (requests === undefined || early === undefined) return send(input, init);
    requests[input] = undefined;
    if (!starting()) return send(input, init);
    return early.then((response) => response ?? send(input, init));
  };
}

/** What the boot script of this page asked for (none outside a browser). */
export const bootRequests = (): EarlyRequests | undefined => (typeof window === 'undefined' ? undefined : window.ledgerloopEarlyRequests);

/** Whether the page started less than EARLY_REQUEST_MAX_AGE_MS ago. */
export const pageStarting = (): boolean => performance.now() < EARLY_REQUEST_MAX_AGE_MS;
