import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import type { TableType } from '../../../common/resources/table';
import { pickDefaultTable, tablePath, TABLE_ROUTE_TYPES, type TableRouteSegment, type TableSummary } from './tableDefinition';
import { TableView } from './TableView';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { ThermographyReportButton } from '../thermography/ThermographyReportButton';

const TITLES: Record<TableRouteSegment, string> = {
  asset: 'app.menu.assets',
  alert: 'app.menu.alerts',
  inspection: 'app.menu.inspections',
  checklist: 'app.menu.checklists',
  thermographyNote: 'app.menu.thermography',
  report: 'app.menu.reports',
};

/** GET /table?limitToRole=true&type=…: the role's tables of a type. */
export const roleTablesQuery = (type: TableType) => apiQuery<TableSummary[]>('/table', { query: { limitToRole: true, type } });

interface TablePageProps {
  segment: TableRouteSegment;
  /** The chosen table is in the path (/:tableId); otherwise it is kept on the page (reports, /home/inspections). */
  routed: boolean;
}

/**
 * A table container (spec §2.1, §2.5): the selector lists the role's tables of the route's type
 * (GET /table?limitToRole=true&type=…) and opens the default one when none is chosen.
 */
export function TablePage({ segment, routed }: TablePageProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const location = useLocation();
  const { tableId: routeTableId } = useParams();
  const [chosenId, setChosenId] = useState<string | undefined>(undefined);
  const { data, error: failure, refetch } = useApiQuery(roleTablesQuery(TABLE_ROUTE_TYPES[segment]));
  const tables = useMemo(() => (data === undefined ? null : Array.isArray(data) ? data : []), [data]);
  const error = failure ? errorMessageOf(failure, translate) : null;
  const mayReadNotes = useSessionUser()?.permissions.includes('read-thermography-note') ?? false;

  const fallback = tables ? pickDefaultTable(tables)?._id : undefined;
  const tableId = routed ? routeTableId : (chosenId ?? fallback);

  useEffect(() => {
    // A link's filters (location.search) come along to the default table.
    if (routed && !routeTableId && fallback) void navigate(`${tablePath(segment, fallback)}${location.search}`, { replace: true });
  }, [routed, routeTableId, fallback, segment, navigate, location.search]);

  const choose = (id: string) => {
    if (routed) void navigate(tablePath(segment, id));
    else setChosenId(id);
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(TITLES[segment])}
      </Typography>
      {error && (
        <Alert severity="error" action={<Button onClick={refetch}>{translate('app.tables.retry')}</Button>}>
          {error}
        </Alert>
      )}
      {tables && tables.length === 0 && <Typography color="text.secondary">{translate('app.tables.none')}</Typography>}
      {tables && tables.length > 0 && (
        <TextField select size="small" label={translate('app.tables.table')} value={tables.some((table) => table._id === tableId) ? tableId : ''} onChange={(event) => choose(event.target.value)} sx={{ minWidth: 240, mb: 2 }}>
          {tables.map((table) => (
            <MenuItem key={table._id} value={table._id}>
              {table.name}
            </MenuItem>
          ))}
        </TextField>
      )}
      {tables && tableId && <TableView key={tableId} tableId={tableId} />}
      {/* Under the table, so its rows keep their place on a phone. */}
      {segment === 'thermographyNote' && mayReadNotes ? (
        <Box sx={{ mt: 2 }}>
          <ThermographyReportButton site />
        </Box>
      ) : null}
    </Box>
  );
}
