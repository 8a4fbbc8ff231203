import ChecklistIcon from '@mui/icons-material/Checklist';
import { checklistSchema } from '../../../common/resources/checklist';
import { declareResource } from '../mechanism/declareResource';
import { ChecklistEditor } from './ChecklistEditor';
import type { ChecklistRecord } from './types';

const offering = (asset: Record<string, unknown>) => (asset.checklists ?? []) as string[];

/**
 * Checklist management (spec §2.9): New Checklist asks for a name, Copy Checklist (one row
 * selected) for the copy's name; the inline editor holds the ordered items and the groups. One
 * that inspections refer to is archived when deleted, and can be restored. The assets offering a
 * checklist are listed by name and by identification, both in asset-name order so the two line up.
 */
export const checklistResource = declareResource<ChecklistRecord>({
  name: 'checklist', label: 'Checklist', schema: checklistSchema, icon: ChecklistIcon, permission: 'manage-checklist',
  listFields: ['name', 'frequency', 'checklistItems'], copy: true,
  columns: [
    'name', 'frequency', 'itemCount',
    { key: 'assets', label: 'Assets', resource: 'asset', fields: ['name', 'identification', 'checklists'], refersTo: offering },
    { key: 'assetIds', label: 'Asset IDs', resource: 'asset', fields: ['name', 'identification', 'checklists'], refersTo: offering, shownAs: (asset) => String(asset.identification ?? '') },
  ],
  delete: { confirmKey: 'app.confirm.delete_checklist' }, archivable: true, Editor: ChecklistEditor,
});
