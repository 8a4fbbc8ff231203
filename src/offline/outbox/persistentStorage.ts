let asked = false;

/**
 * Asks once per page for persistent storage (navigator.storage.persist()), so the browser does not
 * evict the outbox under storage pressure. Guarded: older browsers have no StorageManager, and a
 * refusal changes nothing but the eviction policy.
 */
export function requestPersistentStorage(): void {
  if (asked) return;
  asked = true;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (typeof storage?.persist !== 'function') return;
  void storage.persist().catch(() => undefined);
}

/** Tests only. */
export function resetPersistentStorageRequestForTests(): void {
  asked = false;
}
