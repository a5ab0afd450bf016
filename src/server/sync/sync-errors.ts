/** What a failed sync tells the user, and whether trying again soon can help. */
import { SecretBoxError } from '../crypto/secret-box';
import { isExchangeKeyError } from '../providers/exchanges';
import { isProviderError, type ProviderError } from '../providers/http/http-client';

export const GENERIC_SYNC_ERROR = 'Syncing failed; it will be tried again later.';
export const SEALED_KEY_ERROR = 'The exchange keys could not be read. Remove the exchange account and connect it again.';

/** The ProviderError behind an error, also when a library wrapped it (viem keeps it as `cause`). */
export function providerErrorIn(error: unknown): ProviderError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    if (isProviderError(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

export function syncErrorMessage(error: unknown): string {
  if (isExchangeKeyError(error)) return error.message;
  if (error instanceof SecretBoxError) return SEALED_KEY_ERROR;
  return providerErrorIn(error)?.message ?? GENERIC_SYNC_ERROR;
}

/** Failures a retry can fix: outages and rate limits, and unexpected errors (a database hiccup). */
export function isRetryableSyncError(error: unknown): boolean {
  if (isExchangeKeyError(error) || error instanceof SecretBoxError) return false;
  const provider = providerErrorIn(error);
  return provider === null ? true : provider.retryable;
}

/** When to try again after `attempts` failures in a row: the interval, doubled per failure, at most a day. */
export function retryAt(now: Date, intervalMinutes: number, attempts: number): Date {
  const minutes = Math.min(intervalMinutes * 2 ** Math.min(attempts, 16), 24 * 60);
  return new Date(now.getTime() + minutes * 60_000);
}
