import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Config } from '../config/env';
import type { Database } from './database';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenDatabase {
  db: Database;
  kind: DatabaseKind;
  /**
   * Applies the committed SQL migrations from `migrationsFolder`, then runs `afterMigrate` (seeding), all while
   * holding a PostgreSQL advisory lock so several processes may start at once; each sees the finished work.
   */
  migrate(migrationsFolder: string, afterMigrate?: (db: Database) => Promise<void>): Promise<void>;
  /** Runs one SQL statement as it is, outside Drizzle, on the same pool or thread (the bench's raw timings). */
  rawQuery(text: string, params: readonly unknown[]): Promise<unknown>;
  /** PGlite only: a tarball of the whole cluster (backups; a template that later opens start from). */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/** Arbitrary constant naming the start-up lock (pg_advisory_lock takes a bigint). */
const STARTUP_LOCK_KEY = '4711202505180001';

export interface OpenDatabaseOptions {
  /** PGlite only: keep the database in memory instead of DATA_DIR/pglite (tests, benchmarks). */
  inMemory?: boolean;
  /** PGlite only: start from a dump made with `dumpDataDir()` instead of an empty cluster (much faster). */
  loadDataDir?: Blob;
  /** PostgreSQL only: pool size (default 10). */
  poolSize?: number;
  /**
   * PostgreSQL only: how long a query waits for a free pooled connection before it fails (default: no limit).
   * The API server sets one: it answers such a failure 503 with Retry-After instead of keeping clients waiting.
   */
  connectionTimeoutMs?: number;
  /** Called with every statement Drizzle sends, before it is sent (statement counts in tests, the bench's raw replay). */
  onQuery?: (query: string, params: unknown[]) => void;
}

const queryLogger = ({ onQuery }: OpenDatabaseOptions) =>
  onQuery === undefined ? {} : { logger: { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } };

/**
 * Opens the database: PostgreSQL through a `pg` pool when DATABASE_URL is set, otherwise the embedded PGlite
 * under DATA_DIR/pglite, in a worker thread of its own. Both give the same Drizzle pg-core API over the same schema.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: OpenDatabaseOptions = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectionTimeoutMs ?? 0,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const client = await pool.connect();
    client.release();
    const db: Database = drizzlePg(pool, { schema, ...queryLogger(options) });
    const migrate = async (
      migrationsFolder: string,
      afterMigrate?: (db: Database) => Promise<void>,
    ): Promise<void> => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
        try {
          const locked = drizzlePg(lockClient, { schema });
          await migratePg(locked, { migrationsFolder });
          await afterMigrate?.(locked);
        } finally {
          await lockClient.query('SELECT pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        lockClient.release();
      }
    };
    return { db, kind: 'postgres', migrate, rawQuery: (text, params) => pool.query(text, [...params]), close: () => pool.end() };
  }
  let dataDir: string | undefined;
  if (options.inMemory !== true) {
    dataDir = join(config.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  // PGlite runs in a worker thread, so a query never holds up the event loop (docs/performance.md).
  const client = await PgliteThread.start({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  const pgliteDb = drizzlePglite(client.asPglite(), { schema, ...queryLogger(options) });
  const migrate = async (
    migrationsFolder: string,
    afterMigrate?: (db: Database) => Promise<void>,
  ): Promise<void> => {
    // PGlite is single-process: its own connection serialises everything.
    await migratePglite(pgliteDb, { migrationsFolder });
    await afterMigrate?.(pgliteDb);
  };
  return {
    db: pgliteDb,
    kind: 'pglite',
    migrate,
    rawQuery: (text, params) => client.query(text, [...params]),
    dumpDataDir: () => client.dumpDataDir(),
    close: () => client.close(),
  };
}
