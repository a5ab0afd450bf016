import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * A timestamp expression read back as a Date (or null). Raw SQL timestamps come back from the two drivers in
 * different forms, so the expression crosses as epoch milliseconds.
 */
export function timestampOf(expression: SQLWrapper): SQL.Aliased<Date | null> | SQL<Date | null> {
  return sql<Date | null>`(floor(extract(epoch from ${expression}) * 1000))::bigint`.mapWith((value: unknown) =>
    value === null || value === undefined ? null : new Date(Number(value)),
  );
}
