import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everyUser, fullAccess, startLoading } from '../../src/app/routes/start-loading';

function signIn(user: Record<string, unknown> | null): void {
  const data = new Map<string, string>();
  if (user) data.set('user', JSON.stringify(user));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  });
}

describe('route loaders', () => {
  beforeEach(() => onlineManager.setOnline(true));
  afterEach(() => {
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('start loading for the signed-in users the page shows the data to', () => {
    signIn({ id: 'u-1', full_access: true });
    const load = vi.fn(() => Promise.resolve());
    startLoading(fullAccess, load);
    startLoading(everyUser, load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ask nothing for guests of full-access pages, the signed-out, or offline', () => {
    const load = vi.fn(() => Promise.resolve());
    signIn({ id: 'guest', full_access: false });
    startLoading(fullAccess, load);
    signIn(null);
    startLoading(everyUser, load);
    signIn({ id: 'u-1', full_access: true });
    onlineManager.setOnline(false);
    startLoading(everyUser, load);
    expect(load).not.toHaveBeenCalled();
  });

  it('never fail: a refused fetch is caught and left to the page', async () => {
    signIn({ id: 'u-1', full_access: true });
    const failed = Promise.reject(new Error('network'));
    const caught = vi.spyOn(failed, 'catch');
    expect(startLoading(everyUser, () => failed)).toBeUndefined();
    expect(caught).toHaveBeenCalledTimes(1);
    // An unhandled rejection would fail the run here.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
