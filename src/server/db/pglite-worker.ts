/**
 * The embedded PGlite database in a worker thread, so that queries never hold the server's event loop (static
 * files, the service worker's requests and every other request go on while a query runs). The main thread talks
 * to it through pglite-thread.ts. A transaction keeps PGlite's own lock until the main thread ends it; PGlite
 * queues every other query behind it, which is what one connection does.
 */
import { parentPort } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { QueryOptions, SerializedError, WorkerReply, WorkerRequest } from './pglite-protocol';

const port = parentPort;
if (port === null) throw new Error('pglite-worker runs in a worker thread only.');

let db: PGlite | undefined;
let nextTx = 1;
interface OpenTransaction {
  tx: Transaction;
  /** Lets PGlite's transaction callback return (commit) or throw ROLLBACK (roll back). */
  end: (commit: boolean) => void;
  /** Settles once PGlite has run COMMIT or ROLLBACK; rejects if COMMIT failed. */
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
/** Thrown inside PGlite's transaction callback to roll it back without it being an error to report. */
const ROLLBACK = Symbol('rollback');

const identity = (value: unknown): unknown => value;

function queryOptions(options: QueryOptions) {
  return { rowMode: options.rowMode, parsers: Object.fromEntries(options.rawTypes.map((oid) => [oid, identity])) };
}

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

function open(): PGlite {
  if (db === undefined) throw new Error('The database is not open.');
  return db;
}

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return open();
  const entry = transactions.get(tx);
  if (entry === undefined) throw new Error('The transaction has ended.');
  return entry.tx;
}

/** Opens a transaction once PGlite's lock is free; it holds the lock until `end`. */
async function begin(): Promise<number> {
  const id = nextTx++;
  return new Promise<number>((started, failed) => {
    let running = false;
    const done = open()
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollBack) => {
            running = true;
            transactions.set(id, { tx, end: (ok) => (ok ? commit() : rollBack(ROLLBACK)), done });
            started(id);
          }),
      )
      .then(
        () => undefined,
        (error: unknown) => {
          if (error === ROLLBACK) return;
          // BEGIN itself failed: the caller never got a transaction.
          if (!running) failed(error);
          throw error;
        },
      )
      .finally(() => transactions.delete(id));
    // A failure after BEGIN is reported by `end`; never leave it unhandled here.
    done.catch(() => undefined);
  });
}

/** Ends a transaction and waits until PGlite has committed or rolled it back. */
async function end(id: number, commit: boolean): Promise<void> {
  const entry = transactions.get(id);
  if (entry === undefined) throw new Error('The transaction has ended.');
  entry.end(commit);
  await entry.done;
}

async function handle(request: WorkerRequest): Promise<{ value: unknown; transfer: ArrayBuffer[] }> {
  switch (request.op) {
    case 'open': {
      db = await PGlite.create({
        ...(request.dataDir === undefined ? {} : { dataDir: request.dataDir }),
        ...(request.loadDataDir === undefined ? {} : { loadDataDir: new Blob([request.loadDataDir]) }),
      });
      return { value: null, transfer: [] };
    }
    case 'query': {
      const result = await target(request.tx).query(request.sql, request.params, queryOptions(request.options));
      return { value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows }, transfer: [] };
    }
    case 'exec': {
      const results = await target(request.tx).exec(request.sql);
      return { value: results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })), transfer: [] };
    }
    case 'begin':
      return { value: await begin(), transfer: [] };
    case 'end':
      await end(request.tx, request.commit);
      return { value: null, transfer: [] };
    case 'dump': {
      const buffer = await (await open().dumpDataDir('none')).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close':
      await db?.close();
      db = undefined;
      return { value: null, transfer: [] };
  }
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    ({ value, transfer }) => port.postMessage({ id: request.id, ok: true, value } satisfies WorkerReply, transfer),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, error: serializeError(error) } satisfies WorkerReply),
  );
});
