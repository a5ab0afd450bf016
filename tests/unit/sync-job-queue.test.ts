import { describe, expect, it, vi } from 'vitest';
import { createInProcessJobQueue } from '../../src/server/jobs/in-process-job-queue';
import { cronOf, retryDelayMs } from '../../src/server/jobs/job-queue';
import { createLogger } from '../../src/server/logging/logger';

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('in-process job queue', () => {
  it('runs queued jobs once a worker is registered, up to its concurrency', async () => {
    const queue = createInProcessJobQueue({ logger });
    for (let i = 0; i < 6; i += 1) await queue.send('task', { i });
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await queue.work<{ i: number }>(
      'task',
      async ({ i }) => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(10);
        seen.push(i);
        running -= 1;
      },
      { concurrency: 2 },
    );
    await queue.drained();
    expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    await queue.stop();
  });

  it('keeps one waiting job per singleton key and never runs two of a key at once', async () => {
    const queue = createInProcessJobQueue({ logger });
    const active = new Set<string>();
    const runs: string[] = [];
    let overlap = false;
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await queue.work<{ key: string }>(
      'sync',
      async ({ key }) => {
        if (active.has(key)) overlap = true;
        active.add(key);
        runs.push(key);
        await gate;
        active.delete(key);
      },
      { concurrency: 4 },
    );
    expect(await queue.send('sync', { key: 'a' }, { singletonKey: 'a' })).not.toBeNull();
    await sleep(5);
    // 'a' runs; one more may wait behind it, further sends are dropped.
    expect(await queue.send('sync', { key: 'a' }, { singletonKey: 'a' })).not.toBeNull();
    expect(await queue.send('sync', { key: 'a' }, { singletonKey: 'a' })).toBeNull();
    expect(await queue.send('sync', { key: 'b' }, { singletonKey: 'b' })).not.toBeNull();
    await sleep(5);
    expect(runs.sort()).toEqual(['a', 'b']);
    release();
    await queue.drained();
    expect(runs.sort()).toEqual(['a', 'a', 'b']);
    expect(overlap).toBe(false);
    await queue.stop();
  });

  it('retries a failing job with exponential backoff up to its limit', async () => {
    const queue = createInProcessJobQueue({ logger });
    const attempts: { at: number; retryCount: number }[] = [];
    await queue.work(
      'flaky',
      async (_data, job) => {
        attempts.push({ at: Date.now(), retryCount: job.retryCount });
        throw new Error('provider down');
      },
      { concurrency: 1 },
    );
    await queue.send('flaky', {}, { retryLimit: 3, retryDelaySeconds: 0.02, retryBackoff: true });
    await queue.drained();
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2, 3]);
    const gaps = attempts.slice(1).map((a, i) => a.at - (attempts[i]?.at ?? 0));
    expect(gaps[0]).toBeGreaterThanOrEqual(18);
    expect(gaps[1]).toBeGreaterThanOrEqual(38);
    expect(gaps[2]).toBeGreaterThanOrEqual(78);
    await queue.stop();
  });

  it('starts a delayed job no earlier than asked, and stops cleanly', async () => {
    const queue = createInProcessJobQueue({ logger });
    let ranAt = 0;
    await queue.work('later', async () => void (ranAt = Date.now()), { concurrency: 1 });
    const start = Date.now();
    await queue.send('later', {}, { startAfter: new Date(start + 40) });
    await queue.drained();
    expect(ranAt - start).toBeGreaterThanOrEqual(38);
    await queue.stop();
    expect(await queue.send('later', {})).toBeNull();
  });
});

describe('in-process schedules', () => {
  it('sends a scheduled job once per interval, never piling up', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const queue = createInProcessJobQueue({ logger });
      let runs = 0;
      await queue.work('tick', async () => void (runs += 1), { concurrency: 1 });
      await queue.schedule('tick', { everyMinutes: 5 }, {});
      vi.advanceTimersByTime(4 * 60_000);
      await queue.drained();
      expect(runs).toBe(0);
      vi.advanceTimersByTime(60_000);
      await queue.drained();
      expect(runs).toBe(1);
      vi.advanceTimersByTime(10 * 60_000);
      await queue.drained();
      expect(runs).toBe(2);
      await queue.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cadences and backoff', () => {
  it('turns minutes into cron expressions', () => {
    expect(cronOf({ everyMinutes: 1 })).toBe('* * * * *');
    expect(cronOf({ everyMinutes: 15 })).toBe('*/15 * * * *');
    expect(cronOf({ everyMinutes: 60 })).toBe('0 * * * *');
    expect(cronOf({ everyMinutes: 180 })).toBe('0 */3 * * *');
    expect(cronOf({ everyMinutes: 1440 })).toBe('0 0 * * *');
  });

  it('doubles retry delays with backoff', () => {
    expect(retryDelayMs({ retryDelaySeconds: 60, retryBackoff: true }, 0)).toBe(60_000);
    expect(retryDelayMs({ retryDelaySeconds: 60, retryBackoff: true }, 3)).toBe(480_000);
    expect(retryDelayMs({ retryDelaySeconds: 60 }, 3)).toBe(60_000);
    expect(retryDelayMs({}, 0)).toBe(30_000);
  });
});
