import { useMemo, useState } from 'react';
import { Box, Button, InputAdornment, LinearProgress, Stack, Tab, Tabs, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { useNotify, useTranslate } from 'react-admin';
import type { WorkOrder, WorkOrderConfig } from '../../../common/resources/workOrder';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { useDebouncedValue } from '../../shared/ui/useDebouncedValue';
import { usePushEvent } from '../../platform/realtime/usePushEvent';
import { WorkOrderCalendar } from './calendar/WorkOrderCalendar';
import { WorkOrderDialog, type WorkOrderDialogSubject } from './dialog/WorkOrderDialog';
import { WorkOrderList } from './list/WorkOrderList';
import { useWorkOrderConfig } from './shared/useWorkOrderConfig';
import { WorkOrderFilterBar } from './WorkOrderFilterBar';
import { useWorkOrderApi, type WorkOrderQuery } from './workOrderApi';

/** Typing in Search asks the server once the typing pauses. */
const SEARCH_DEBOUNCE_MS = 350;

type WorkOrderTab = 'list' | 'calendar';

/**
 * /home/workOrder (spec §2.8, manage-workorder): the config's filters, Search and New above two
 * tabs, List and Calendar, which show the same orders; the add/edit dialog; delete with its
 * confirmation. Spec §8: a config that fails to load is only logged — the screen stays empty.
 */
export function WorkOrderPage() {
  const translate = useTranslate();
  const { config, error } = useWorkOrderConfig();
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.menu.work_order_management')}
      </Typography>
      {config ? <WorkOrderScreen config={config} /> : error === null && <LinearProgress />}
    </Box>
  );
}

function WorkOrderScreen({ config }: { config: WorkOrderConfig }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const api = useWorkOrderApi();
  const [tab, setTab] = useState<WorkOrderTab>('list');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  // One object per change of filters or search: the list and the calendar fetch again on a new one.
  const query = useMemo<WorkOrderQuery>(() => ({ filters, search: search.trim() }), [filters, search]);
  const [dialog, setDialog] = useState<WorkOrderDialogSubject | null>(null);
  // Raised when orders changed, here or elsewhere: both tabs fetch again.
  const [version, setVersion] = useState(0);
  const changed = () => setVersion((count) => count + 1);

  usePushEvent('update-detail', (event) => {
    if (event.type === 'workOrder') changed();
  });

  const setFilter = (key: string, value: string | null) =>
    setFilters((current) => {
      const { [key]: _dropped, ...rest } = current;
      return value === null || value === '' ? rest : { ...rest, [key]: value };
    });

  const edit = (order: WorkOrder) => setDialog({ kind: 'edit', order });
  const remove = async (order: WorkOrder) => {
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    try {
      await api.remove(order._id);
      notify('app.notification.deleted', { type: 'success' });
      changed();
    } catch (error: unknown) {
      // Spec §8: only logged.
      console.error('work order could not be deleted', error);
    }
  };

  return (
    <>
      <Stack direction="row" spacing={1.5} useFlexGap role="search" aria-label={translate('app.work_order_screen.filters_label')} sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
        <WorkOrderFilterBar config={config} values={filters} onChange={setFilter} />
        <TextField
          size="small"
          type="search"
          fullWidth={false}
          label={translate('app.work_order.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          sx={{ width: 240 }}
          slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new' })}>
          {translate('app.work_order.new')}
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_event, next: WorkOrderTab) => setTab(next)} sx={{ mb: 2 }}>
        <Tab value="list" label={translate('app.work_order.list_tab')} />
        <Tab value="calendar" label={translate('app.work_order.calendar_tab')} />
      </Tabs>
      {tab === 'list' ? (
        <WorkOrderList config={config} query={query} version={version} onEdit={edit} onDelete={(order) => void remove(order)} />
      ) : (
        <WorkOrderCalendar query={query} version={version} onEdit={edit} />
      )}
      {dialog && <WorkOrderDialog subject={dialog} config={config} onClose={() => setDialog(null)} onSaved={changed} />}
    </>
  );
}
