/**
 * Which rate limiter a process's provider HTTP client uses: on PostgreSQL (DATABASE_URL, where API servers and
 * `npm run worker` processes share the work) the buckets every process shares in the database; on the embedded
 * PGlite database (one process) none, so the client keeps its own buckets in memory.
 */
import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { RateLimiter } from './rate-limiter';
import { createSharedRateLimiter } from './shared-rate-limiter';

export interface ProviderRateLimiterOptions {
  db: Database;
  config: Pick<Config, 'databaseUrl'>;
  logger?: { warn(msg: string, meta?: object): void };
}

/** The shared limiter on PostgreSQL; undefined (the HTTP client's in-memory buckets) on PGlite. */
export function providerRateLimiterFor(options: ProviderRateLimiterOptions): RateLimiter | undefined {
  if (options.config.databaseUrl === undefined) return undefined;
  return createSharedRateLimiter({ db: options.db, ...(options.logger ? { logger: options.logger } : {}) });
}
