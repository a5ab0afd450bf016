/**
 * Whether `error` (or an error it wraps, as Drizzle wraps driver errors) is PostgreSQL's unique violation
 * (SQLSTATE 23505) of the given constraint or unique index. Both drivers report `code` and `constraint`.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const fields = current as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === '23505' && fields.constraint === constraint) return true;
    current = current.cause;
  }
  return false;
}
