/**
 * The one interface background work goes through (wallet and exchange sync, price filling, snapshots). On
 * PostgreSQL it is pg-boss, shared by every API and worker process; on PGlite an in-process runner with the same
 * semantics.
 */

export interface SendOptions {
  /**
   * At most one job of this name and key waits at a time: a send while one is queued is dropped (returns null).
   * One may wait while another with the key runs.
   */
  singletonKey?: string;
  /** Not before this time. */
  startAfter?: Date;
  /** Further attempts after a failure (default 0). */
  retryLimit?: number;
  /** Seconds before the first retry (default 30). */
  retryDelaySeconds?: number;
  /** Double the delay on each further retry (default false). */
  retryBackoff?: boolean;
}

export interface JobInfo {
  id: string;
  name: string;
  /** 0 on the first run, 1 on the first retry, ... */
  retryCount: number;
}

/** Throwing fails the run; the job is retried while its retry limit allows. */
export type JobHandler<T> = (data: T, job: JobInfo) => Promise<void>;

export interface WorkOptions {
  /** Jobs of this name run at once in this process (at least 1). */
  concurrency: number;
}

/** Runs a job every few minutes: on PostgreSQL once per slot across all processes. */
export interface ScheduleSpec {
  everyMinutes: number;
}

export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Queues a job; resolves to its id, or null when a singleton already waits. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Works jobs of `name` in this process. */
  work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions): Promise<void>;
  /** Sends `name` with `data` on a fixed cadence. */
  schedule(name: string, spec: ScheduleSpec, data?: object): Promise<void>;
  /** Stops fetching and scheduling, waits for running jobs (up to a grace period), releases connections. */
  stop(): Promise<void>;
}

/** The cron expression of a cadence: every n minutes below an hour, else every n/60 hours on the hour. */
export function cronOf(spec: ScheduleSpec): string {
  const minutes = Math.max(1, Math.round(spec.everyMinutes));
  if (minutes < 60) return minutes === 1 ? '* * * * *' : `*/${String(minutes)} * * * *`;
  const hours = Math.min(24, Math.max(1, Math.round(minutes / 60)));
  if (hours >= 24) return '0 0 * * *';
  return hours === 1 ? '0 * * * *' : `0 */${String(hours)} * * *`;
}

/** Delay before retry number `retryCount + 1`. */
export function retryDelayMs(options: Pick<SendOptions, 'retryDelaySeconds' | 'retryBackoff'>, retryCount: number): number {
  const base = (options.retryDelaySeconds ?? 30) * 1000;
  return options.retryBackoff === true ? base * 2 ** retryCount : base;
}
