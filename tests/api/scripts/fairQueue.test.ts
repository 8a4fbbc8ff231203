import { describe, expect, it } from 'vitest';
import { FairQueue } from '../../../server/sandbox/fairQueue';

const takeAll = (queue: FairQueue<string>) => {
  const taken: string[] = [];
  for (let next = queue.take(); next; next = queue.take()) taken.push(next.item);
  return taken;
};

describe('the fair queue of script runs', () => {
  it('hands runs out round-robin over users, whatever order they arrived in', () => {
    const queue = new FairQueue<string>({ runningPerKey: 10, waitingPerKey: 10, waiting: 100 });
    for (const item of ['a1', 'a2', 'a3', 'a4', 'b1', 'c1', 'b2']) queue.add(item[0] as string, item);
    expect(takeAll(queue)).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3', 'a4']);
  });

  it("holds a user's further runs while that user has its share running, and lets others pass", () => {
    const queue = new FairQueue<string>({ runningPerKey: 1, waitingPerKey: 10, waiting: 100 });
    for (const item of ['a1', 'a2', 'a3', 'b1']) queue.add(item[0] as string, item);
    expect(queue.startable()).toBe(2);
    expect(takeAll(queue)).toEqual(['a1', 'b1']);
    expect(queue.startable()).toBe(0);
    expect(queue.size).toBe(2);
    queue.finished('a');
    expect(takeAll(queue)).toEqual(['a2']);
    queue.finished('b');
    expect(takeAll(queue)).toEqual([]);
    queue.finished('a');
    expect(takeAll(queue)).toEqual(['a3']);
  });

  it("answers 'busy' past one user's waiting bound (unless unbounded) and 'full' past the whole queue's", () => {
    const queue = new FairQueue<string>({ runningPerKey: 1, waitingPerKey: 2, waiting: 4 });
    expect(['a1', 'a2', 'a3'].map((item) => queue.add('a', item))).toEqual(['queued', 'queued', 'busy']);
    expect(queue.add('a', 'a4', false)).toBe('queued');
    expect(queue.add('b', 'b1')).toBe('queued');
    expect(queue.add('c', 'c1')).toBe('full');
    expect(queue.drain().sort()).toEqual(['a1', 'a2', 'a4', 'b1']);
    expect(queue.size).toBe(0);
  });

  it("moves a waiting run to another user's turn, where that user's share holds it", () => {
    const queue = new FairQueue<string>({ runningPerKey: 1, waitingPerKey: 10, waiting: 100 });
    for (const item of ['a1', 'a2', 'b1']) queue.add(item[0] as string, item);
    expect(takeAll(queue)).toEqual(['a1', 'b1']);
    queue.add('c', 'c0');
    expect([queue.heldByKey('a', 'a2'), queue.heldByKey('c', 'c0'), queue.heldByKey('c', 'a2')]).toEqual([true, false, false]);
    expect(queue.move('a2', 'b', 'c')).toBe(false);
    expect(queue.move('a2', 'a', 'c')).toBe(true);
    expect([queue.size, queue.waitingOf('a'), queue.waitingOf('c')]).toEqual([2, 0, 2]);
    // c runs one at a time as well: a2 now waits behind c0, not behind a1.
    expect(takeAll(queue)).toEqual(['c0']);
    queue.finished('c');
    expect(takeAll(queue)).toEqual(['a2']);
  });
});
