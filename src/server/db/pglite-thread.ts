import { Worker } from 'node:worker_threads';
import type { PGlite } from '@electric-sql/pglite';
import type { QueryOptions, SerializedError, WorkerReply, WorkerRequest } from './pglite-protocol';

/** What Drizzle's PGlite driver passes with a query: the row shape and per-type parsers (only identity ones). */
interface DrizzleQueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, unknown>;
}

interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** An error from the worker thread, with the database's fields (code, constraint, detail, …) kept. */
function revive(error: SerializedError): Error {
  const revived = new Error(error.message);
  revived.name = error.name;
  Object.assign(revived, error.fields);
  return revived;
}

function toQueryOptions(options: DrizzleQueryOptions | undefined): QueryOptions {
  return {
    rowMode: options?.rowMode ?? 'object',
    rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
  };
}

/**
 * Starts the worker. When the server runs from its TypeScript sources (tsx, vitest) the worker registers tsx's
 * loader first, then imports its source file.
 */
function startWorker(file: URL): Worker {
  if (!file.pathname.endsWith('.ts')) return new Worker(file);
  return new Worker(new URL('./pglite-worker-from-source.mjs', import.meta.url), { workerData: { entry: file.href } });
}

export interface PgliteThreadOptions {
  dataDir?: string;
  loadDataDir?: Blob;
}

/**
 * The embedded PGlite database running in its own worker thread (pglite-worker.ts), with the part of PGlite's
 * interface Drizzle uses: query, exec and transaction. Everything is sent over the thread's message port; the
 * event loop only waits for answers. A transaction is one open transaction in the worker, holding PGlite's lock
 * until it ends, so other queries queue behind it exactly as on one connection. See docs/performance.md.
 */
export class PgliteThread {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private failure: Error | undefined;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: WorkerReply) => {
      const waiting = this.pending.get(reply.id);
      if (waiting === undefined) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(revive(reply.error));
    });
    const fail = (error: Error) => {
      this.failure = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${String(code)}).`)));
    worker.unref();
  }

  static async start(options: PgliteThreadOptions = {}): Promise<PgliteThread> {
    const file = new URL(`./pglite-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
    const thread = new PgliteThread(startWorker(file));
    const loadDataDir = options.loadDataDir === undefined ? undefined : await options.loadDataDir.arrayBuffer();
    await thread.call({ op: 'open', dataDir: options.dataDir, loadDataDir }, loadDataDir === undefined ? [] : [loadDataDir]);
    return thread;
  }

  private call(request: Request, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ ...request, id } as WorkerRequest, transfer);
    });
  }

  private queryIn(tx: number | undefined, sql: string, params: unknown[] = [], options?: DrizzleQueryOptions) {
    return this.call({ op: 'query', tx, sql, params, options: toQueryOptions(options) }) as Promise<QueryResult>;
  }

  private execIn(tx: number | undefined, sql: string) {
    return this.call({ op: 'exec', tx, sql }) as Promise<QueryResult[]>;
  }

  query(sql: string, params?: unknown[], options?: DrizzleQueryOptions): Promise<QueryResult> {
    return this.queryIn(undefined, sql, params, options);
  }

  exec(sql: string): Promise<QueryResult[]> {
    return this.execIn(undefined, sql);
  }

  async transaction<T>(callback: (tx: TransactionClient) => Promise<T>): Promise<T> {
    const id = (await this.call({ op: 'begin' })) as number;
    let ended = false;
    const end = async (commit: boolean) => {
      if (ended) return;
      ended = true;
      await this.call({ op: 'end', tx: id, commit });
    };
    const tx: TransactionClient = {
      query: (sql, params, options) => this.queryIn(id, sql, params, options),
      exec: (sql) => this.execIn(id, sql),
      rollback: () => end(false),
      get closed() {
        return ended;
      },
    };
    try {
      const result = await callback(tx);
      await end(true);
      return result;
    } catch (error) {
      if (!ended) await end(false).catch(() => undefined);
      throw error;
    }
  }

  /** A tarball of the whole cluster (as PGlite's dumpDataDir). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.call({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    if (this.failure === undefined) await this.call({ op: 'close' });
    await this.worker.terminate();
  }

  /** The client for Drizzle's PGlite driver, which calls only query, exec and transaction. */
  asPglite(): PGlite {
    return this as unknown as PGlite;
  }
}

export interface TransactionClient {
  query(sql: string, params?: unknown[], options?: DrizzleQueryOptions): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}
