/**
 * Statements prepared once per database (Drizzle's `.prepare(name)` with `sql.placeholder` values): the SQL text
 * is built once, and on PostgreSQL each pooled connection parses and plans a named statement once instead of on
 * every request.
 */
import type { Database } from '../db/database';

const byDatabase = new WeakMap<Database, Map<string, unknown>>();

/** The statement `name` of `db`, built with `build` the first time it is asked for. */
export function preparedStatement<T>(db: Database, name: string, build: (db: Database) => T): T {
  let statements = byDatabase.get(db);
  if (statements === undefined) {
    statements = new Map();
    byDatabase.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    statements.set(name, statement);
  }
  return statement;
}
