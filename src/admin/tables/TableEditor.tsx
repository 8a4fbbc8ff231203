import { Box, Button } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { TABLE_TYPES, tableRecordSchema } from '../../../common/resources/table';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { ScriptSelectInput } from '../mechanism/ScriptSelectInput';
import type { TableAdminRecord } from './types';
import { TablePreview } from './TablePreview';
import { tableScreenPath } from './tableScreenPath';

const TYPE_CHOICES = TABLE_TYPES.map((type) => ({ id: type, name: type }));

/** Name, type and script (spec §3 Table record); the Run preview of the saved table and a link to its screen. */
export function TableEditor({ record, save }: EditorProps<TableAdminRecord>) {
  const translate = useTranslate();
  const screen = tableScreenPath(record.type, String(record.id));
  return (
    <ResourceForm record={record} schema={tableRecordSchema} save={save}>
      <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextInput source="name" label={translate('app.table_admin.fields.name')} />
        <SelectInput source="type" label={translate('app.table_admin.fields.type')} choices={TYPE_CHOICES} />
        <ScriptSelectInput label={translate('app.table_admin.fields.script')} emptyText={translate('app.table_admin.no_script')} />
      </Box>
      <TablePreview tableId={String(record.id)} />
      {screen && (
        <Box>
          <Button component={Link} to={screen} size="small" startIcon={<OpenInNewIcon />}>
            {translate('app.table_admin.open')}
          </Button>
        </Box>
      )}
    </ResourceForm>
  );
}
