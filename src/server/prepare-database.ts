import type { OpenDatabase } from './db/client';
import { MIGRATIONS_FOLDER } from './db/migrate';
import { seedDatabase } from './seed-database';

/**
 * Brings the database to the current schema and seeds the reference data (plans, demo users). Safe to run on
 * every start and from several processes at once.
 */
export async function prepareDatabase(
  database: OpenDatabase,
  options: { migrationsFolder?: string; now?: Date } = {},
): Promise<void> {
  await database.migrate(options.migrationsFolder ?? MIGRATIONS_FOLDER, (db) =>
    seedDatabase(db, options.now ?? new Date()),
  );
}
