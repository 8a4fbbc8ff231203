import TuneIcon from '@mui/icons-material/Tune';
import { attributeSchema } from '../../../common/resources/attribute';
import type { ChecklistItem } from '../../../common/resources/checklist';
import { declareResource } from '../mechanism/declareResource';
import { AttributeDialog } from './AttributeDialog';
import { AttributeEditor } from './AttributeEditor';
import type { AttributeRecord } from './types';

/**
 * Attribute management (spec §2.9). Spec §8: saving says 'Attribute created' on an update too,
 * and every failed save says 'Attribute creation failed'. One that inspections refer to is
 * archived when deleted, and can be restored.
 */
export const attributeResource = declareResource<AttributeRecord>({
  name: 'attribute', label: 'Attribute', schema: attributeSchema, icon: TuneIcon, permission: 'manage-attribute',
  listFields: ['name', 'technicalName', 'type'],
  // The checklists whose items use it, archived ones marked: they are why deleting it archives it.
  columns: ['name', 'technicalName', 'type', { key: 'checklists', label: 'Checklists', resource: 'checklist', fields: ['name', 'checklistItems'], withArchived: true, refersTo: (checklist) => ((checklist.checklistItems ?? []) as ChecklistItem[]).map((item) => item.attribute) }],
  messages: { updated: 'app.attribute.created', updatingFailed: 'app.attribute.creation_failed' },
  create: { kind: 'dialog', Dialog: AttributeDialog }, copy: { dropFields: ['technicalName'] },
  delete: { confirmKey: 'app.confirm.delete_attribute' }, archivable: true, Editor: AttributeEditor,
});
