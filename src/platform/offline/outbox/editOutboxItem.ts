import { saveDraft } from '../../../features/technician/inspect/draftStore';
import type { QueuedInspectionDraft } from '../../../features/technician/inspect/useSubmitInspection';
import { saveFieldNotes } from '../../../features/thermography/fieldNoteDraft';
import type { QueuedFieldNotesDraft } from '../../../features/thermography/useSubmitFieldNotes';
import { saveActivityDraft } from '../../../features/workOrders/activity/activityDraft';
import type { QueuedActivityDraft } from '../../../features/technician/workOrders/useWorkOrderActions';
import type { OutboxItem } from './outboxItem';
import { removeOutboxItem, removePhoto } from './outboxStore';
import { replaceIds } from './outboxSender';

/**
 * Edit on a refused item (docs/offline.md): its screen's draft is put back where that screen looks
 * for it — an inspection panel's draft (draftStore), the thermography notes (fieldNoteDraft), an
 * activity's text and photos — and the item leaves the outbox; the caller then opens `editPath`. Photos
 * already uploaded are put into the draft by their file ids; the others stay on the phone.
 */
export async function editOutboxItem(item: OutboxItem): Promise<void> {
  const uploaded = item.uploadedPhotos ?? {};
  switch (item.kind) {
    case 'inspection': {
      const queued = item.draft as QueuedInspectionDraft | undefined;
      if (queued) {
        const values = replaceIds(queued.draft.values, uploaded) as QueuedInspectionDraft['draft']['values'];
        saveDraft(item.userId, queued.draftScope ?? queued.assetId, { ...queued.draft, values, savedAt: Date.now() });
      }
      break;
    }
    case 'thermographyNote': {
      const queued = item.draft as QueuedFieldNotesDraft | undefined;
      if (queued) saveFieldNotes(item.userId, queued.identification, queued.notes);
      break;
    }
    case 'workOrderActivity': {
      const queued = item.draft as QueuedActivityDraft | undefined;
      if (queued) saveActivityDraft(item.userId, queued.orderId, { text: queued.text, photos: replaceIds(queued.photos ?? [], uploaded) as string[] });
      break;
    }
    case 'workOrderStatus':
    case 'workOrderDowntime':
    case 'workOrderLabour':
    case 'workOrderPart':
      // The order's page shows its status, downtime, labour and parts as they are now: the user records again there.
      break;
  }
  await removeOutboxItem(item.id, { keepPhotos: true });
  for (const photoId of Object.keys(uploaded)) await removePhoto(photoId);
}
