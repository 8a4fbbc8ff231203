import ChecklistIcon from '@mui/icons-material/Checklist';
import { checklistSchema } from '../../../common/resources/checklist';
import { declareResource } from '../mechanism/declareResource';
import { ChecklistEditor } from './ChecklistEditor';
import { useChecklistColumns } from './useChecklistColumns';
import type { ChecklistRecord } from './types';

/**
 * Checklist management (spec §2.9): New Checklist asks for a name, Copy Checklist (one row
 * selected) for the copy's name; the inline editor holds the ordered items and the groups. One
 * that inspections refer to is archived when deleted, and can be restored.
 */
export const checklistResource = declareResource<ChecklistRecord>({
  name: 'checklist', label: 'Checklist', schema: checklistSchema, icon: ChecklistIcon, permission: 'manage-checklist',
  listFields: ['name', 'frequency', 'checklistItems'], useColumns: useChecklistColumns, copy: true,
  delete: { confirmKey: 'app.confirm.delete_checklist' }, archivable: true, Editor: ChecklistEditor,
});
