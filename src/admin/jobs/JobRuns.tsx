import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useNotify, useTranslate } from 'react-admin';
import type { JobRun } from '../../../common/resources/job';
import { useApiFetch } from '../../platform/dataProvider';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { formatTimestamp } from '../../../common/formatTime';

/** GET /job/{id}/runs: the job's last 50 runs, newest first. */
export const jobRunsQuery = (jobId: string) => apiQuery<JobRun[]>(`/job/${encodeURIComponent(jobId)}/runs`);

/** "Run now" and the job's last 50 runs (start, duration, outcome, error), newest first. */
export function JobRuns({ jobId }: { jobId: string }) {
  const apiFetch = useApiFetch();
  const client = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const { data, error } = useApiQuery(jobRunsQuery(jobId));
  // Runs that could not be read show as none.
  const runs = data ?? (error ? [] : null);
  const [running, setRunning] = useState(false);

  const runNow = async () => {
    setRunning(true);
    try {
      const run = await apiFetch<JobRun>(`/job/${encodeURIComponent(jobId)}/run`, { method: 'POST' });
      notify(run.outcome === 'ok' ? 'app.job.run_ok' : 'app.job.run_error', { type: run.outcome === 'ok' ? 'success' : 'warning' });
      // The button stays busy until the list holds the new run.
      await client.invalidateQueries({ queryKey: jobRunsQuery(jobId).queryKey });
    } catch (error) {
      notify(errorMessageOf(error, translate), { type: 'error' });
    } finally {
      setRunning(false);
    }
  };

  return (
    <Box component="section" aria-label={translate('app.job.runs.title')} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2">{translate('app.job.runs.title')}</Typography>
        <Button size="small" variant="outlined" startIcon={<PlayArrowIcon />} disabled={running} onClick={() => void runNow()}>
          {translate(running ? 'app.job.running' : 'app.job.run_now')}
        </Button>
      </Stack>
      {runs && runs.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('app.job.runs.none')}
        </Typography>
      )}
      {runs && runs.length > 0 && (
        <Table size="small" aria-label={translate('app.job.runs.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.job.runs.start')}</TableCell>
              <TableCell align="right">{translate('app.job.runs.duration')}</TableCell>
              <TableCell>{translate('app.job.runs.outcome')}</TableCell>
              <TableCell>{translate('app.job.runs.error')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run._id}>
                <TableCell>{formatTimestamp(run.startedAt)}</TableCell>
                <TableCell align="right">{run.durationMs === null ? '' : translate('app.job.runs.ms', { ms: run.durationMs })}</TableCell>
                <TableCell sx={{ color: run.outcome === 'error' ? 'error.main' : undefined }}>{translate(`app.job.outcome.${run.outcome}`)}</TableCell>
                <TableCell sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{run.error ?? ''}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
