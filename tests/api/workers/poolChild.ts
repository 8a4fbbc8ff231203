import { createWorkerPool } from '../../../server/workers/workerPool';
import type poolTestTask from './poolTask';

// A process that uses a pool and never closes it (tests/api/workers/workerPool.test.ts): it must
// end on its own once its tasks are answered, its idle threads kept but not keeping it alive.
const pool = createWorkerPool<typeof poolTestTask>({ task: new URL('./poolTask.ts', import.meta.url), minThreads: 2, maxThreads: 2 });
const answers = await Promise.all([
  pool.run({ kind: 'thread' }, { timeLimit: { ms: 600_000, message: 'too slow' } }),
  pool.run({ kind: 'bytes', length: 8 }, { onStart: () => undefined }),
]);
console.log(JSON.stringify({ threads: pool.threadCount(), bytes: answers[1].bytes?.length }));
