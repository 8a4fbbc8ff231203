import { APPLICATION_INFO_KEYS } from '../../../common/api';
import type { InvalidationBus } from '../../realtime/invalidationBus';

/** Published on the invalidation bus when a config entry changes (the logo among them). */
export const CONFIG_KEY = 'config:*';

const TTL_MS = 30_000;

/** A host name or an IPv6 literal: what may stand in a CSP source (WHATWG URLs also allow `;` and `,`). */
const PLAIN_HOST = /^(([a-z0-9-]+\.)*[a-z0-9-]+|\[[0-9a-f:.]+\])$/i;

/**
 * The CSP source that lets the page load the company logo: the origin of an absolute http(s)
 * address; null for a same-origin path (already 'self') or anything else.
 */
export function logoImageSource(logoUrl: string | undefined): string | null {
  if (!logoUrl || !/^https?:\/\//i.test(logoUrl.trim())) return null;
  try {
    const url = new URL(logoUrl.trim());
    return PLAIN_HOST.test(url.hostname) ? url.origin : null;
  } catch {
    return null;
  }
}

interface ConfigValues {
  values<K extends string>(keys: readonly K[]): Promise<Partial<Record<K, string>>>;
}

/**
 * CSP img-src is built per response and cannot wait for the database: the logo's origin is kept
 * here, read once at start, again after a config write (in any process, through the bus) and at
 * most TTL_MS after the last read, in the background, as a safety net.
 */
export function createLogoImageSource(config: ConfigValues, bus: InvalidationBus) {
  let source: string | null = null;
  let readAt = 0;
  let reading: Promise<void> | null = null;

  const read = () =>
    config
      .values([APPLICATION_INFO_KEYS.companyLogoURL])
      .then((values) => {
        source = logoImageSource(values.companyLogoURL);
        readAt = Date.now();
      })
      // A failed read keeps the last origin; a later response asks again.
      .catch(() => undefined);
  /** A read that starts after any read in flight, so a write made before this call is seen. */
  const refresh = (): Promise<void> => {
    const next: Promise<void> = (reading ?? Promise.resolve()).then(read).finally(() => {
      if (reading === next) reading = null;
    });
    reading = next;
    return next;
  };
  bus.subscribe((key) => {
    if (key === CONFIG_KEY) void refresh();
  });

  return {
    refresh,
    /** The logo's origin as a CSP source, or null when the logo needs none. */
    current(): string | null {
      if (!reading && Date.now() - readAt > TTL_MS) void refresh();
      return source;
    },
  };
}
