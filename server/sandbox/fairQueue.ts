export interface FairQueueLimits {
  /** Items of one key that may run at once; the rest of that key's items wait. */
  runningPerKey: number;
  /** Items of one key that may wait (for bounded adds). */
  waitingPerKey: number;
  /** Items that may wait in all. */
  waiting: number;
}

export type AddOutcome = 'queued' | 'busy' | 'full';

/**
 * Work waiting for a worker, grouped by whose it is and handed out round-robin over the keys that
 * may run one more (issue 16 §6): one key's long queue never delays another key's first item, and
 * no key holds more than `runningPerKey` workers.
 */
export class FairQueue<T> {
  /** Map order is the rotation: a key that was served moves to the back. */
  private readonly waitingByKey = new Map<string, T[]>();
  private readonly runningByKey = new Map<string, number>();
  private total = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  get size(): number {
    return this.total;
  }

  running(key: string): number {
    return this.runningByKey.get(key) ?? 0;
  }

  /**
   * 'busy' when this key already has its share waiting (only for bounded adds), 'full' when the
   * whole queue is; the item is not added then.
   */
  add(key: string, item: T, bounded = true): AddOutcome {
    const items = this.waitingByKey.get(key);
    if (bounded && items && items.length >= this.limits.waitingPerKey) return 'busy';
    if (this.total >= this.limits.waiting) return 'full';
    if (items) items.push(item);
    else this.waitingByKey.set(key, [item]);
    this.total += 1;
    return 'queued';
  }

  /** Items of `key` waiting. */
  waitingOf(key: string): number {
    return this.waitingByKey.get(key)?.length ?? 0;
  }

  /** Whether `item`, waiting under `key`, must wait for that key's running items to finish before it may start. */
  heldByKey(key: string, item: T): boolean {
    const index = this.waitingByKey.get(key)?.indexOf(item) ?? -1;
    return index >= 0 && this.running(key) + index >= this.limits.runningPerKey;
  }

  /**
   * Moves a waiting item from `from` to the end of `to`'s items (and of the rotation, when `to` had
   * none waiting); false when it is not waiting under `from`.
   */
  move(item: T, from: string, to: string): boolean {
    const items = this.waitingByKey.get(from);
    const index = items?.indexOf(item) ?? -1;
    if (!items || index < 0) return false;
    items.splice(index, 1);
    if (items.length === 0) this.waitingByKey.delete(from);
    const target = this.waitingByKey.get(to);
    if (target) target.push(item);
    else this.waitingByKey.set(to, [item]);
    return true;
  }

  /** The next item of the first key in rotation below its running share; it counts as running. */
  take(): { key: string; item: T } | null {
    for (const [key, items] of this.waitingByKey) {
      if (this.running(key) >= this.limits.runningPerKey) continue;
      const item = items.shift() as T;
      this.total -= 1;
      this.waitingByKey.delete(key);
      if (items.length > 0) this.waitingByKey.set(key, items);
      this.runningByKey.set(key, this.running(key) + 1);
      return { key, item };
    }
    return null;
  }

  /** An item taken earlier has finished: its key may run another. */
  finished(key: string): void {
    const running = this.running(key) - 1;
    if (running > 0) this.runningByKey.set(key, running);
    else this.runningByKey.delete(key);
  }

  /** How many waiting items could start now if there were workers for them. */
  startable(): number {
    let count = 0;
    for (const [key, items] of this.waitingByKey) count += Math.min(items.length, Math.max(0, this.limits.runningPerKey - this.running(key)));
    return count;
  }

  /** Removes and answers every waiting item (running counts stay until `finished`). */
  drain(): T[] {
    const all = [...this.waitingByKey.values()].flat();
    this.waitingByKey.clear();
    this.total = 0;
    return all;
  }
}
