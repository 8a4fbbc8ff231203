import type { InvalidationBus } from '../realtime/invalidationBus';

interface Entry<T> {
  value: T | null;
  expiresAt: number;
}

export const ALL_USERS_KEY = 'grants:*';
export const userKey = (id: string) => `user:${id}`;

/**
 * Signed-in users with their grants, kept briefly so that checking a token costs no query.
 * Any change to a user, role or permission publishes on the invalidation bus and every process
 * drops what it holds; the short lifetime only bounds edits made behind the server's back.
 */
export function createSessionCache<T>(load: (id: string) => Promise<T | null>, bus: InvalidationBus, ttlMs = 5_000) {
  const entries = new Map<string, Entry<T>>();
  const loading = new Map<string, Promise<T | null>>();
  let generation = 0;

  bus.subscribe((key) => {
    generation++;
    if (key === ALL_USERS_KEY) entries.clear();
    else if (key.startsWith('user:')) entries.delete(key.slice('user:'.length));
  });

  const fresh = (id: string) => {
    const hit = entries.get(id);
    return hit && hit.expiresAt > Date.now() ? hit : undefined;
  };

  return {
    /** What get() would answer, when it can without waiting; undefined when it would have to read. */
    peek(id: string): T | null | undefined {
      return fresh(id)?.value;
    },
    async get(id: string): Promise<T | null> {
      const hit = fresh(id);
      if (hit) return hit.value;
      const pending = loading.get(id);
      if (pending) return pending;
      const startedAt = generation;
      const promise = load(id)
        .then((value) => {
          // A change published while loading may not be in what was read: do not keep it.
          if (generation === startedAt) entries.set(id, { value, expiresAt: Date.now() + ttlMs });
          return value;
        })
        .finally(() => loading.delete(id));
      loading.set(id, promise);
      return promise;
    },
    /** Drops one user, or everybody (a role or permission changed). */
    invalidate(id?: string) {
      bus.publish(id ? userKey(id) : ALL_USERS_KEY);
    },
  };
}

export type SessionCache<T> = ReturnType<typeof createSessionCache<T>>;
