import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_ANSWERS_WAIT_MS, awaitFirstAnswers } from '../../src/app/lib/first-answers';
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

describe("the first page's wait for answers the shell asked for", () => {
  /** The page as the shell left it: its early requests (pending unless taken) and how long ago it started. */
  function page(early: Record<string, Promise<Response | null> | undefined> | undefined, startedMsAgo = 100): void {
    vi.stubGlobal('window', { ledgerloopEarlyRequests: early });
    vi.stubGlobal('performance', { now: () => startedMsAgo });
  }
  const pending = () => ({ '/api/balances': new Promise<Response | null>(() => undefined) });

  beforeEach(() => onlineManager.setOnline(true));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    onlineManager.setOnline(true);
  });

  it('loads the page data for the stored user and waits for it', async () => {
    signIn({ id: 'u-1', full_access: true });
    page(pending());
    let release: () => void = () => undefined;
    const load = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    let done = false;
    const waiting = awaitFirstAnswers(load).then(() => (done = true));
    await vi.waitFor(() => expect(load).toHaveBeenCalledWith(expect.objectContaining({ id: 'u-1' })));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(done).toBe(false);
    release();
    await waiting;
    expect(done).toBe(true);
  });

  it('does not wait when the shell asked for nothing, its answers were taken, offline, signed out, or later on', async () => {
    const load = vi.fn(() => Promise.resolve());
    signIn({ id: 'u-1', full_access: true });
    page(undefined);
    await awaitFirstAnswers(load);
    page({ '/api/balances': undefined });
    await awaitFirstAnswers(load);
    page(pending(), 20_000);
    await awaitFirstAnswers(load);
    page(pending());
    onlineManager.setOnline(false);
    await awaitFirstAnswers(load);
    onlineManager.setOnline(true);
    signIn(null);
    await awaitFirstAnswers(load);
    expect(load).not.toHaveBeenCalled();
  });

  it('gives up after FIRST_ANSWERS_WAIT_MS, and a failed load never fails the page', async () => {
    signIn({ id: 'u-1', full_access: true });
    page(pending());
    await expect(awaitFirstAnswers(() => Promise.reject(new Error('network')))).resolves.toBeUndefined();
    vi.useFakeTimers();
    let done = false;
    const waiting = awaitFirstAnswers(() => new Promise(() => undefined)).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(FIRST_ANSWERS_WAIT_MS - 1);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(done).toBe(true);
  });
});
