import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import dayjs from 'dayjs';
import { useTranslate } from 'react-admin';
import type { InspectionSchedule } from '../../../common/resources/inspectionSchedule';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { EventCalendar, type CalendarEvent, type EventCalendarHandle, type VisiblePeriod } from '../../shared/ui/calendar';
import { useLiveVersions } from '../dashboards/useLiveVersions';
import { useToday } from '../dashboards/useToday';
import { FREQUENCY_FILTERS, scheduleMatchesFilter, type FrequencyFilter } from './frequencyFilter';
import { ScheduleDialog, type ScheduleDialogSubject } from './ScheduleDialog';
import { ScheduleLegend } from './ScheduleLegend';
import { SCHEDULE_STATUS_COLOURS, scheduleStatus } from './scheduleStatus';
import { useScheduleCatalogue } from './useScheduleCatalogue';

/**
 * Schedules drawn per day before a '+n more' list: every schedule of a plant's usual month shows
 * (the month scrolls), while a month holding thousands stays quick to draw.
 */
const MAX_SCHEDULES_PER_DAY = 20;

/**
 * /home/inspectionSchedule (spec §2.6): the month's schedules coloured by spec §4's rule, the
 * checklist frequency filter, Add item, a click on a date for a new schedule and on a schedule to
 * edit it; engineers drag a schedule to another day. Planned (generated) and manual schedules show
 * alike. Pushes keep it current: a schedule changed elsewhere, or an inspection that completes one.
 */
export function InspectionSchedulePage() {
  const translate = useTranslate();
  const apiFetch = useApiFetch();
  const dialogs = useDialogs();
  const canManage = useSessionUser()?.permissions.includes('manage-inspection-schedule') ?? false;
  const catalogue = useScheduleCatalogue();
  const [filter, setFilter] = useState<FrequencyFilter>('');
  const [dialog, setDialog] = useState<ScheduleDialogSubject | null>(null);
  const calendar = useRef<EventCalendarHandle>(null);
  const today = useToday();

  // The frequencies matter only once a filter is chosen: no second fetch when they arrive unfiltered.
  const filterFrequencies = filter === '' ? null : catalogue.frequencies;
  const fetchEvents = useCallback(
    async ({ start, end }: VisiblePeriod): Promise<CalendarEvent<InspectionSchedule>[]> => {
      const schedules = await apiFetch<InspectionSchedule[]>('/inspectionSchedule', { query: { start, end } });
      const startOfToday = dayjs(today).startOf('day').valueOf();
      return schedules
        .filter((schedule) => filterFrequencies === null || scheduleMatchesFilter(schedule.checklists, filterFrequencies, filter))
        .map((schedule) => scheduleEvent(schedule, startOfToday, canManage));
    },
    [apiFetch, filter, filterFrequencies, today, canManage],
  );

  const { inspectionSchedule: scheduleVersion = 0 } = useLiveVersions();
  useEffect(() => {
    if (scheduleVersion > 0) calendar.current?.refetch();
  }, [scheduleVersion]);

  const statusText = (schedule: InspectionSchedule) => translate(`app.schedule.${scheduleStatus(schedule, dayjs(today).startOf('day').valueOf())}`);

  return (
    <Box sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {translate('app.menu.inspection_schedule')}
        </Typography>
        <ScheduleLegend />
      </Box>
      {catalogue.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {catalogue.error}
        </Alert>
      )}
      <EventCalendar<InspectionSchedule>
        ref={calendar}
        label={translate('app.schedule.calendar_label')}
        fetchEvents={fetchEvents}
        toolbar="month"
        views={['month']}
        overlap="stack"
        maxEventsPerDay={MAX_SCHEDULES_PER_DAY}
        editable={canManage}
        onDateClick={(date) => {
          if (canManage) setDialog({ kind: 'new', date });
        }}
        onEventClick={(event) => setDialog({ kind: 'edit', schedule: event.data })}
        onEventMove={(event, window) =>
          apiFetch(`/inspectionSchedule/${event.id}`, {
            method: 'PUT',
            body: { assetId: event.data.asset, checklistIds: event.data.checklists, start: window.start, end: window.end },
          }).catch((error: unknown) => {
            // The schedule goes back where it was; the server's reason says why (e.g. it was completed meanwhile).
            void dialogs.alert(errorMessageOf(error, translate));
            throw error;
          })
        }
        // A bar is one line, cut short where its days are narrow (a phone): its whole title and status
        // are in a tooltip — on hover, or a long press on a phone (a tap opens the schedule).
        // Wrapped titles would make a week of twenty schedules several screens tall.
        renderEvent={(event) => (
          <Tooltip title={`${event.title} — ${statusText(event.data)}`} describeChild>
            <Box component="span" sx={{ display: 'block', px: 0.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {event.title}
            </Box>
          </Tooltip>
        )}
        headerExtras={
          <>
            <TextField
              select
              size="small"
              label={translate('app.schedule.frequency')}
              value={filter}
              onChange={(event) => setFilter(event.target.value as FrequencyFilter)}
              fullWidth={false}
              sx={{ width: 180 }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              {FREQUENCY_FILTERS.map((value) => (
                <MenuItem key={value || 'any'} value={value}>
                  {value ? translate(`app.schedule.${value}`) : <em>{translate('app.schedule.any_frequency')}</em>}
                </MenuItem>
              ))}
            </TextField>
            {canManage && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'new' })}>
                {translate('app.schedule.add_item')}
              </Button>
            )}
          </>
        }
      />
      {dialog && (
        <ScheduleDialog
          subject={dialog}
          assets={catalogue.assets}
          checklistNames={catalogue.checklistNames}
          canManage={canManage}
          onClose={() => setDialog(null)}
          onChanged={() => calendar.current?.refetch()}
        />
      )}
    </Box>
  );
}

/** A schedule as the calendar draws it: whole days, its asset and checklists, coloured by spec §4. */
function scheduleEvent(schedule: InspectionSchedule, startOfToday: number, canManage: boolean): CalendarEvent<InspectionSchedule> {
  const checklists = schedule.checklistNames.join(', ');
  return {
    id: schedule._id,
    title: checklists ? `${schedule.assetName} · ${checklists}` : schedule.assetName,
    start: schedule.start,
    end: schedule.end,
    allDay: true,
    color: SCHEDULE_STATUS_COLOURS[scheduleStatus(schedule, startOfToday)],
    // A schedule holding inspections cannot be changed (spec §4; the server answers 409).
    editable: canManage && schedule.inspections.length === 0,
    data: schedule,
  };
}
