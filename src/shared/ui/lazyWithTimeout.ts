import { createElement, lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../common/constants';

/** Every lazy component by name, with what loads it: a drawn screen names those it shows. */
const loaders = new Map<string, () => Promise<unknown>>();
/** Names of the lazy components rendered since the last `takeRenderedLazies`. */
const rendered = new Set<string>();

/** A thenable that calls back at once: React.lazy then has its module in the same render, without suspending. */
const settledNow = <T,>(value: T): PromiseLike<T> => ({
  then: (onFulfilled) => (onFulfilled ? (onFulfilled(value) as never) : (undefined as never)),
});

/**
 * React.lazy for a named export, giving up after the spec's chunk load time-out (§9) so a stalled
 * download ends in the error screen instead of an endless spinner. `name` identifies it to a drawn
 * screen: the server lists the lazy components it drew (takeRenderedLazies) and the browser loads
 * them before it hydrates that screen (preloadLazies), so hydration never waits on a chunk — a part
 * still waiting when anything above it updates would be thrown away and drawn again.
 */
export function lazyWithTimeout<Props extends object>(name: string, load: () => Promise<ComponentType<Props>>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS) {
  let loaded: ComponentType<Props> | undefined;
  let loading: Promise<ComponentType<Props>> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  loaders.set(name, loadOnce);
  const Lazy = lazy<ComponentType<Props>>(() => {
    if (loaded) return settledNow({ default: loaded }) as Promise<{ default: ComponentType<Props> }>;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Loading a screen took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    return Promise.race([loadOnce(), timeout])
      .then((component) => ({ default: component }))
      .finally(() => clearTimeout(timer));
  });
  const Named = (props: Props) => {
    rendered.add(name);
    return createElement(Lazy as ComponentType<Props>, props);
  };
  Named.displayName = `Lazy(${name})`;
  return Named;
}

/** The names of the lazy components rendered since the last call (a drawn screen's, on the server). */
export function takeRenderedLazies(): string[] {
  const names = [...rendered];
  rendered.clear();
  return names;
}

/**
 * Loads the named lazy components; settles when all are in, or one failed. A lazy component is known
 * once the module declaring it has run — often the chunk of another (a page within an area's shell):
 * those are looked for again as each round of loads arrives. Names never declared are skipped.
 */
export async function preloadLazies(names: readonly string[]): Promise<void> {
  let waiting = [...new Set(names)];
  for (;;) {
    const known = waiting.filter((name) => loaders.has(name));
    if (known.length === 0) return;
    waiting = waiting.filter((name) => !loaders.has(name));
    // Each asked in a task of its own: asking one adds a preload for every chunk it imports (Vite's helper), a task's worth of work.
    const loading: Promise<unknown>[] = [];
    for (const name of known) {
      await new Promise((turn) => setTimeout(turn, 0));
      loading.push(loaders.get(name)!());
    }
    await Promise.all(loading);
  }
}
