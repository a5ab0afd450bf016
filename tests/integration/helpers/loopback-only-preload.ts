/**
 * Preloaded (`node --import`) into server and worker processes that tests spawn: the process's fetch reaches
 * loopback addresses only. Any other request is refused and reported on stderr with BLOCKED_MARKER, which the
 * test checks the process output for (the code under test may swallow the error as a provider outage).
 */
export const BLOCKED_MARKER = 'Non-loopback request blocked in tests:';

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\]|::1)$/i;

const realFetch = globalThis.fetch;
globalThis.fetch = function (input: string | URL | Request, init?: RequestInit) {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  if (!LOOPBACK.test(url.hostname)) {
    process.stderr.write(`${BLOCKED_MARKER} ${url.origin}\n`);
    return Promise.reject(new Error(`${BLOCKED_MARKER} ${url.origin}`));
  }
  return realFetch(input, init);
} as typeof fetch;
