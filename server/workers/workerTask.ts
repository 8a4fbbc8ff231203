import { workerData } from 'node:worker_threads';
import type { TaskEnvelope } from './workerPool';

type Handler = (task: unknown) => unknown;

// Loaded before the thread tells the pool it is ready, so a task's time limit never pays for it.
const { default: handler } = (await import(workerData.task as string)) as { default: Handler };

/** The thread's side of a pool: tells the pool when the task started, then runs it with the task module. */
export default function runTask({ task, started }: TaskEnvelope): unknown {
  // The thread's own clock reading: the word reaches the pool later, and the run's time counts from now.
  started.postMessage(Date.now());
  started.close();
  return handler(task);
}
