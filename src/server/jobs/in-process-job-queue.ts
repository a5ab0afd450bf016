import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging/logger';
import { retryDelayMs, type JobHandler, type JobQueue, type ScheduleSpec, type SendOptions, type WorkOptions } from './job-queue';

interface QueuedJob {
  id: string;
  name: string;
  data: object;
  key: string | undefined;
  runAt: number;
  retryCount: number;
  options: SendOptions;
}

interface Worker {
  handler: JobHandler<object>;
  concurrency: number;
  running: number;
}

export interface InProcessJobQueueOptions {
  logger: Logger;
  /** Clock in milliseconds (default Date.now). */
  now?: () => number;
  /** How long stop() waits for running jobs (default 3 s; an unfinished sync resumes from its cursors). */
  stopGraceMs?: number;
}

export interface InProcessJobQueue extends JobQueue {
  /** Resolves once nothing is queued or running (jobs scheduled for later included). */
  drained(): Promise<void>;
}

/**
 * Jobs held in memory and run in this process: for the embedded PGlite database, which only this process can
 * open. Same semantics as the pg-boss queue: singleton keys (one waiting, one running per key), delayed starts,
 * retries with optional exponential backoff. Jobs pending at shutdown are not kept; the scheduled sync finds due
 * work again from the database.
 */
export function createInProcessJobQueue(options: InProcessJobQueueOptions): InProcessJobQueue {
  const now = options.now ?? Date.now;
  const pending: QueuedJob[] = [];
  const workers = new Map<string, Worker>();
  const runningKeys = new Set<string>();
  const running = new Set<Promise<void>>();
  const intervals: NodeJS.Timeout[] = [];
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Infinity;
  let stopped = false;
  let drainWaiters: (() => void)[] = [];

  const keyOf = (job: Pick<QueuedJob, 'name' | 'key'>) => (job.key === undefined ? undefined : `${job.name}\u0000${job.key}`);

  function checkDrained(): void {
    if (pending.length > 0 || running.size > 0) return;
    const waiters = drainWaiters;
    drainWaiters = [];
    for (const resolve of waiters) resolve();
  }

  function arm(at: number): void {
    if (stopped || at >= timerAt) return;
    if (timer !== undefined) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(() => {
      timer = undefined;
      timerAt = Infinity;
      pump();
    }, Math.max(0, at - now()));
    timer.unref();
  }

  function pump(): void {
    if (stopped) return;
    const at = now();
    let nextAt = Infinity;
    for (let index = 0; index < pending.length; ) {
      const job = pending[index] as QueuedJob;
      const worker = workers.get(job.name);
      const key = keyOf(job);
      if (worker === undefined || worker.running >= worker.concurrency || (key !== undefined && runningKeys.has(key))) {
        index += 1;
        continue;
      }
      if (job.runAt > at) {
        nextAt = Math.min(nextAt, job.runAt);
        index += 1;
        continue;
      }
      pending.splice(index, 1);
      start(job, worker);
    }
    if (nextAt < Infinity) arm(nextAt);
    checkDrained();
  }

  function start(job: QueuedJob, worker: Worker): void {
    const key = keyOf(job);
    worker.running += 1;
    if (key !== undefined) runningKeys.add(key);
    const run = (async () => {
      try {
        await worker.handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount });
      } catch (error) {
        const limit = job.options.retryLimit ?? 0;
        if (job.retryCount < limit && !stopped) {
          const delay = retryDelayMs(job.options, job.retryCount);
          options.logger.warn(`Job ${job.name} failed; retrying`, { error, retryInMs: delay });
          pending.push({ ...job, retryCount: job.retryCount + 1, runAt: now() + delay });
        } else {
          options.logger.error(`Job ${job.name} failed`, { error, attempts: job.retryCount + 1 });
        }
      } finally {
        worker.running -= 1;
        if (key !== undefined) runningKeys.delete(key);
      }
    })();
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      queueMicrotask(pump);
    });
  }

  const queue: InProcessJobQueue = {
    kind: 'in-process',

    send(name, data, sendOptions = {}) {
      if (stopped) return Promise.resolve(null);
      const job: QueuedJob = {
        id: randomUUID(),
        name,
        data,
        key: sendOptions.singletonKey,
        runAt: sendOptions.startAfter?.getTime() ?? now(),
        retryCount: 0,
        options: sendOptions,
      };
      const key = keyOf(job);
      if (key !== undefined && pending.some((other) => keyOf(other) === key && other.retryCount === 0)) return Promise.resolve(null);
      pending.push(job);
      queueMicrotask(pump);
      return Promise.resolve(job.id);
    },

    work(name, handler, workOptions: WorkOptions) {
      workers.set(name, { handler: handler as JobHandler<object>, concurrency: Math.max(1, workOptions.concurrency), running: 0 });
      queueMicrotask(pump);
      return Promise.resolve();
    },

    schedule(name, spec: ScheduleSpec, data = {}) {
      const everyMs = Math.max(1, spec.everyMinutes) * 60_000;
      const interval = setInterval(() => {
        void queue.send(name, data, { singletonKey: `schedule:${name}` });
      }, everyMs);
      interval.unref();
      intervals.push(interval);
      return Promise.resolve();
    },

    async stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      for (const interval of intervals) clearInterval(interval);
      pending.length = 0;
      const grace = new Promise<void>((resolve) => setTimeout(resolve, options.stopGraceMs ?? 3_000).unref());
      await Promise.race([Promise.allSettled([...running]), grace]);
      checkDrained();
    },

    drained() {
      return new Promise<void>((resolve) => {
        drainWaiters.push(resolve);
        checkDrained();
      });
    },
  };
  return queue;
}
