/**
 * ccxt is large (every exchange in one package): it is loaded on first use, once, rather than when the server
 * starts.
 */
export type CcxtModule = typeof import('ccxt');

let loading: Promise<CcxtModule> | undefined;

export function loadCcxt(): Promise<CcxtModule> {
  loading ??= import('ccxt').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
