import { useCallback, useMemo, useState } from 'react';
import { Box, Button, FormControlLabel, IconButton, InputAdornment, Paper, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import UnarchiveIcon from '@mui/icons-material/Unarchive';
import SearchIcon from '@mui/icons-material/Search';
import { useDataProvider, useTranslate, type RaRecord } from 'react-admin';
import { TABLE_PAGE_SIZE } from '../../../common/constants';
import { RecordTable, type RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { formatTimestamp } from '../../../common/formatTime';
import type { SortTerm } from '../../shared/ui/recordTable/tableSort';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { ExpandedRecord } from './ExpandedRecord';
import { ResourceScreenContext, type ResourceScreen } from './ResourceScreenContext';
import { recordLabel, type ResourceDefinition } from './ResourceDefinition';
import { useResourceActions } from './useResourceActions';
import { archivedAtOf, isArchived } from './useRelatedList';
import { SERVER_SEARCH_DEBOUNCE_MS, useAdminList } from './useAdminList';
import { useDebouncedValue } from '../../shared/ui/useDebouncedValue';

/**
 * The generic administration screen (spec §2.9): title, New/Copy buttons, search, the multi-sort
 * table with an Actions column and expandable rows holding the inline editor and the record's
 * history; for archivable entities a "Show archived" switch that lists archived records too, with
 * the date they were archived and a Restore action. Everything entity-specific comes from the
 * definition. With `serverPaging` the table shows one page that the server sorted and searched,
 * its total and page controls; a selection made on one page is kept on the next.
 */
export function ResourceAdminPage<T extends RaRecord>({ definition }: { definition: ResourceDefinition<T> }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const dataProvider = useDataProvider();
  const [showArchived, setShowArchived] = useState(false);
  const archivedShown = Boolean(definition.archivable && showArchived);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortTerm[]>([...definition.defaultSort]);
  // A server-paged list asks once typing pauses; a new search starts at its first page, in the
  // same render (no call for the old page of the new search).
  const serverSearch = useDebouncedValue(search.trim(), SERVER_SEARCH_DEBOUNCE_MS);
  const [paging, setPaging] = useState({ page: 0, search: '' });
  const [pageSize, setPageSize] = useState(TABLE_PAGE_SIZE);
  // The last total the server gave: a deletion that empties the last page shows the new last one.
  const [knownTotal, setKnownTotal] = useState<number | undefined>(undefined);
  const lastPage = knownTotal === undefined ? Infinity : Math.max(0, Math.ceil(knownTotal / pageSize) - 1);
  if (paging.search !== serverSearch) setPaging({ page: 0, search: serverSearch });
  const page = Math.min(paging.search === serverSearch ? paging.page : 0, lastPage);
  const setPage = useCallback((next: number) => setPaging({ page: next, search: serverSearch }), [serverSearch]);
  const list = useAdminList(definition, archivedShown, { sort, search: serverSearch, page, pageSize });
  const { isPending, refetch, total } = list;
  if (total !== undefined && !list.isFetching && total !== knownTotal) setKnownTotal(total);
  const rows = list.rows;
  const serverPaged = total !== undefined;
  // Stable, so the actions and columns built on it are too (a new column list rebuilds the
  // search index and re-sorts every row on each keystroke).
  const refresh = useCallback(() => void refetch(), [refetch]);
  const actions = useResourceActions(definition, refresh);
  // The selected records themselves: on a server-paged list they may sit on another page.
  const [selectedRecords, setSelectedRecords] = useState<ReadonlyMap<T['id'], T>>(new Map());
  const selected = useMemo(() => new Set(selectedRecords.keys()), [selectedRecords]);
  const setSelected = (ids: Set<T['id']>) => {
    const onPage = new Map(rows.map((row) => [row.id, row]));
    setSelectedRecords(new Map([...ids].flatMap((id) => {
      const record = onPage.get(id) ?? selectedRecords.get(id);
      return record ? [[id, record] as const] : [];
    })));
  };
  const [dialog, setDialog] = useState<{ sourceId?: T['id'] } | null>(null);
  const baseColumns = definition.useColumns(rows);
  // As listed now (an inline edit since the selection shows); other pages' as they were selected.
  const selectedRows = serverPaged
    ? [...selectedRecords.values()].map((record) => rows.find((row) => row.id === record.id) ?? record)
    : rows.filter((row) => selected.has(row.id));

  const columns = useMemo<RecordColumn<T>[]>(() => {
    const archivedColumn: RecordColumn<T> = {
      key: 'archivedAt',
      label: translate('app.archive.column'),
      sortValue: (row) => archivedAtOf(row) ?? 0,
      searchText: () => '',
      render: (row) => {
        const archivedAt = archivedAtOf(row);
        return archivedAt === null ? '' : formatTimestamp(archivedAt);
      },
    };
    const shown = archivedShown ? [...baseColumns, archivedColumn] : baseColumns;
    if (!definition.remove) return shown;
    const actionsColumn: RecordColumn<T> = {
      key: '_actions',
      label: translate('app.admin.actions'),
      sortable: false,
      searchText: () => '',
      align: 'right',
      render: (row) => {
        const rowName = recordLabel(definition, row);
        if (archivedShown && isArchived(row)) {
          // Words, not only an icon: next to the Delete bins it must not be mistaken for one.
          return (
            <Button size="small" startIcon={<UnarchiveIcon fontSize="small" />} aria-label={`${translate('app.archive.restore')} ${rowName}`} onClick={() => void actions.restore(row)}>
              {translate('app.archive.restore')}
            </Button>
          );
        }
        return (
          <Tooltip title={translate('app.confirm.delete')}>
            <IconButton size="small" aria-label={`${translate('app.confirm.delete')} ${rowName}`} onClick={() => void actions.remove(row)}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        );
      },
    };
    return [...shown, actionsColumn];
  }, [baseColumns, archivedShown, definition, actions, translate]);

  const startCreate = async () => {
    const create = definition.create;
    if (!create) return;
    if (create.kind === 'dialog') return setDialog({});
    const label = translate(create.promptLabel ?? 'app.admin.name');
    await dialogs.prompt({
      title: translate(create.label),
      label,
      onSubmit: async (name) => {
        await actions.create(create.body ? create.body(name) : ({ name } as unknown as Partial<T>));
      },
    });
  };

  const startCopy = async () => {
    const [source] = selectedRows;
    if (!source || !definition.copy) return;
    if (definition.create?.kind === 'dialog') return setDialog({ sourceId: source.id });
    await dialogs.prompt({
      title: translate(definition.copy.label),
      label: translate('app.admin.name'),
      onSubmit: async (name) => {
        // A projected list row lacks fields the copy must carry (spec §7: all but name and ids).
        const whole = definition.listFields ? (await dataProvider.getOne<T>(definition.name, { id: source.id })).data : source;
        await actions.create(actions.copyOf(whole, name), 'copy');
        setSelected(new Set());
      },
    });
  };

  const CreateDialog = definition.create?.kind === 'dialog' ? definition.create.Dialog : null;
  const ToolbarActions = definition.ToolbarActions;

  const screen = useMemo(() => ({ definition, actions, rows }) as unknown as ResourceScreen, [definition, actions, rows]);

  return (
    <ResourceScreenContext.Provider value={screen}>
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Paper sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 1, alignItems: { md: 'center' } }}>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1, whiteSpace: 'nowrap' }}>
            {translate(definition.title)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap' } }}>
            {definition.create && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => void startCreate()}>
                {translate(definition.create.label)}
              </Button>
            )}
            {definition.copy && (
              <Button variant="outlined" startIcon={<ContentCopyIcon />} disabled={selected.size !== 1} onClick={() => void startCopy()}>
                {translate(definition.copy.label)}
              </Button>
            )}
            {ToolbarActions && <ToolbarActions selected={selectedRows} />}
            {definition.archivable && (
              <FormControlLabel
                sx={{ ml: 1, whiteSpace: 'nowrap' }}
                control={<Switch size="small" checked={showArchived} onChange={(event) => setShowArchived(event.target.checked)} />}
                label={translate('app.archive.show')}
              />
            )}
          </Stack>
          <TextField
            size="small"
            sx={{ width: { md: 280 } }}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={translate('app.table.search')}
            inputProps={{ 'aria-label': translate('app.table.search') }}
            InputProps={{ startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> }}
          />
        </Stack>
        <RecordTable<T>
          rows={rows}
          columns={columns}
          search={search}
          sort={sort}
          onSortChange={(terms) => {
            setSort(terms);
            setPage(0);
          }}
          loading={isPending || (serverPaged && list.isFetching)}
          selectable={Boolean(definition.copy || definition.selectable)}
          selected={selected}
          onSelectedChange={setSelected}
          expand={(row) => <ExpandedRecord definition={definition} id={row.id} update={actions.update} />}
          {...(serverPaged && {
            serverTotal: total,
            serverSorted: true,
            page,
            onPageChange: setPage,
            pageSize,
            onPageSizeChange: setPageSize,
          })}
        />
      </Paper>
      {CreateDialog && dialog && (
        <CreateDialog
          sourceId={dialog.sourceId}
          onClose={() => setDialog(null)}
          create={(body) => actions.create(body, dialog.sourceId ? 'copy' : 'create').then((saved) => saved, () => null)}
        />
      )}
    </Box>
    </ResourceScreenContext.Provider>
  );
}
