/** A job queue that only records what is sent to it: tests check the API queues work without running it. */
import type { JobQueue, SendOptions } from '../../src/server/jobs/job-queue';

export interface SentJob {
  name: string;
  data: object;
  options: SendOptions | undefined;
}

export function recordingQueue(): JobQueue & { sent: SentJob[] } {
  const sent: SentJob[] = [];
  return {
    kind: 'in-process',
    sent,
    send: (name, data, options) => {
      sent.push({ name, data, options });
      return Promise.resolve(String(sent.length));
    },
    work: () => Promise.resolve(),
    schedule: () => Promise.resolve(),
    stop: () => Promise.resolve(),
  };
}
