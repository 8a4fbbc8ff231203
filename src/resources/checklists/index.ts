import ChecklistIcon from '@mui/icons-material/Checklist';
import type { Checklist } from '../../../common/resources/checklist';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { ChecklistEditor } from './ChecklistEditor';
import { useChecklistColumns } from './useChecklistColumns';

export type ChecklistRecord = Checklist & { id: string };

/**
 * Checklist management (spec §2.9): New Checklist asks for a name, Copy Checklist (one row
 * selected) for the copy's name; the inline editor holds the ordered items and the groups. One
 * that inspections refer to is archived when deleted, and can be restored.
 */
export const checklistResource: ResourceDefinition<ChecklistRecord> = {
  name: 'checklist',
  route: 'checklistManagement',
  permission: 'manage-checklist',
  title: 'app.menu.checklist_management',
  icon: ChecklistIcon,
  listFields: ['name', 'frequency', 'checklistItems'],
  useColumns: useChecklistColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: standardMessages('checklist'),
  create: { label: 'app.checklist.new', kind: 'prompt' },
  copy: { label: 'app.checklist.copy' },
  remove: { confirmKey: 'app.confirm.delete_checklist' },
  archivable: true,
  Editor: ChecklistEditor,
};
