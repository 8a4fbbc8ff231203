import { lazy, type ComponentType } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../../common/constants';

/**
 * React.lazy for a named export, giving up after the spec's chunk load time-out (§9) so a stalled
 * download ends in the error screen instead of an endless spinner.
 */
export function lazyWithTimeout<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
) {
  return lazy(async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Loading a screen took longer than ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return { default: await Promise.race([load(), timeout]) };
    } finally {
      clearTimeout(timer);
    }
  });
}
