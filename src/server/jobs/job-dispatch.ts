/**
 * The job queue serving a process, so request handlers can queue work with only their services at hand.
 * Whoever starts the queue (the server's start-up, the worker, tests) attaches it; without one, work is only
 * marked due in the database and picked up by the next process that works jobs.
 */
import type { JobQueue, SendOptions } from './job-queue';

export interface JobDispatch {
  /** Sends through the attached queue; without one, nothing is sent. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<void>;
  /** Attaches `queue`; the returned function detaches it again. */
  attach(queue: JobQueue): () => void;
}

export function createJobDispatch(): JobDispatch {
  let attached: JobQueue | undefined;
  return {
    async send(name, data, options) {
      await attached?.send(name, data, options);
    },
    attach(queue) {
      attached = queue;
      return () => {
        if (attached === queue) attached = undefined;
      };
    },
  };
}
