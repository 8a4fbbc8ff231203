/**
 * `derive(source)` computed once per source object and kept as long as the object lives. Keyed on
 * the session cache's loaded user (sessionCache.ts): a bus invalidation or the cache's expiry
 * replaces that object by a freshly read one, so what was derived from the old one is never used
 * again — the copies here need no invalidation of their own. Further arguments are only read the
 * first time: they must not change the result (a route's serializer, not request data).
 */
export function derivedOnce<Source extends object, Derived, Rest extends unknown[]>(
  derive: (source: Source, ...rest: Rest) => Derived,
): (source: Source, ...rest: Rest) => Derived {
  const derived = new WeakMap<Source, Derived>();
  return (source, ...rest) => {
    if (derived.has(source)) return derived.get(source) as Derived;
    const value = derive(source, ...rest);
    derived.set(source, value);
    return value;
  };
}
