import Inventory2Icon from '@mui/icons-material/Inventory2';
import { assetSchema } from '../../../common/resources/asset';
import { declareResource } from '../mechanism/declareResource';
import { AssetDialog } from './AssetDialog';
import { AssetEditor } from './AssetEditor';
import { PrintLabelsButton } from './labels/PrintLabelsButton';
import type { AssetRecord } from './types';

/**
 * Asset management (spec §2.9): Asset, Identification, Tags, Checklists and a delete action (one
 * that inspections refer to is archived, and can be restored);
 * New/Copy Asset open the asset dialog, an expanded row holds the same inputs inline. Spec §8 has
 * no 'copied' notices for assets: a copy is announced as a creation.
 */
export const assetResource = declareResource<AssetRecord>({
  name: 'asset', label: 'Asset', schema: assetSchema, icon: Inventory2Icon, permission: 'manage-asset',
  listFields: ['name', 'identification', 'tags', 'checklists'], columns: ['name', 'identification', 'tags', 'checklists'],
  messages: { copied: 'app.asset.created', copyingFailed: 'app.asset.creation_failed' },
  create: { kind: 'dialog', Dialog: AssetDialog },
  copy: { dropFields: ['identification'] },
  delete: { confirmKey: 'app.confirm.delete_asset' },
  archivable: true,
  Editor: AssetEditor,
  ToolbarActions: PrintLabelsButton,
  selectable: true,
  serverPaging: true,
});
