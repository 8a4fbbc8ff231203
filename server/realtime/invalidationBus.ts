import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import { within } from '../../common/within';
import { logRedisOutages } from './redisOutageLog';

type RedisLog = Parameters<typeof logRedisOutages>[2];
const silentLog: RedisLog = { warn: () => undefined, info: () => undefined };


/** A key whose cached copies every process must drop, e.g. `user:<id>` or `grants:*`. */
export type InvalidationKey = string;

export interface InvalidationBus {
  publish(key: InvalidationKey): void;
  subscribe(listener: (key: InvalidationKey) => void): void;
  close(): Promise<void>;
  /** Readiness (DESIGN §14): whether Redis answers; 'not configured' without REDIS_URL. */
  redisState(): Promise<'ok' | 'down' | 'not configured'>;
}

/**
 * Tells every server process that cached data changed: in-process always, and through Redis
 * pub/sub when REDIS_URL is set (DESIGN §1: many identical processes, one Redis).
 */
export async function createInvalidationBus(redisUrl: string | null, channel: string, log: RedisLog = silentLog): Promise<InvalidationBus> {
  const local = new EventEmitter();
  if (!redisUrl) {
    return {
      publish: (key) => void local.emit('key', key),
      subscribe: (listener) => void local.on('key', listener),
      close: async () => undefined,
      redisState: async () => 'not configured',
    };
  }
  const publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  logRedisOutages(publisher, 'invalidation bus', log);
  logRedisOutages(subscriber, 'invalidation bus', log);
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
    async redisState() {
      // ioredis queues commands while reconnecting: a down Redis must not hold the probe.
      if (publisher.status !== 'ready') return 'down';
      try {
        await within(1_000, publisher.ping(), 'Redis PING');
        return 'ok';
      } catch {
        return 'down';
      }
    },
  };
}
