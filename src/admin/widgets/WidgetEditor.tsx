import { Box } from '@mui/material';
import { SelectInput, TextInput, useTranslate } from 'react-admin';
import { WIDGET_TYPES, widgetSchema } from '../../../common/resources/widget';
import { WidgetNavigationInput } from './WidgetNavigationInput';
import { WidgetOptionsInput } from './WidgetOptionsInput';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { ScriptSelectInput } from '../mechanism/ScriptSelectInput';
import type { WidgetRecord } from './types';

const TYPE_CHOICES = WIDGET_TYPES.map((type) => ({ id: type, name: type }));

/** Name, type and script (spec §3 Widget), its options (the colour among them) and its navigation. */
export function WidgetEditor({ record, save }: EditorProps<WidgetRecord>) {
  const translate = useTranslate();
  return (
    <ResourceForm record={record} schema={widgetSchema} save={save}>
      <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <TextInput source="name" label={translate('app.widget.fields.name')} />
        <SelectInput source="type" label={translate('app.widget.fields.type')} choices={TYPE_CHOICES} />
        <ScriptSelectInput label={translate('app.widget.fields.script')} emptyText={translate('app.widget.no_script')} />
      </Box>
      <WidgetOptionsInput source="options" />
      <WidgetNavigationInput source="navigation" />
    </ResourceForm>
  );
}
