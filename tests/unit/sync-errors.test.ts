import { describe, expect, it } from 'vitest';
import { SecretBoxError } from '../../src/server/crypto/secret-box';
import { ExchangeKeyError } from '../../src/server/providers/exchanges';
import { ProviderError } from '../../src/server/providers/http/provider-error';
import { GENERIC_SYNC_ERROR, isRetryableSyncError, providerErrorIn, retryAt, SEALED_KEY_ERROR, syncErrorMessage } from '../../src/server/sync/sync-errors';

const outage = new ProviderError({ kind: 'unavailable', host: 'api.etherscan.io', provider: 'Etherscan', detail: 'HTTP 503' });

describe('sync errors', () => {
  it('finds a provider error a library wrapped and shows its user-facing message', () => {
    const wrapped = new Error('HTTP request failed', { cause: new Error('inner', { cause: outage }) });
    expect(providerErrorIn(wrapped)).toBe(outage);
    expect(syncErrorMessage(wrapped)).toBe('Etherscan is not answering; retrying later.');
    expect(isRetryableSyncError(wrapped)).toBe(true);
  });

  it('does not retry refused keys or unreadable sealed keys, and hides unexpected details', () => {
    const refused = new ExchangeKeyError('invalid_key', 'Binance');
    expect(isRetryableSyncError(refused)).toBe(false);
    expect(syncErrorMessage(refused)).toBe(refused.message);
    expect(syncErrorMessage(new SecretBoxError('bad tag'))).toBe(SEALED_KEY_ERROR);
    expect(isRetryableSyncError(new ProviderError({ kind: 'client_error', host: 'h' }))).toBe(false);
    expect(syncErrorMessage(new Error('relation "x" does not exist'))).toBe(GENERIC_SYNC_ERROR);
  });

  it('backs off from the sync interval, doubling per failure, at most a day', () => {
    const now = new Date('2024-01-01T00:00:00Z');
    expect(retryAt(now, 15, 0).getTime() - now.getTime()).toBe(15 * 60_000);
    expect(retryAt(now, 15, 2).getTime() - now.getTime()).toBe(60 * 60_000);
    expect(retryAt(now, 15, 40).getTime() - now.getTime()).toBe(24 * 60 * 60_000);
  });
});
