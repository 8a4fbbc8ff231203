import { useMemo } from 'react';
import { Alert, Button, Dialog, DialogContent, DialogTitle, IconButton, LinearProgress } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useGetOne, useTranslate } from 'react-admin';
import { assetSchema, type Asset } from '../../../common/resources/asset';
import { ASSET_DIALOG_MAX_WIDTH } from '../../shared/ui/dialogs/dialogWidths';
import type { CreateDialogProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { useResourceScreen } from '../mechanism/ResourceScreenContext';
import { isArchived, useRelatedListState } from '../mechanism/useRelatedList';
import { AssetInputs } from './AssetInputs';
import type { AssetRecord } from './types';

const NEW_ASSET: Omit<Asset, '_id'> = {
  name: '',
  identification: '',
  tags: [],
  checklists: [],
  staticAttributes: [],
  checklistOptions: [],
  message: '',
};

/**
 * New Asset / Copy Asset (spec §2.9): a copy starts from the fetched asset without its
 * identification (a QR code names one asset group) and without archived checklists (a new asset
 * takes none), and is created like a new one. The dialog stays open when the create fails, and on
 * Escape or a click beside it, so nothing typed is lost.
 */
export function AssetDialog({ sourceId, onClose, create }: CreateDialogProps<AssetRecord>) {
  const translate = useTranslate();
  const { actions } = useResourceScreen<AssetRecord>();
  const copying = sourceId !== undefined;
  const { data: source, error } = useGetOne<AssetRecord>('asset', { id: sourceId ?? '' }, { enabled: copying });
  const checklists = useRelatedListState<{ id: string; name: string }>('checklist', ['name'], { withArchived: true });

  const record = useMemo(() => {
    if (!copying) return NEW_ASSET;
    if (!source || checklists.isPending) return null;
    const archived = new Set(checklists.records.filter(isArchived).map((checklist) => String(checklist.id)));
    const current = (ids: readonly string[]) => ids.filter((id) => !archived.has(id));
    return {
      ...actions.copyOf(source, source.name),
      identification: '',
      checklists: current(source.checklists ?? []),
      checklistOptions: (source.checklistOptions ?? []).map((option) => ({ ...option, checklistIds: current(option.checklistIds) })),
    };
  }, [actions, copying, source, checklists.isPending, checklists.records]);

  const submit = async (body: Partial<AssetRecord>) => {
    if (await create(body)) onClose();
  };

  return (
    // Persistent, like the work order dialog of spec §2.8: Escape or a click beside it would drop
    // everything typed. Cancel and the close button leave it.
    <Dialog open fullWidth maxWidth={false} PaperProps={{ sx: { maxWidth: ASSET_DIALOG_MAX_WIDTH } }}>
      <DialogTitle sx={{ pr: 6 }}>
        {translate(copying ? 'app.asset.copy' : 'app.asset.new')}
        <IconButton aria-label={translate('ra.action.close')} onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error">{translate('ra.notification.item_doesnt_exist')}</Alert>
        ) : record ? (
          <ResourceForm<AssetRecord>
            record={record as Partial<AssetRecord>}
            schema={assetSchema}
            save={submit}
            saveLabel={translate('app.asset.create')}
            extraButtons={<Button onClick={onClose}>{translate('app.confirm.cancel')}</Button>}
          >
            <AssetInputs />
          </ResourceForm>
        ) : (
          <LinearProgress />
        )}
      </DialogContent>
    </Dialog>
  );
}
