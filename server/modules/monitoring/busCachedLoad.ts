import type { InvalidationBus } from '../../realtime/invalidationBus';

/**
 * What `load` answers, loaded once and kept until one of `keys` is published on the invalidation bus
 * (in this process or another). A failed load is not kept: the next call asks again.
 */
export function busCachedLoad<T>(bus: InvalidationBus, keys: readonly string[], load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  bus.subscribe((key) => {
    if (keys.includes(key)) loaded = null;
  });
  return () => {
    if (!loaded) {
      const loading = load();
      loaded = loading;
      loading.catch(() => {
        if (loaded === loading) loaded = null;
      });
    }
    return loaded;
  };
}
