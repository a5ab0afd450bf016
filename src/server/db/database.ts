import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database the server uses, whichever driver (PGlite or node-postgres) sits below it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
