/**
 * The job queue serving a database, so request handlers can queue work with only their services at hand.
 * Attached by whoever starts the queue (the server's start-up, the worker, tests); without one, work is only
 * marked due in the database and picked up by the next process that works jobs.
 */
import type { JobQueue } from './job-queue';

const queues = new WeakMap<object, JobQueue>();

export function attachJobQueue(db: object, queue: JobQueue): () => void {
  queues.set(db, queue);
  return () => {
    if (queues.get(db) === queue) queues.delete(db);
  };
}

export function jobQueueFor(db: object): JobQueue | undefined {
  return queues.get(db);
}
