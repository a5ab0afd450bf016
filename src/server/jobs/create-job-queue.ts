import type { Config } from '../config/env';
import type { DatabaseKind } from '../db/client';
import type { Logger } from '../logging/logger';
import { createInProcessJobQueue } from './in-process-job-queue';
import type { JobQueue } from './job-queue';
import { createPgBossJobQueue } from './pg-boss-job-queue';

/** pg-boss on PostgreSQL (shared by every process), the in-process runner on PGlite. */
export async function createJobQueue(kind: DatabaseKind, config: Pick<Config, 'databaseUrl'>, logger: Logger): Promise<JobQueue> {
  if (kind === 'postgres') {
    if (config.databaseUrl === undefined) throw new Error('PostgreSQL job queue needs DATABASE_URL.');
    return createPgBossJobQueue({ connectionString: config.databaseUrl, logger });
  }
  return createInProcessJobQueue({ logger });
}
