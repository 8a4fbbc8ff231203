import { sessionStore } from '../authProvider/sessionStore';
import { answerFromCatalogue } from './catalogueFallbacks';
import { offlineDb } from './offlineDb';
import { offlineStatus } from './offlineStatus';
import { isNetworkFailure, isOffline } from './serverReach';

/**
 * Offline reads (docs/offline.md): one mechanism for every screen, behind apiFetch's `offline`
 * option. Network first; each good answer is kept in IndexedDB ('reads', key `<scope>|<path>`);
 * when the network does not answer, the kept copy — or the offline catalogue's answer, whichever is
 * newer — is answered instead. An HTTP refusal (4xx) is never replaced by a copy: the server spoke.
 */
export interface OfflineReadOptions {
  /** Told when the answer is this phone's copy, with when it was saved (epoch ms). */
  onStoredCopy?: (storedAt: number) => void;
}

export interface StoredCopy {
  storedAt: number;
  body: unknown;
}

const readKey = (scope: string, path: string) => `${scope}|${path}`;

const pendingWrites = new Set<Promise<void>>();

function track(write: Promise<void>): void {
  const settled = write.catch(() => undefined);
  pendingWrites.add(settled);
  void settled.finally(() => pendingWrites.delete(settled));
}

/** Whose copies a call reads and keeps: the signed-in user's, 'public' without a session; null (keep nothing) before the user is loaded. */
export function readScope(authenticated: boolean): string | null {
  return authenticated ? (sessionStore.getUser()?._id ?? null) : 'public';
}

/**
 * An answer that arrived another way (held by a page the server drew) kept as `path`'s copy, as
 * apiFetch's own offline reads keep theirs: the screen that took it must open offline later too.
 */
export function keepAnswer(path: string, body: unknown, authenticated = true): void {
  const scope = readScope(authenticated);
  if (scope !== null) rememberRead(scope, path, body);
}

/** Resolves when every copy being saved is saved (tests; the catalogue sync). */
export async function offlineWritesSettled(): Promise<void> {
  while (pendingWrites.size) await Promise.all([...pendingWrites]);
}

/** Keeps a good answer. IndexedDB may be unavailable (private mode, tests): the read still succeeds. */
export function rememberRead(scope: string, path: string, body: unknown): void {
  // Async, so that a browser without IndexedDB (offlineDb throws at once) only rejects this write.
  const write = async () => {
    const db = await offlineDb();
    await db.put('reads', { key: readKey(scope, path), storedAt: Date.now(), body });
  };
  track(write());
}

/** The newest of the kept answer and the catalogue's answer for `path`; null when there is neither. */
export async function storedCopy(scope: string, path: string): Promise<StoredCopy | null> {
  try {
    const db = await offlineDb();
    const [read, catalogue] = await Promise.all([db.get('reads', readKey(scope, path)), db.get('catalogue', scope)]);
    const fromCatalogue = catalogue ? answerFromCatalogue(path, catalogue.catalogue) : undefined;
    const candidates: StoredCopy[] = [];
    if (read) candidates.push({ storedAt: read.storedAt, body: read.body });
    if (fromCatalogue !== undefined && catalogue) candidates.push({ storedAt: catalogue.storedAt, body: fromCatalogue });
    return candidates.sort((a, b) => b.storedAt - a.storedAt)[0] ?? null;
  } catch {
    return null;
  }
}

function answerCopy<T>(copy: StoredCopy, options: OfflineReadOptions): T {
  offlineStatus.copyShown(copy.storedAt);
  options.onStoredCopy?.(copy.storedAt);
  return copy.body as T;
}

/**
 * A weak signal that never answers (lie-fi: bars shown, nothing arrives) would otherwise keep a
 * screen waiting for the browser's own timeout, minutes later. After this long a kept copy is
 * answered; the request goes on and its late answer still refreshes the copy.
 */
export const SLOW_NETWORK_MS = 5_000;

const SLOW = Symbol('slow network');

/**
 * `network` is the real GET of `path` (relative to the API base, with its query). `scope` keeps
 * users apart (the user id; 'public' for calls without a session); null means nothing is kept.
 */
export async function readWithOfflineCopy<T>(
  scope: string | null,
  path: string,
  network: () => Promise<T>,
  options: OfflineReadOptions = {},
): Promise<T> {
  if (scope === null) return network();
  // The browser knows it has no network: the copy at once, not after a failing request.
  if (isOffline()) {
    const copy = await storedCopy(scope, path);
    if (copy) return answerCopy<T>(copy, options);
  }
  const request = network().then((body) => {
    offlineStatus.networkAnswered();
    rememberRead(scope, path, body);
    return body;
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const slow = new Promise<typeof SLOW>((resolve) => {
    timer = setTimeout(() => resolve(SLOW), SLOW_NETWORK_MS);
  });
  try {
    const first = await Promise.race([request, slow]);
    if (first !== SLOW) return first;
    const copy = await storedCopy(scope, path);
    // Nothing kept: waiting is all there is.
    if (!copy) return await request;
    request.catch(() => undefined);
    return answerCopy<T>(copy, options);
  } catch (error: unknown) {
    if (!isNetworkFailure(error)) throw error;
    const copy = await storedCopy(scope, path);
    if (!copy) throw error;
    return answerCopy<T>(copy, options);
  } finally {
    clearTimeout(timer);
  }
}
