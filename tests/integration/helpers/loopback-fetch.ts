/** The app's outgoing fetch in tests: loopback only, so no test ever reaches the network. */
export const loopbackFetch: typeof fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : input.toString());
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    return Promise.reject(new Error(`Tests may not reach ${url.origin}`));
  }
  return fetch(input, init);
};
