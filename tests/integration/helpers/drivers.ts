import type { DatabaseKind } from '../../../src/server/db/client';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL points at a server (CI sets it). */
export function availableDrivers(): DatabaseKind[] {
  const url = process.env.TEST_DATABASE_URL;
  return url === undefined || url.trim() === '' ? ['pglite'] : ['pglite', 'postgres'];
}
