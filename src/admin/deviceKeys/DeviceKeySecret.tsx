import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Button, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatTimestamp } from '../../../common/formatTime';
import { DEVICE_KEY_HEADER } from '../../../common/resources/deviceKey';
import { useApiFetch } from '../../platform/dataProvider';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import type { EditorProps } from '../mechanism/ResourceDefinition';

interface Refusal {
  deviceKey: string;
  reason: string;
  count: number;
  lastAt: number;
  lastDetail: string;
}

/** GET /readingRefusal: refused readings by key and reason, most recent first. */
export const refusalsQuery = apiQuery<Refusal[]>('/readingRefusal');

/**
 * A key's secret and its refusals. "Issue secret" answers `<id>.<secret>` once: shown here until the
 * editor closes, never again (the server keeps its hash); issuing again stops the old one.
 */
export function DeviceKeySecret({ record }: EditorProps<RaRecord>) {
  const translate = useTranslate();
  const notify = useNotify();
  const apiFetch = useApiFetch();
  const client = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: refusals } = useApiQuery(refusalsQuery);
  const id = String(record.id);
  const own = (refusals ?? []).filter((refusal) => refusal.deviceKey === id);

  const issue = async () => {
    setBusy(true);
    try {
      const answer = await apiFetch<{ key: string }>(`/deviceKey/${encodeURIComponent(id)}/secret`, { method: 'POST', body: {} });
      setSecret(answer.key);
      await client.invalidateQueries({ queryKey: refusalsQuery.queryKey });
    } catch (error) {
      notify(errorMessageOf(error, translate), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="section" aria-label={translate('app.deviceKey.secret_title')} sx={{ mt: 2 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2">{translate('app.deviceKey.secret_title')}</Typography>
        <Button size="small" variant="outlined" startIcon={<KeyIcon />} disabled={busy} onClick={() => void issue()}>
          {translate('app.deviceKey.issue_secret')}
        </Button>
      </Stack>
      {secret && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('app.deviceKey.secret_once', { header: DEVICE_KEY_HEADER })}
          </Typography>
          <TextField
            value={secret}
            fullWidth
            size="small"
            label={translate('app.deviceKey.secret_label')}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true, spellCheck: false } }}
            onFocus={(event) => event.target.select()}
          />
        </Alert>
      )}
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {translate('app.deviceKey.refusals_title')}
      </Typography>
      {refusals && own.length === 0 && (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('app.deviceKey.refusals_none')}
        </Typography>
      )}
      {own.length > 0 && (
        <Table size="small" aria-label={translate('app.deviceKey.refusals_title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.deviceKey.refusal.reason')}</TableCell>
              <TableCell align="right">{translate('app.deviceKey.refusal.count')}</TableCell>
              <TableCell>{translate('app.deviceKey.refusal.last')}</TableCell>
              <TableCell>{translate('app.deviceKey.refusal.detail')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {own.map((refusal) => (
              <TableRow key={refusal.reason}>
                <TableCell>{translate(`app.deviceKey.reason.${refusal.reason.replace(/ /g, '_')}`)}</TableCell>
                <TableCell align="right">{refusal.count}</TableCell>
                <TableCell>{formatTimestamp(refusal.lastAt)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{refusal.lastDetail}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
