import Inventory2Icon from '@mui/icons-material/Inventory2';
import type { Asset } from '../../../common/resources/asset';
import { standardMessages, type ResourceDefinition } from '../generic/ResourceDefinition';
import { AssetDialog } from './AssetDialog';
import { AssetEditor } from './AssetEditor';
import { PrintLabelsButton } from './labels/PrintLabelsButton';
import { useAssetColumns } from './useAssetColumns';

export type AssetRecord = Asset & { id: string };

/**
 * Asset management (spec §2.9): Asset, Identification, Tags, Checklists and a delete action (one
 * that inspections refer to is archived, and can be restored);
 * New/Copy Asset open the asset dialog, an expanded row holds the same inputs inline. Spec §8 has
 * no 'copied' notices for assets: a copy is announced as a creation.
 */
export const assetResource: ResourceDefinition<AssetRecord> = {
  name: 'asset',
  route: 'assetManagement',
  permission: 'manage-asset',
  title: 'app.menu.asset_management',
  icon: Inventory2Icon,
  listFields: ['name', 'identification', 'tags', 'checklists'],
  useColumns: useAssetColumns,
  defaultSort: [{ field: 'name', order: 'asc' }],
  messages: {
    ...standardMessages('asset'),
    copied: 'app.asset.created',
    copyingFailed: 'app.asset.creation_failed',
  },
  create: { label: 'app.asset.new', kind: 'dialog', Dialog: AssetDialog },
  copy: { label: 'app.asset.copy', dropFields: ['identification'] },
  remove: { confirmKey: 'app.confirm.delete_asset' },
  archivable: true,
  Editor: AssetEditor,
  ToolbarActions: PrintLabelsButton,
  selectable: true,
  serverPaging: true,
};
