/** The browser wallet the page can see (window.ethereum, EIP-1193). Kept tiny: it is part of the first bundle. */

export interface Eip1193RequestArguments {
  method: string;
  params?: readonly unknown[] | object;
}

export interface Eip1193Provider {
  request(args: Eip1193RequestArguments): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  removeListener?(event: string, listener: (...args: never[]) => void): unknown;
  isMetaMask?: boolean;
}

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

/** window.ethereum when a browser wallet injected one, else null. */
export function injectedProvider(target: unknown = typeof window === 'undefined' ? undefined : window): Eip1193Provider | null {
  if (typeof target !== 'object' || target === null) return null;
  const candidate = (target as { ethereum?: unknown }).ethereum;
  return isEip1193Provider(candidate) ? candidate : null;
}
