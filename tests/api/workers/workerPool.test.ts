import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createWorkerPool, PoolClosedError, TaskTimeoutError, type WorkerPool } from '../../../server/workers/workerPool';
import type poolTestTask from './poolTask';
import type { PoolTestAnswer, PoolTestTask } from './poolTask';

/** server/workers/workerPool.ts: the one pool of worker threads (report renderer, FLIR reader, script sandbox). */

type TestPool = WorkerPool<PoolTestTask, PoolTestAnswer>;

const TASK = new URL('./poolTask.ts', import.meta.url);
let pool: TestPool;
const poolOf = (options: Omit<Parameters<typeof createWorkerPool>[0], 'task'> = {}) =>
  (pool = createWorkerPool<typeof poolTestTask>({ task: TASK, ...options }));

afterEach(async () => {
  vi.useRealTimers();
  await pool?.close();
});

/** A task that holds its thread until the test stops it, and the moment its thread started it. */
function blocking(timeLimit?: { ms: number; message: string }) {
  let started: () => void = () => undefined;
  const onThread = new Promise<void>((resolve) => (started = resolve));
  let outcome: string | undefined;
  const answer = pool.run({ kind: 'block', gate: new SharedArrayBuffer(4) }, { onStart: started, ...(timeLimit ? { timeLimit } : {}) });
  answer.then(
    () => (outcome = 'answered'),
    (error: Error) => (outcome = `${error.name}: ${error.message}`),
  );
  return { answer, onThread, outcome: () => outcome };
}

describe('the worker pool', () => {
  it('runs a TypeScript task module in a thread and answers its value, buffers moved', async () => {
    poolOf();
    const { threadId, bytes } = await pool.run({ kind: 'bytes', length: 1000 });
    expect(threadId).toBeGreaterThan(0);
    expect(bytes).toEqual(new Uint8Array(1000).fill(7));
    await expect(pool.run({ kind: 'throw', message: 'the task says no' })).rejects.toThrow('the task says no');
    // A task that threw leaves its thread to the next.
    expect((await pool.run({ kind: 'thread' })).threadId).toBe(threadId);
  });

  it('stops a task at its time limit, counted from its start in the thread, with the caller’s message; the next task gets a fresh thread', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    poolOf();
    const slow = blocking({ ms: 100, message: 'Took too long.' });
    // The thread is still starting (loading its module): the limit has not begun.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(slow.outcome()).toBeUndefined();
    await slow.onThread;
    await vi.advanceTimersByTimeAsync(99);
    expect(slow.outcome()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    await expect(slow.answer).rejects.toThrow(TaskTimeoutError);
    expect(slow.outcome()).toBe('TaskTimeoutError: Took too long.');
    const first = (await pool.run({ kind: 'thread' })).threadId;
    const again = (await pool.run({ kind: 'thread' })).threadId;
    expect(again).toBe(first);
    // The stopped thread is gone: its threadId is never answered again.
    const stopped = blocking({ ms: 100, message: 'Took too long.' });
    await stopped.onThread;
    await vi.advanceTimersByTimeAsync(100);
    await expect(stopped.answer).rejects.toThrow('Took too long.');
    expect((await pool.run({ kind: 'thread' })).threadId).not.toBe(first);
    expect(pool.threadCount()).toBe(1);
  });

  it('tells when the thread started the task, by the thread’s clock (a run’s duration counts from it, not from the word arriving)', async () => {
    poolOf();
    await pool.run({ kind: 'thread' });
    const asked = Date.now();
    let startedAt: number | undefined;
    const { at } = await pool.run({ kind: 'clock' }, { onStart: (when) => (startedAt = when) });
    expect(startedAt).toBeGreaterThanOrEqual(asked);
    expect(startedAt).toBeLessThanOrEqual(at!);
  });

  it('terminates a thread past its heap: its task fails, the next task runs on a fresh thread', async () => {
    poolOf({ maxHeapMb: 16 });
    const { threadId: before, heapLimitMb } = await pool.run({ kind: 'heapLimit' });
    // 16 MB of old generation and the young generation's room (64 MB in all), not a thread's default 4 GB.
    expect(heapLimitMb).toBeLessThanOrEqual(64);
    await expect(pool.run({ kind: 'allocate' })).rejects.toMatchObject({ code: 'ERR_WORKER_OUT_OF_MEMORY' });
    const after = (await pool.run({ kind: 'thread' })).threadId;
    expect(after).not.toBe(before);
  });

  it('runs up to maxThreads tasks at once; the others wait for a thread', async () => {
    poolOf({ minThreads: 1, maxThreads: 2 });
    const gates = [new SharedArrayBuffer(4), new SharedArrayBuffer(4)];
    const started: number[] = [];
    const held = gates.map((gate, i) => pool.run({ kind: 'block', gate }, { onStart: () => started.push(i) }));
    await vi.waitFor(() => expect(started).toHaveLength(2), { timeout: 20_000 });
    let third = false;
    const waiting = pool.run({ kind: 'thread' }, { onStart: () => (third = true) });
    expect(pool.threadCount()).toBe(2);
    for (const gate of gates) {
      Atomics.store(new Int32Array(gate), 0, 1);
      Atomics.notify(new Int32Array(gate), 0);
    }
    const ids = (await Promise.all(held)).map((answer) => answer.threadId);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toContain((await waiting).threadId);
    expect(third).toBe(true);
  });

  it('fails running and waiting tasks when closed, and refuses new ones', async () => {
    poolOf();
    const running = blocking();
    await running.onThread;
    const waiting = expect(pool.run({ kind: 'thread' })).rejects.toThrow(PoolClosedError);
    await pool.close();
    await expect(running.answer).rejects.toThrow(PoolClosedError);
    await waiting;
    await expect(pool.run({ kind: 'thread' })).rejects.toThrow(PoolClosedError);
  });

  it('fails the waiting tasks when its threads cannot start, and tries afresh with the next task', async () => {
    const errors: unknown[] = [];
    pool = createWorkerPool<typeof poolTestTask>({ task: new URL('./noSuchTask.ts', import.meta.url), minThreads: 2, maxThreads: 3, onThreadError: (error) => errors.push(error) });
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map(() => pool.run({ kind: 'thread' })));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(4).fill('rejected'));
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/noSuchTask/);
    await expect(pool.run({ kind: 'thread' })).rejects.toThrow(/noSuchTask/);
  });

  it('never keeps a process alive: one that used a pool and did not close it ends on its own', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', new URL('./poolChild.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
    onTestFinished(() => void child.kill());
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(0);
    expect(JSON.parse(output)).toEqual({ threads: 2, bytes: 8 });
  });
});
