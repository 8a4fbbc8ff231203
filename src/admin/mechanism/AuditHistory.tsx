import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useApiFetch } from '../../platform/dataProvider';
import { formatTimestamp } from '../../../common/formatTime';
import { useNameLookups } from './useRelatedList';

interface AuditEntry {
  _id: string;
  action: string;
  userName: string;
  at: number;
  changes: { field: string; from: unknown; to: unknown }[];
}

const NO_REFERENCES: Readonly<Record<string, string>> = {};

/** A logged value as text; `names` (of the records a reference field names) shows ids as names — an id no longer known stays an id. */
function shown(value: unknown, names: ReadonlyMap<string, string> | undefined): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '∅';
  const named = names && (typeof value === 'string' || Array.isArray(value)) ? [value].flat().map((id) => names.get(String(id)) ?? String(id)).join(', ') : null;
  const text = named ?? (typeof value === 'string' ? value : JSON.stringify(value));
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * The record's audit trail (who, when, which fields old → new), newest first. `references` (the
 * declaration's, field → resource) names referenced records: a user's role reads ROLE_ENGINEER.
 */
export function AuditHistory({ resource, id, version, references = NO_REFERENCES }: { resource: string; id: string; version?: unknown; references?: Readonly<Record<string, string>> }) {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const names = useNameLookups([...new Set(Object.values(references))]);
  const namesOf = (field: string) => (Object.hasOwn(references, field) ? names.get(references[field] as string) : undefined);

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
                  {change.field}: {shown(change.from, namesOf(change.field))} → {shown(change.to, namesOf(change.field))}
                </Box>
              ))}
          </li>
        ))}
      </Box>
    </Box>
  );
}
