import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { offlineDb } from '../../../../src/platform/offline/offlineDb';
import { addOutboxItem, getPhoto, listOutboxItems, putPhoto } from '../../../../src/platform/offline/outbox/outboxStore';
import { purgeOrphanPhotos } from '../../../../src/platform/offline/outbox/purgeOrphanPhotos';
import { startOutboxReplays } from '../../../../src/platform/offline/outbox/outboxService';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { KEY_1, emptyCatalogueAnswer, queuedItem, resetOfflineStore, signIn, technician } from './outboxFixtures';

const HOUR = 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 26, 8, 0);
const photoBlob = () => new Blob(['jpeg bytes'], { type: 'image/jpeg' });
const keptPhoto = (id: string, hoursOld: number) => putPhoto({ id, userId: technician._id, name: `${id}.jpg`, blob: photoBlob(), createdAt: NOW - hoursOld * HOUR });

const IN_OUTBOX = 'local-11111111-1111-4111-8111-111111111111';
const IN_DRAFT = 'local-22222222-2222-4222-8222-222222222222';
const ABANDONED = 'local-33333333-3333-4333-8333-333333333333';
const JUST_TAKEN = 'local-44444444-4444-4444-8444-444444444444';

beforeEach(() => {
  resetOfflineStore();
  localStorage.clear();
});

describe('photos no form or queued item holds any more (docs/offline.md)', () => {
  it('are deleted after a day; photos of queued items, of drafts, and photos just taken stay', async () => {
    await keptPhoto(IN_OUTBOX, 72);
    await keptPhoto(IN_DRAFT, 72);
    await keptPhoto(ABANDONED, 25);
    await keptPhoto(JUST_TAKEN, 2);
    await addOutboxItem(queuedItem({ id: KEY_1, kind: 'inspection', photoIds: [IN_OUTBOX] }));
    localStorage.setItem('inspectionDraft:u-tech:a1', JSON.stringify({ selected: ['c02'], values: { c02: { a08: IN_DRAFT } }, comments: {}, savedAt: NOW }));

    expect(await purgeOrphanPhotos(NOW)).toBe(1);

    expect(await getPhoto(ABANDONED)).toBeUndefined();
    for (const id of [IN_OUTBOX, IN_DRAFT, JUST_TAKEN]) expect((await getPhoto(id))?.name).toBe(`${id}.jpg`);
  });

  it('are purged when the technician area starts its outbox', async () => {
    signIn();
    mockApi({});
    await putPhoto({ id: ABANDONED, userId: technician._id, name: 'old.jpg', blob: photoBlob(), createdAt: Date.now() - 48 * HOUR });
    const stop = startOutboxReplays();
    try {
      await waitFor(async () => expect(await getPhoto(ABANDONED)).toBeUndefined());
    } finally {
      stop();
    }
  });
});

describe('signing out on purpose', () => {
  it("forgets what the user read on this phone, but not another user's copies nor the user's outbox", async () => {
    const db = await offlineDb();
    const copy = (key: string) => ({ key, storedAt: NOW, body: { copy: key } });
    await db.put('reads', copy('u-tech|/workOrder/my'));
    await db.put('reads', copy('u-tech|/asset/identification/group/SKD-001?expand=checklists'));
    await db.put('reads', copy('u-tech2|/workOrder/my'));
    await db.put('reads', copy('u-other|/workOrder/my'));
    await db.put('catalogue', { userId: 'u-tech', storedAt: NOW, catalogue: { assets: [], previousValues: {} } as never });
    await db.put('catalogue', { userId: 'u-other', storedAt: NOW, catalogue: { assets: [], previousValues: {} } as never });
    await addOutboxItem(queuedItem({ id: KEY_1, state: 'refused' }));
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ ...emptyCatalogueAnswer, 'GET /api/token/init': () => jsonResponse(200, technician) });
    renderApp('/inspection/outbox');
    const user = userEvent.setup();
    await screen.findByRole('listitem', { name: 'Replace belt on AHU-2' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(await screen.findByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));

    // The application's public answers (its name, for Login) belong to no user and stay.
    const userCopies = (await db.getAllKeys('reads')).filter((key) => !key.startsWith('public|'));
    expect(userCopies.sort()).toEqual(['u-other|/workOrder/my', 'u-tech2|/workOrder/my']);
    expect(await db.getAllKeys('catalogue')).toEqual(['u-other']);
    expect(await listOutboxItems('u-tech')).toHaveLength(1);
  });
});
