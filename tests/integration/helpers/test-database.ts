import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseKind, type OpenDatabase, type OpenDatabaseOptions } from '../../../src/server/db/client';
import { prepareDatabase } from '../../../src/server/prepare-database';
import { pgliteTemplate } from './pglite-template';

export interface TestDatabase extends OpenDatabase {
  /** PostgreSQL only: the URL of the throw-away database. */
  url: string | undefined;
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (url === undefined || url.trim() === '') throw new Error('TEST_DATABASE_URL is not set.');
  return url;
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated and seeded database: in-memory PGlite, or a new PostgreSQL database (dropped on close)
 * on the server TEST_DATABASE_URL names.
 */
export async function openTestDatabase(
  kind: DatabaseKind,
  now = new Date(),
  options: Pick<OpenDatabaseOptions, 'onQuery'> = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase(
      { databaseUrl: undefined, dataDir: '' },
      { ...options, inMemory: true, loadDataDir: await pgliteTemplate() },
    );
    await prepareDatabase(database, { now });
    return { ...database, url: undefined };
  }
  const name = `ledgerloop_test_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' }, { ...options, poolSize: 5 });
  await prepareDatabase(database, { now });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
