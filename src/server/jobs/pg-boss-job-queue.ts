import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from '../logging/logger';
import { cronOf, type JobHandler, type JobQueue, type ScheduleSpec, type SendOptions, type WorkOptions } from './job-queue';

/** Arbitrary constant naming the queue-creation lock (pg_advisory_lock takes a bigint). */
const QUEUE_CREATION_LOCK_KEY = '4711202505180002';

export interface PgBossJobQueueOptions {
  connectionString: string;
  logger: Logger;
  /** Connections pg-boss keeps for itself (default 4). */
  poolSize?: number;
  /** How often idle workers look for jobs (default 2 s; at least 0.5). */
  pollingIntervalSeconds?: number;
  /** A running job is given up (and retried) after this long (default 2 h). */
  expireInSeconds?: number;
  /** How long stop() waits for running jobs (default 5 s; an unfinished sync resumes from its cursors). */
  stopGraceMs?: number;
  /** pg-boss's maintenance and cron scheduling in this process (default true). */
  supervise?: boolean;
}

/**
 * The job queue on PostgreSQL through pg-boss 10: jobs live in the database, so any number of API and worker
 * processes share them. Queues use the `short` policy (one waiting job per singleton key); that two processes
 * never sync one wallet at once is the sync's own lease on the wallet. Cadences are pg-boss cron schedules, sent
 * once per slot whichever process is up.
 */
export async function createPgBossJobQueue(options: PgBossJobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    connectionString: options.connectionString,
    max: options.poolSize ?? 4,
    application_name: 'ledgerloop-jobs',
    supervise: options.supervise ?? true,
    schedule: options.supervise ?? true,
    expireInSeconds: options.expireInSeconds ?? 7200,
    ...(options.pollingIntervalSeconds !== undefined ? { pollingIntervalSeconds: options.pollingIntervalSeconds } : {}),
  });
  boss.on('error', (error) => options.logger.warn('Job queue error', { error }));
  await boss.start();

  // pg-boss creates a queue's partition with DDL that deadlocks when two processes create the same queue at
  // once; creation is serialised across processes with an advisory lock.
  const createQueue = async (name: string): Promise<void> => {
    if (await boss.getQueue(name)) return;
    const client = new pg.Client({ connectionString: options.connectionString, application_name: 'ledgerloop-jobs' });
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1::bigint)', [QUEUE_CREATION_LOCK_KEY]);
      try {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, policy: 'short' });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1::bigint)', [QUEUE_CREATION_LOCK_KEY]);
      }
    } finally {
      await client.end();
    }
  };
  const queues = new Map<string, Promise<void>>();
  const ensureQueue = (name: string): Promise<void> => {
    let created = queues.get(name);
    if (created === undefined) {
      created = createQueue(name);
      queues.set(name, created);
      created.catch(() => queues.delete(name));
    }
    return created;
  };

  const sendOptions = (o: SendOptions): PgBoss.SendOptions => ({
    ...(o.singletonKey !== undefined ? { singletonKey: o.singletonKey } : {}),
    ...(o.startAfter !== undefined ? { startAfter: o.startAfter } : {}),
    ...(o.retryLimit !== undefined ? { retryLimit: o.retryLimit } : {}),
    ...(o.retryDelaySeconds !== undefined ? { retryDelay: Math.max(0, Math.round(o.retryDelaySeconds)) } : {}),
    ...(o.retryBackoff !== undefined ? { retryBackoff: o.retryBackoff } : {}),
  });

  return {
    kind: 'pg-boss',

    async send(name, data, o = {}) {
      await ensureQueue(name);
      return boss.send(name, data, sendOptions(o));
    },

    async work<T extends object>(name: string, handler: JobHandler<T>, workOptions: WorkOptions) {
      await ensureQueue(name);
      const concurrency = Math.max(1, workOptions.concurrency);
      for (let i = 0; i < concurrency; i += 1) {
        await boss.work<T>(name, { batchSize: 1, includeMetadata: true }, async (jobs) => {
          for (const job of jobs) await handler(job.data, { id: job.id, name: job.name, retryCount: job.retryCount });
        });
      }
    },

    async schedule(name, spec: ScheduleSpec, data = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cronOf(spec), data, { singletonKey: `schedule:${name}` });
    },

    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: options.stopGraceMs ?? 5_000 });
    },
  };
}
