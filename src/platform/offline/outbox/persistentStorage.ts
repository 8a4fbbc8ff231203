/** When it was asked for already on this page: once at the technician area's start, once at the first item queued. */
const asked = new Set<'start' | 'queue'>();

/**
 * Asks for persistent storage (navigator.storage.persist()), so the browser does not evict the
 * outbox under storage pressure: once when the technician area starts and once more when the first
 * item is queued (Chrome decides by the site's engagement, which may have grown by then). Guarded:
 * older browsers have no StorageManager, and a refusal changes nothing but the eviction policy.
 */
export function requestPersistentStorage(moment: 'start' | 'queue'): void {
  if (asked.has(moment)) return;
  asked.add(moment);
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return;
  const persisted = typeof storage.persisted === 'function' ? storage.persisted().catch(() => false) : Promise.resolve(false);
  void persisted.then((already) => (already ? true : storage.persist())).catch(() => undefined);
}

/** Tests only. */
export function resetPersistentStorageRequestForTests(): void {
  asked.clear();
}
