import { afterAll, beforeAll } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config/env';
import type { DatabaseKind } from '../../../src/server/db/client';
import type { Database } from '../../../src/server/db/database';
import type { AppEnv } from '../../../src/server/http/app-env';
import { createJobDispatch, type JobDispatch } from '../../../src/server/jobs/job-dispatch';
import { createLogger, type Logger } from '../../../src/server/logging/logger';
import { createClock, type TestClock } from './clock';
import { openTestDatabase, type TestDatabase } from './test-database';
import { loopbackFetch } from './loopback-fetch';
import { TestClient } from './test-client';

export const TEST_SECRET_KEY = 'integration-tests-secret-key-0123456789abcdef';

/** Configuration for tests: generous rate limits (one suite tests them), quiet logs, no files written. */
export function testConfig(env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    SECRET_KEY: TEST_SECRET_KEY,
    DATA_DIR: '/nonexistent-test-data-dir',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    LOGIN_RATE_LIMIT_PER_ADDRESS: '100000',
    PUBLIC_URL: 'http://localhost:8001',
    CHECK_API_RESPONSES: 'true',
    ...env,
  });
}

export interface AppOptions {
  env?: NodeJS.ProcessEnv;
  fetch?: typeof fetch;
  logger?: Logger;
  clock?: TestClock;
  /** Called with every statement the suite's database is sent (statement counts). */
  onQuery?: (query: string, params: unknown[]) => void;
}

export interface Suite {
  readonly kind: DatabaseKind;
  readonly db: Database;
  readonly database: TestDatabase;
  /** The suite's shared clock (the default app reads it). */
  readonly clock: TestClock;
  /** The job dispatch every app of the suite queues work through (attach a queue to see the jobs). */
  readonly jobs: JobDispatch;
  /** The default app over the suite's database. */
  readonly app: Hono<AppEnv>;
  /** Another app over the same database (other settings, another process). */
  makeApp(options?: AppOptions): Hono<AppEnv>;
  client(app?: Hono<AppEnv>, headers?: Record<string, string>): TestClient;
}

/**
 * Registers beforeAll/afterAll hooks that give the enclosing describe block a fresh database of `kind` and an
 * app over it. Use inside `describe.each(availableDrivers())`.
 */
export function setupSuite(kind: DatabaseKind, defaults: AppOptions = {}): Suite {
  let database: TestDatabase | undefined;
  let app: Hono<AppEnv> | undefined;
  const clock = defaults.clock ?? createClock();
  const jobs = createJobDispatch();

  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The suite database is not open yet (use it inside a test).');
    return value;
  };

  const makeApp = (options: AppOptions = {}): Hono<AppEnv> => {
    const appClock = options.clock ?? clock;
    return createApp({
      db: need(database).db,
      config: testConfig({ ...defaults.env, ...options.env }),
      now: () => appClock.now(),
      logger: options.logger ?? defaults.logger ?? createLogger('silent'),
      fetch: options.fetch ?? defaults.fetch ?? loopbackFetch,
      jobs,
    });
  };

  beforeAll(async () => {
    database = await openTestDatabase(kind, clock.now(), defaults.onQuery === undefined ? {} : { onQuery: defaults.onQuery });
    app = makeApp();
  });
  afterAll(async () => {
    await database?.close();
  });

  return {
    kind,
    get db() {
      return need(database).db;
    },
    get database() {
      return need(database);
    },
    clock,
    jobs,
    get app() {
      return need(app);
    },
    makeApp,
    client: (target, headers) => new TestClient(target ?? need(app), headers),
  };
}
