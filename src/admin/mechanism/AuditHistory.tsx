import { useEffect, useRef } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { formatTimestamp } from '../../../common/formatTime';
import { useNameLookups } from './useRelatedList';

interface AuditEntry {
  _id: string;
  action: string;
  userName: string;
  at: number;
  changes: { field: string; from: unknown; to: unknown }[];
}

/** GET /{resource}/{id}/history: the record's audit trail, newest first. */
export const auditHistoryQuery = (resource: string, id: string) => apiQuery<AuditEntry[]>(`/${resource}/${encodeURIComponent(id)}/history`);

const NO_REFERENCES: Readonly<Record<string, string>> = {};

/** An object value that carries its own name (a file field's upload): that name. */
const nameOfObject = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { name?: unknown }).name === 'string' ? (value as { name: string }).name : null;

/** A logged value as text; `names` (of the records a reference field names) shows ids as names — an id no longer known stays an id. */
function shown(value: unknown, names: ReadonlyMap<string, string> | undefined): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '∅';
  const named = names && (typeof value === 'string' || Array.isArray(value)) ? [value].flat().map((id) => names.get(String(id)) ?? String(id)).join(', ') : null;
  const text = named ?? (typeof value === 'string' ? value : nameOfObject(value) ?? JSON.stringify(value));
  return text.length > 80 ? `${text.slice(0, 77)}…` : text;
}

/**
 * The record's audit trail (who, when, which fields old → new), newest first, asked again when
 * `version` changes (the record was saved). `references` (the declaration's, field → resource)
 * names referenced records: a user's role reads ROLE_ENGINEER. A trail that cannot be read is not shown.
 */
export function AuditHistory({ resource, id, version, references = NO_REFERENCES }: { resource: string; id: string; version?: unknown; references?: Readonly<Record<string, string>> }) {
  const translate = useTranslate();
  const { data, error, refetch } = useApiQuery(auditHistoryQuery(resource, id));
  const entries = error ? null : data;
  const names = useNameLookups([...new Set(Object.values(references))]);
  const namesOf = (field: string) => (Object.hasOwn(references, field) ? names.get(references[field] as string) : undefined);

  // The version shown first is asked with the query's own first request.
  const askedFor = useRef(version);
  useEffect(() => {
    if (Object.is(askedFor.current, version)) return;
    askedFor.current = version;
    refetch();
  }, [version, refetch]);

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
