import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { vi } from 'vitest';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { resetOfflineDbForTests } from '../../../../src/platform/offline/offlineDb';
import type { OutboxItem } from '../../../../src/platform/offline/outbox/outboxItem';
import { jsonResponse } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';

/** As the seeded ROLE_TECHNICIAN: submits inspections, reads and updates its work orders. */
export const technician = sessionUser(['view-technician', 'read-asset', 'read-inspection', 'update-inspection', 'read-workorder', 'update-workorder'], {
  _id: 'u-tech',
  roleName: 'ROLE_TECHNICIAN',
});

/** Keys as the phone makes them: UUIDs (docs/offline.md). */
export const KEY_1 = '0d4f8a52-6c1e-4b7a-9f3d-2e5c8b1a7d40';
export const KEY_2 = '5a9e3c17-8b2d-4f6a-a1c4-7e0d9b3f2c85';
export const KEY_3 = 'c3b1e7f9-4d2a-4e8c-b6f0-9a1d5e7c3b21';

/** jsdom's Blob does not survive Node's structuredClone (fake-indexeddb copies every value with it): keep Blobs as they are. */
function cloneKeepingBlobs(value: unknown): unknown {
  if (value instanceof Blob) return value;
  if (value instanceof Date) return new Date(value.getTime());
  if (Array.isArray(value)) return value.map(cloneKeepingBlobs);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, cloneKeepingBlobs(entry)]));
  }
  return value;
}

/** A fresh, empty IndexedDB for each test. */
export function resetOfflineStore(): void {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('structuredClone', cloneKeepingBlobs);
  resetOfflineDbForTests();
}

/** Signed in as the technician, without rendering anything (the sender reads the session). */
export function signIn(user = technician, token = 'tech-jwt'): void {
  sessionStore.setToken(token);
  sessionStore.setUser(user);
}

/** A queued item as the phone stores it; written out by hand, not made by the code under test. */
export function queuedItem(overrides: Partial<OutboxItem> & Pick<OutboxItem, 'id'>): OutboxItem {
  return {
    userId: technician._id,
    kind: 'workOrderActivity',
    createdAt: Date.UTC(2026, 10, 20, 6, 30),
    label: 'Replace belt on AHU-2',
    request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Belt replaced' } },
    photoIds: [],
    state: 'waiting',
    attempts: 0,
    ...overrides,
  };
}

/**
 * The technician area keeps its offline catalogue fresh wherever IndexedDB exists (these tests
 * give it one): an empty catalogue answers that background call.
 */
export const emptyCatalogueAnswer = {
  'GET /api/inspection/offlineCatalogue': () => jsonResponse(200, { generatedAt: 0, assets: [], previousInspections: {} }),
};
