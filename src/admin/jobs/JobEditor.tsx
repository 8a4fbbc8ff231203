import { Box, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { cronProblem, describeCron } from '../../../common/resources/cron';
import { jobSchema } from '../../../common/resources/job';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { SchemaInputs } from '../mechanism/SchemaInputs';
import type { JobRecord } from './types';
import { JobRuns } from './JobRuns';

/** Under the cron field, live: its English reading, or why it is not a valid expression. */
export function CronReading({ source = 'cronExpression' }: { source?: string }) {
  const translate = useTranslate();
  const value = useWatch({ name: source }) as unknown;
  const text = typeof value === 'string' ? value : '';
  const problem = cronProblem(text);
  return (
    <Typography component="span" variant="caption" role="status" aria-live="polite" data-testid="cron-reading" sx={{ color: problem ? 'error.main' : 'text.secondary' }}>
      {problem ?? translate('app.job.reading', { reading: describeCron(text) })}
    </Typography>
  );
}

/** Name, cron expression (GMT) with its reading, active switch and script; then Run now and the run log. */
export function JobEditor({ record, save }: EditorProps<JobRecord>) {
  const translate = useTranslate();
  return (
    <>
      <ResourceForm record={record} schema={jobSchema} save={save}>
        <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
          <TextInput source="name" label={translate('app.job.fields.name')} />
          <TextInput
            source="cronExpression"
            label={translate('app.job.fields.cron_expression')}
            helperText={<CronReading />}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } } }}
          />
          <SchemaInputs schema={jobSchema} namespace="job" entity="job" fields={['active', 'script']} />
        </Box>
      </ResourceForm>
      <JobRuns jobId={String(record.id)} />
    </>
  );
}
