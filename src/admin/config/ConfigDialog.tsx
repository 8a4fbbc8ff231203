import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { keyTakenByOther } from '../../../common/resources/config';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import type { CreateDialogProps } from '../mechanism/ResourceDefinition';
import { useResourceScreen } from '../mechanism/ResourceScreenContext';
import type { ConfigRecord } from './types';

/** New Item / Edit Item (spec §2.9); a key held by another entry is refused (spec §5). */
export function ConfigDialog({ record, onClose }: Partial<CreateDialogProps<ConfigRecord>> & { record?: ConfigRecord; onClose: () => void }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { actions, rows } = useResourceScreen<ConfigRecord>();
  const [key, setKey] = useState(record?.key ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [value, setValue] = useState(record?.value ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (keyTakenByOther(rows, key, record?._id)) {
      await dialogs.alert(translate('app.config.duplicate_key'));
      return;
    }
    setBusy(true);
    const body = { key: key.trim(), description, value };
    try {
      if (record) await actions.update(record, body);
      else await actions.create(body);
      onClose();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <DialogTitle>{translate(record ? 'app.config.edit_item' : 'app.config.new_item')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField name="key" label={translate('app.config.columns.key')} value={key} onChange={(e) => setKey(e.target.value)} required autoFocus={!record} />
            <TextField name="description" label={translate('app.config.columns.description')} value={description} onChange={(e) => setDescription(e.target.value)} />
            <TextField name="value" label={translate('app.config.columns.value')} value={value} onChange={(e) => setValue(e.target.value)} multiline minRows={2} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('app.confirm.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || key.trim() === ''}>{translate('ra.action.save')}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
