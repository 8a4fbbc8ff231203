import TuneIcon from '@mui/icons-material/Tune';
import { attributeSchema } from '../../../common/resources/attribute';
import { declareResource } from '../mechanism/declareResource';
import { AttributeDialog } from './AttributeDialog';
import { AttributeEditor } from './AttributeEditor';
import { useAttributeColumns } from './useAttributeColumns';
import type { AttributeRecord } from './types';

/**
 * Attribute management (spec §2.9). Spec §8: saving says 'Attribute created' on an update too,
 * and every failed save says 'Attribute creation failed'. One that inspections refer to is
 * archived when deleted, and can be restored.
 */
export const attributeResource = declareResource<AttributeRecord>({
  name: 'attribute', label: 'Attribute', schema: attributeSchema, icon: TuneIcon, permission: 'manage-attribute',
  listFields: ['name', 'technicalName', 'type'], useColumns: useAttributeColumns,
  messages: { updated: 'app.attribute.created', updatingFailed: 'app.attribute.creation_failed' },
  create: { kind: 'dialog', Dialog: AttributeDialog }, copy: { dropFields: ['technicalName'] },
  delete: { confirmKey: 'app.confirm.delete_attribute' }, archivable: true, Editor: AttributeEditor,
});
