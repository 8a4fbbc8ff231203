import type { NoteStatus } from './noteTypes';

/** How each status reads (spec §3 lists the values; §4 names them pending approval, approved, deleted). */
export const STATUS_LABELS: Record<NoteStatus, string> = {
  draft: 'app.thermography.status_draft',
  pendingApproval: 'app.thermography.status_pending_approval',
  approved: 'app.thermography.status_approved',
  deleted: 'app.thermography.status_deleted',
};

export const STATUS_COLORS: Record<NoteStatus, 'default' | 'info' | 'success' | 'error'> = {
  draft: 'default',
  pendingApproval: 'info',
  approved: 'success',
  deleted: 'error',
};
