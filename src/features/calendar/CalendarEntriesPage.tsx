import { useCallback, useRef, useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useNotify, useTranslate } from 'react-admin';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { usePushEvent } from '../../platform/realtime/usePushEvent';
import { EventCalendar, type CalendarEvent, type CalendarViewName, type EventCalendarHandle, type TimeWindow, type VisiblePeriod } from '../../shared/ui/calendar';
import { TableActionButtons } from '../tables/actions/TableActionButtons';
import type { TableAction } from '../tables/tableDefinition';
import type { CalendarEntry } from './calendarConfig';
import { CalendarEntryDialog } from './CalendarEntryDialog';
import { CalendarEntryEvent } from './CalendarEntryEvent';
import { filterQuery, initialFilterValues, presetsOf, type CalendarFilterValues } from './calendarFilters';
import { CalendarFilterBar } from './CalendarFilterBar';
import { CalendarLegend } from './CalendarLegend';
import { entryColor, entryTitle } from './entryColor';
import { draftOfEntry, newEntryDraft, type EntryDraft } from './entryDraft';
import { useCalendarEntryApi } from './useCalendarEntryApi';
import { useCalendarSetup, type CalendarSetup } from './useCalendarSetup';

/** The configurable calendar /home/calendar (spec §2.7): loads its config first, then the calendar. */
export function CalendarEntriesPage() {
  const translate = useTranslate();
  const { setup, error, retry } = useCalendarSetup();
  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('app.calendar.title')}
      </Typography>
      {error && (
        <Alert severity="error" action={<Button onClick={retry}>{translate('app.calendar.retry')}</Button>}>
          {translate('app.calendar.load_failed', { message: error })}
        </Alert>
      )}
      {setup && <ConfiguredCalendar setup={setup} />}
    </Box>
  );
}

function ConfiguredCalendar({ setup }: { setup: CalendarSetup }) {
  const { config, types } = setup;
  const translate = useTranslate();
  const notify = useNotify();
  const api = useCalendarEntryApi();
  const calendar = useRef<EventCalendarHandle>(null);
  const mayManage = useSessionUser()?.permissions.includes('manage-calendar') ?? false;
  const [filters, setFilters] = useState<CalendarFilterValues>(() => initialFilterValues(config.filters));
  const [editing, setEditing] = useState<EntryDraft | null>(null);
  const [view, setView] = useState<CalendarViewName>('month');
  // What the action buttons' scripts see: the entries drawn and the period they belong to.
  const shown = useRef<{ entries: CalendarEntry[]; period: VisiblePeriod | null }>({ entries: [], period: null });

  const fetchEvents = useCallback(
    async (period: VisiblePeriod): Promise<CalendarEvent<CalendarEntry>[]> => {
      const entries = await api.list(period.start, period.end, filterQuery(filters));
      shown.current = { entries, period };
      return entries.map((entry) => ({
        id: entry._id,
        title: entryTitle(entry, types),
        start: entry.start,
        end: entry.end,
        allDay: !entry.timed,
        ...(entryColor(entry, types) ? { color: entryColor(entry, types) } : {}),
        data: entry,
      }));
    },
    [api, filters, types],
  );

  usePushEvent('update-detail', (payload) => {
    if (payload.type === 'calendarEntry') calendar.current?.refetch();
  });

  // A new entry takes the filters shown, so it appears where it was added.
  const addAt = (at: { date: Date; timed: boolean }) =>
    setEditing(newEntryDraft(at, types, config.customFields.definitions, presetsOf(filters, config.customFields.definitions, types)));

  const edit = (entry: CalendarEntry) => {
    if (mayManage) setEditing(draftOfEntry(entry, config.customFields.definitions));
  };

  // Spec §2.7: a date opens its day view; in the day view a time is where a new entry starts.
  const dateClicked = (date: Date, allDay: boolean) => {
    if (view === 'day' && mayManage) addAt({ date, timed: !allDay });
    else calendar.current?.showDay(date);
  };

  const save = (event: CalendarEvent<CalendarEntry>, window: TimeWindow) =>
    api.update(event.id, { ...event.data, ...window }).then(
      () => notify('app.calendar.moved', { type: 'success' }),
      (failure: unknown) => {
        notify('app.calendar.move_failed', { type: 'error', messageArgs: { message: errorMessageOf(failure, translate) } });
        throw failure;
      },
    );

  const actions: TableAction[] = config.actionButtons.map((button) => ({
    name: button.label,
    color: button.color ?? 'primary',
    clickFunctionName: button.clickFunctionName,
    functionBody: button.functionBody,
  }));

  return (
    <>
      {(config.filters.length > 0 || actions.length > 0) && (
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
          <CalendarFilterBar filters={config.filters} values={filters} onChange={(key, value) => setFilters((current) => ({ ...current, [key]: value }))} />
          <Box sx={{ flexGrow: 1 }} />
          <TableActionButtons
            customActions={actions}
            bulkActions={[]}
            hasSelection={false}
            onRefresh={() => calendar.current?.refetch()}
            context={() => ({
              rows: shown.current.entries,
              selected: [],
              filters,
              table: { name: translate('app.calendar.title'), type: 'calendar' },
              ...(shown.current.period ? { period: shown.current.period } : {}),
            })}
          />
        </Stack>
      )}
      <EventCalendar<CalendarEntry>
        ref={calendar}
        label={translate('app.calendar.title')}
        fetchEvents={fetchEvents}
        toolbar="full"
        views={['month', 'week', 'day']}
        overlap="columns"
        editable={mayManage}
        resizable={mayManage}
        maxEventsPerDay={4}
        onPeriodChange={(_period, next) => setView(next)}
        onDateClick={dateClicked}
        onEventClick={(event) => edit(event.data)}
        onEventMove={save}
        onEventResize={save}
        renderEvent={(event) => <CalendarEntryEvent event={event} onEdit={edit} />}
        headerExtras={
          mayManage && (
            <Button
              variant="contained"
              size="small"
              startIcon={<AddIcon />}
              onClick={() => addAt({ date: new Date(), timed: false })}
            >
              {translate('app.calendar.add')}
            </Button>
          )
        }
      />
      <CalendarLegend items={config.legend} />
      {editing && <CalendarEntryDialog initial={editing} types={types} config={config} onClose={() => setEditing(null)} onChanged={() => calendar.current?.refetch()} />}
    </>
  );
}
