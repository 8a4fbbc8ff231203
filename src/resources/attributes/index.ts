import TuneIcon from '@mui/icons-material/Tune';
import type { Attribute } from '../../../common/resources/attribute';
import type { ResourceDefinition } from '../generic/ResourceDefinition';
import { AttributeDialog } from './AttributeDialog';
import { AttributeEditor } from './AttributeEditor';
import { useAttributeColumns } from './useAttributeColumns';

export type AttributeRecord = Attribute & { id: string };

/**
 * Attribute management (spec §2.9). Spec §8: saving says 'Attribute created' on an update too,
 * and every failed save says 'Attribute creation failed'. One that inspections refer to is
 * archived when deleted, and can be restored.
 */
export const attributeResource: ResourceDefinition<AttributeRecord> = {
  name: 'attribute',
  route: 'attributeManagement',
  permission: 'manage-attribute',
  title: 'app.menu.attribute_management',
  icon: TuneIcon,
  listFields: ['name', 'technicalName', 'type'],
  useColumns: useAttributeColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: {
    created: 'app.attribute.created',
    copied: 'app.attribute.copied',
    updated: 'app.attribute.created',
    deleted: 'app.attribute.deleted',
    creationFailed: 'app.attribute.creation_failed',
    copyingFailed: 'app.attribute.copying_failed',
    updatingFailed: 'app.attribute.creation_failed',
    deletionFailed: 'app.attribute.deletion_failed',
  },
  create: { label: 'app.attribute.new', kind: 'dialog', Dialog: AttributeDialog },
  copy: { label: 'app.attribute.copy', dropFields: ['technicalName'] },
  remove: { confirmKey: 'app.confirm.delete_attribute' },
  archivable: true,
  Editor: AttributeEditor,
};
