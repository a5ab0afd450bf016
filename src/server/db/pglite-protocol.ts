/** Messages between the server's main thread and the PGlite worker thread (see pglite-thread.ts). */

export interface QueryOptions {
  rowMode: 'array' | 'object';
  /** Type OIDs returned as PostgreSQL's text (Drizzle parses dates and numerics itself). */
  rawTypes: number[];
}

export type WorkerRequest =
  | { id: number; op: 'open'; dataDir: string | undefined; loadDataDir: ArrayBuffer | undefined }
  | { id: number; op: 'query'; tx: number | undefined; sql: string; params: unknown[]; options: QueryOptions }
  | { id: number; op: 'exec'; tx: number | undefined; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** A database error with its PostgreSQL fields (code, constraint, detail, …) kept for the main thread. */
export interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };
