import { useMemo, useState } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslate } from 'react-admin';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { ConfigDialog } from './ConfigDialog';
import type { ConfigRecord } from './types';

function EditConfigButton({ record }: { record: ConfigRecord }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.config.edit_item')}>
        <IconButton size="small" aria-label={`${translate('app.config.edit_item')} ${record.key}`} onClick={() => setOpen(true)}>
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      {open && <ConfigDialog record={record} onClose={() => setOpen(false)} />}
    </>
  );
}

export function useConfigColumns(): RecordColumn<ConfigRecord>[] {
  const translate = useTranslate();
  return useMemo(
    () => [
      { key: 'key', label: translate('app.config.columns.key') },
      { key: 'description', label: translate('app.config.columns.description') },
      { key: 'value', label: translate('app.config.columns.value'), render: (row) => (row.value.length > 120 ? `${row.value.slice(0, 117)}…` : row.value) },
      { key: '_edit', label: translate('app.admin.actions'), sortable: false, searchText: () => '', align: 'right', render: (row) => <EditConfigButton record={row} /> },
    ],
    [translate],
  );
}
