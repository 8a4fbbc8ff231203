import { Box } from '@mui/material';
import { CheckboxGroupInput, TextInput, useTranslate } from 'react-admin';
import { REPORT_FORMATS, reportSchema } from '../../../common/resources/report';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { ScriptSelectInput } from '../mechanism/ScriptSelectInput';
import type { ReportRecord } from './types';
import { ReportDownloads } from './ReportDownloads';

/** Name, formats (pdf, xls, doc) and script; then a download button per saved format. */
export function ReportEditor({ record, save }: EditorProps<ReportRecord>) {
  const translate = useTranslate();
  const formatChoices = REPORT_FORMATS.map((format) => ({ id: format, name: translate(`app.report.formats.${format}`) }));
  return (
    <>
      <ResourceForm record={record} schema={reportSchema} save={save}>
        <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <TextInput source="name" label={translate('app.report.fields.name')} />
          <ScriptSelectInput label={translate('app.report.fields.script')} emptyText={translate('app.report.no_script')} />
        </Box>
        <CheckboxGroupInput source="formats" label={translate('app.report.fields.formats')} choices={formatChoices} helperText={false} />
      </ResourceForm>
      <ReportDownloads id={String(record.id)} name={record.name} formats={record.formats} hasScript={Boolean(record.script)} />
    </>
  );
}
