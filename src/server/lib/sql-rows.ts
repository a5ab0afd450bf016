import type { SQLWrapper } from 'drizzle-orm';
import type { Database } from '../db/database';

/**
 * Rows of a raw SQL statement (for what the query builder cannot say, such as recursive queries). Both
 * drivers answer with `{ rows }`; the caller names the row shape its SQL selects.
 */
export async function executeRows<T extends Record<string, unknown>>(db: Database, query: SQLWrapper): Promise<T[]> {
  const result: unknown = await db.execute<T>(query);
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error('The database answered a raw query without rows.');
  return rows as T[];
}

/** A text[] literal parameter ({"a","b"}), which both drivers pass as one value. */
export function toTextArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;
}
