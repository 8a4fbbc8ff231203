import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';


/** A key whose cached copies every process must drop, e.g. `user:<id>` or `grants:*`. */
export type InvalidationKey = string;

export interface InvalidationBus {
  publish(key: InvalidationKey): void;
  subscribe(listener: (key: InvalidationKey) => void): void;
  close(): Promise<void>;
}

/**
 * Tells every server process that cached data changed: in-process always, and through Redis
 * pub/sub when REDIS_URL is set (DESIGN §1: many identical processes, one Redis).
 */
export async function createInvalidationBus(redisUrl: string | null, channel: string): Promise<InvalidationBus> {
  const local = new EventEmitter();
  if (!redisUrl) {
    return {
      publish: (key) => void local.emit('key', key),
      subscribe: (listener) => void local.on('key', listener),
      close: async () => undefined,
    };
  }
  const publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(channel);
  subscriber.on('message', (_channel: string, key: string) => local.emit('key', key));
  return {
    publish(key) {
      // Drop locally at once; the Redis echo reaches the other processes (and this one, harmlessly).
      local.emit('key', key);
      void publisher.publish(channel, key).catch(() => undefined);
    },
    subscribe: (listener) => void local.on('key', listener),
    async close() {
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
