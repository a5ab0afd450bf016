/**
 * Inserts many rows in one statement with a single JSON parameter (`json_populate_recordset`), which is far
 * quicker than a multi-row VALUES list with one bind parameter per cell, on PostgreSQL and PGlite alike. Rows use
 * the Drizzle insert shape; Dates, bigints and JSON columns are encoded for PostgreSQL to parse. Conflicting rows
 * are skipped.
 */
import { getTableColumns, getTableName, sql, type InferInsertModel } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/database';

function encode(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return value;
}

/** Rows per statement: keeps each JSON document to a few megabytes. */
const ROWS_PER_STATEMENT = 5_000;

export async function bulkInsert<T extends PgTable>(db: Database, table: T, rows: readonly InferInsertModel<T>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)) as [string, { name: string }][];
  // Only the columns some row sets, so the others take their defaults (a row leaving out a column another row
  // sets gets NULL there).
  const used = columns.filter(([key]) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const list = sql.join(
    used.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const documents = rows.slice(start, start + ROWS_PER_STATEMENT).map((row) => {
      const record = row as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, column] of used) out[column.name] = encode(record[key] ?? null);
      return out;
    });
    const name = sql.identifier(getTableName(table));
    await db.execute(
      sql`insert into ${name} (${list}) select ${list} from json_populate_recordset(null::${name}, ${JSON.stringify(documents)}::json) on conflict do nothing`,
    );
  }
}
