// Starts a worker thread written in TypeScript when the server runs from its sources (tsx, vitest): registers
// tsx's loader in this thread, then imports the worker's source file named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
