import { getHeapStatistics } from 'node:v8';
import { threadId } from 'node:worker_threads';
import { transferred } from '../../../server/workers/workerPool';

/** What the pool tests ask a thread to do. */
export type PoolTestTask =
  | { kind: 'thread' }
  /** Answers the thread's clock as the task module began. */
  | { kind: 'clock' }
  | { kind: 'heapLimit' }
  /** Waits on `gate` (never opened unless the test opens it): a thread that does not answer, without burning a core. */
  | { kind: 'block'; gate: SharedArrayBuffer }
  | { kind: 'allocate' }
  | { kind: 'throw'; message: string }
  | { kind: 'bytes'; length: number };

export interface PoolTestAnswer {
  threadId: number;
  bytes?: Uint8Array;
  heapLimitMb?: number;
  at?: number;
}

/** The task module of tests/api/workers/workerPool.test.ts. */
export default function poolTestTask(task: PoolTestTask) {
  return transferred<PoolTestAnswer>(...answer(task));
}

function answer(task: PoolTestTask): [PoolTestAnswer, ArrayBuffer[]] {
  switch (task.kind) {
    case 'thread':
      return [{ threadId }, []];
    case 'clock':
      return [{ threadId, at: Date.now() }, []];
    case 'heapLimit':
      return [{ threadId, heapLimitMb: getHeapStatistics().heap_size_limit / 1048576 }, []];
    case 'block':
      Atomics.wait(new Int32Array(task.gate), 0, 0);
      return [{ threadId }, []];
    case 'allocate': {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 1024 }, (_, i) => i + kept.length));
    }
    case 'throw':
      throw new Error(task.message);
    case 'bytes': {
      const bytes = new Uint8Array(task.length).fill(7);
      return [{ threadId, bytes }, [bytes.buffer]];
    }
  }
}
