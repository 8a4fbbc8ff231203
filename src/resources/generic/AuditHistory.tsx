import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiFetch } from '../../dataProvider';
import { formatTimestamp } from '../../common-ui/formatTime';

interface AuditEntry {
  _id: string;
  action: string;
  userName: string;
  at: number;
  changes: { field: string; from: unknown; to: unknown }[];
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/** The record's audit trail (who, when, which fields old → new), newest first. */
export function AuditHistory({ resource, id, version }: { resource: string; id: string; version?: unknown }) {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<AuditEntry[]>(`/${resource}/${encodeURIComponent(id)}/history`, { signal: controller.signal })
      .then(setEntries)
      .catch(() => setEntries([]));
    return () => controller.abort();
  }, [apiFetch, resource, id, version]);

  if (!entries || entries.length === 0) return null;
  return (
    <Box component="section" aria-label={translate('app.audit.title')} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" gutterBottom>{translate('app.audit.title')}</Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, fontSize: 13, color: 'text.secondary' }}>
        {entries.map((entry) => (
          <li key={entry._id}>
            {formatTimestamp(entry.at)} — {entry.userName || translate('app.audit.system')} — {translate(`app.audit.${entry.action}`, { _: entry.action })}
            {entry.action === 'update' &&
              entry.changes.map((change) => (
                <Box key={change.field} component="div" sx={{ pl: 2 }}>
                  {change.field}: {shown(change.from)} → {shown(change.to)}
                </Box>
              ))}
          </li>
        ))}
      </Box>
    </Box>
  );
}
