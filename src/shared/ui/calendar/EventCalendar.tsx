import { useCallback, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref } from 'react';
import { useQuery } from '@tanstack/react-query';
import FullCalendar, { type CalendarRef, type DatesSetInfo as DatesSetArg, type EventApi, type EventDropInfo as EventDropArg, type EventInput, type EventResizeDoneInfo as EventResizeDoneArg } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import monarchThemePlugin from '@fullcalendar/react/themes/monarch';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/monarch/theme.css';
import dayjs from 'dayjs';
import { Alert, Box, Button, GlobalStyles, LinearProgress, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../errorMessageOf';
import { readableTextColor } from '../readableTextColor';
import {
  CALENDAR_HEIGHT_PX,
  DEFAULT_EVENT_DURATION_MINUTES,
  DRAG_SNAP_MINUTES,
  FIRST_DAY_OF_WEEK,
  OVERLAP_THRESHOLD_MINUTES,
} from './calendarConstants';
import { calendarThemeVars } from './calendarThemeVars';
import { CalendarToolbar, type CalendarToolbarVariant } from './CalendarToolbar';
import { movedWindow, resizedWindow } from './dragWindow';
import { monthAnchor } from './monthAnchor';
import type { CalendarEvent, CalendarViewName, OverlapMode, TimeWindow, VisiblePeriod } from './types';
import { useDragGuard } from './useDragGuard';
import { visiblePeriodOf } from './visiblePeriod';

/** FullCalendar's view types behind our view names; '4 days' is a time grid four days wide. */
const VIEW_TYPES: Record<CalendarViewName, string> = {
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
  fourDays: 'timeGridFourDays',
};
const VIEW_NAMES = Object.fromEntries(Object.entries(VIEW_TYPES).map(([name, type]) => [type, name])) as Record<string, CalendarViewName>;

/** Where a drawn event keeps the screen's event it was made from. */
const SOURCE = 'source';

/** One array for the calendar's life: a new one each render would make FullCalendar start over. */
const PLUGINS = [dayGridPlugin, timeGridPlugin, interactionPlugin, monarchThemePlugin];

/** A time-grid slot is half an hour and at least this tall, so the overlap threshold has a height. */
const SLOT_MINUTES = 30;
const SLOT_MIN_HEIGHT_PX = 24;

/**
 * The top of a day's cell in the month grid (its day number). It stays at the top of the grid's
 * box while the rest of its week is in view: a week of twenty schedules is taller than half the
 * box, and scrolled into its middle the bars had no day numbers above them.
 */
const DAY_TOP_CLASS = 'event-calendar-day-top';
/** Above the events FullCalendar draws over the cells (its z-index 5), below its popovers. */
const DAY_TOP_Z_INDEX = 6;

/** Midnight starting today: where a view opens, and where Today goes (see monthAnchor). */
const startOfToday = () => dayjs().startOf('day').toDate();

/**
 * The number of a screen's fetch function, for the cache key of its answers: a new function (other
 * filters) is another source, asked anew; the same one keeps its answers per period.
 */
const sources = new WeakMap<object, number>();
let sourceCount = 0;
function sourceOf(fetchEvents: object): number {
  let source = sources.get(fetchEvents);
  if (source === undefined) sources.set(fetchEvents, (source = ++sourceCount));
  return source;
}

/** The cache key of a source's events in a period. */
const calendarEventsKey = (source: number, period: VisiblePeriod | null) => ['calendar', source, period?.start ?? null, period?.end ?? null] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const durationText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;

/** What a screen can do with the calendar from outside it. */
export interface EventCalendarHandle {
  /** Fetch the visible period again (after a save, or a push saying something changed). */
  refetch(): void;
  /** Switch to the day view of a date (spec §2.7, §2.8: a click on a date or a 'more' link). */
  showDay(date: Date): void;
}

export interface EventCalendarProps<T> {
  /** The events of the visible period; called again whenever the period changes or on refetch(). */
  fetchEvents: (period: VisiblePeriod) => Promise<CalendarEvent<T>[]>;
  /** Views offered by the 'full' toolbar; the first one is the default unless `initialView` says. */
  views?: readonly CalendarViewName[];
  initialView?: CalendarViewName;
  toolbar?: CalendarToolbarVariant;
  /** Controls of the screen shown in the calendar's header (Add item, filters, legend). */
  headerExtras?: ReactNode;
  /** 'stack' (the schedule) or 'columns' (the configurable calendar), spec §9. */
  overlap?: OverlapMode;
  /** Events can be dragged to another time (spec §4). */
  editable?: boolean;
  /** An event's end can be dragged (spec §2.7). */
  resizable?: boolean;
  /** A click on a day (month view) or a time (week/day views). */
  onDateClick?: (date: Date, allDay: boolean) => void;
  onEventClick?: (event: CalendarEvent<T>) => void;
  /** A drop: save the new window; a rejected promise puts the event back. */
  onEventMove?: (event: CalendarEvent<T>, window: TimeWindow) => Promise<unknown>;
  /** A resize: save the new window; a rejected promise puts the event back. */
  onEventResize?: (event: CalendarEvent<T>, window: TimeWindow) => Promise<unknown>;
  /** Drawn inside an event instead of its title (e.g. the title with an edit cog). */
  renderEvent?: (event: CalendarEvent<T>) => ReactNode;
  /**
   * Events drawn per day in the month view (and the all-day row of the week views): a number,
   * 'fit' (as many as the day's cell holds), or all (the default; the month scrolls). The rest sit
   * behind a '+n more' link, which opens that day's view when the calendar offers one — the day
   * view draws every event — else a list over the day.
   */
  maxEventsPerDay?: number | 'fit';
  /** The period shown changed (after navigation or a view switch). */
  onPeriodChange?: (period: VisiblePeriod, view: CalendarViewName) => void;
  /** Names the calendar region for assistive technology. */
  label?: string;
  ref?: Ref<EventCalendarHandle>;
}

/**
 * The one calendar of the app (spec §2.6–§2.8, §4, §9), on FullCalendar 7. Screens configure it;
 * what every calendar must do is fixed here:
 * - week starts on Sunday, 600 px high, the month view's heading is the month and year;
 * - the month view shows only the month's own days, so what is fetched is exactly the month
 *   (start = its first ms, end = its last ms);
 * - a drag moves start and end by the same amount, the start rounded down to a quarter hour; an
 *   event without an end lasts an hour; the pointer leaving the calendar cancels the drag; a click
 *   while dragging is ignored; a failed save puts the event back;
 * - colours come from the MUI theme (dark).
 *
 * Usage:
 *   const calendar = useRef<EventCalendarHandle>(null);
 *   <EventCalendar
 *     ref={calendar}
 *     fetchEvents={async ({ start, end }) => (await apiFetch<Row[]>('/thing', { query: { start, end } })).map(toEvent)}
 *     toolbar="full" views={['month', 'week', 'day', 'fourDays']} overlap="columns" editable resizable
 *     onDateClick={(date) => calendar.current?.showDay(date)}
 *     onEventClick={(event) => openEditor(event.data)}
 *     onEventMove={(event, { start, end }) => apiFetch(`/thing/${event.id}`, { method: 'PUT', body: { ...event.data, start, end } })}
 *   />
 * A new `fetchEvents` (e.g. a filter changed) fetches again; so does `calendar.current.refetch()`.
 */
export function EventCalendar<T>({
  fetchEvents,
  views = ['month'],
  initialView,
  toolbar = 'month',
  headerExtras,
  overlap = 'stack',
  editable = false,
  resizable = false,
  onDateClick,
  onEventClick,
  onEventMove,
  onEventResize,
  renderEvent,
  maxEventsPerDay,
  onPeriodChange,
  label,
  ref,
}: EventCalendarProps<T>) {
  const theme = useTheme();
  const translate = useTranslate();
  const calendarRef = useRef<CalendarRef>(null);
  const area = useRef<HTMLDivElement>(null);
  const guard = useDragGuard(area);
  const [title, setTitle] = useState('');
  const [view, setView] = useState<CalendarViewName>(initialView ?? views[0] ?? 'month');
  // What is shown, as FullCalendar reports it once it has laid out a period.
  const [period, setPeriod] = useState<VisiblePeriod | null>(null);
  const api = () => calendarRef.current?.getApi();
  // One date for the calendar's life: a new one each render would be a changed option.
  const [initialDate] = useState(startOfToday);
  /** Previous or next: a month view goes to the other month's anchor (monthAnchor), any other view a period on. */
  const step = (direction: 1 | -1) => {
    const calendar = api();
    if (!calendar) return;
    if (calendar.view.type === VIEW_TYPES.month) calendar.gotoDate(monthAnchor(dayjs(calendar.view.currentStart).add(direction, 'month').toDate(), Date.now()));
    else if (direction > 0) calendar.next();
    else calendar.prev();
  };

  /*
   * Fetching is ours, not FullCalendar's: its own event sources start fetching while it renders,
   * and React may render a screen more than once before showing it (each render a fetch). Here the
   * period is fetched once it is shown, again when the screen's fetch function changes (a filter)
   * or on refetch() — a query per source and period, so an answer for one no longer shown is not
   * drawn. A failure shows at once (no retry); coming back to the tab asks nothing by itself.
   */
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: calendarEventsKey(sourceOf(fetchEvents), period),
    queryFn: () => (period ? fetchEvents(period) : Promise.resolve([])),
    enabled: period !== null,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const askAgain = useCallback(() => {
    if (period) void refetch();
  }, [period, refetch]);
  const loading = isFetching;
  // A retry hides the failure it retries.
  const failure = error && !isFetching ? errorMessageOf(error, translate) : null;
  // The events drawn, as the screen gave them (callbacks hand them back): the last answer, which
  // stays while another period or source loads and when it fails; a drag changes it where it lands.
  const [events, setEvents] = useState<readonly CalendarEvent<T>[]>([]);
  const [answer, setAnswer] = useState<readonly CalendarEvent<T>[] | undefined>(undefined);
  if (data !== undefined && data !== answer) {
    setAnswer(data);
    setEvents(data);
  }

  const eventInputs = useMemo(() => {
    // Thousands of events share a handful of colours: each text colour is worked out once.
    const contrast = new Map<string, string>();
    const contrastOf = (colour: string) => {
      let text = contrast.get(colour);
      if (text === undefined) contrast.set(colour, (text = readableTextColor(theme, colour) ?? theme.palette.text.primary));
      return text;
    };
    return events.map((event) => toEventInput(event, contrastOf));
  }, [events, theme]);

  useImperativeHandle(
    ref,
    () => ({
      refetch: askAgain,
      showDay: (date: Date) => api()?.changeView(VIEW_TYPES.day, date),
    }),
    [askAgain],
  );

  // Each drawn event carries the screen's own event, so every callback hands back exactly what was given.
  const eventOf = (impl: EventApi): CalendarEvent<T> | undefined => impl.extendedProps[SOURCE] as CalendarEvent<T> | undefined;
  const replace = (changed: CalendarEvent<T>) => setEvents((list) => list.map((event) => (event.id === changed.id ? changed : event)));

  /** Saves a drop or resize where it lands (snapped); it goes back when the save fails or the drag was cancelled. */
  const settle = (impl: EventApi, revert: () => void, save: ((event: CalendarEvent<T>, window: TimeWindow) => Promise<unknown>) | undefined, windowOf: (event: CalendarEvent<T>) => TimeWindow) => {
    const event = eventOf(impl);
    if (!event || !save || guard.wasCancelled()) {
      revert();
      return;
    }
    const window = windowOf(event);
    replace({ ...event, ...window });
    save(event, window).catch(() => replace(event));
  };

  /*
   * FullCalendar works its options out again whenever one changes, and redraws every event when
   * its content function does: the handlers it is given stay the same for the calendar's life and
   * call the current ones (a month of thousands of schedules then draws once, not on each render).
   */
  const latest = useRef({ guard, settle, onEventMove, onEventResize, onEventClick, onDateClick, onPeriodChange, renderEvent });
  useLayoutEffect(() => {
    latest.current = { guard, settle, onEventMove, onEventResize, onEventClick, onDateClick, onPeriodChange, renderEvent };
  });
  const hasRenderEvent = renderEvent !== undefined;
  const handlers = useMemo(() => {
    const eventOfNow = (impl: EventApi) => impl.extendedProps[SOURCE] as CalendarEvent<T> | undefined;
    return {
      datesSet: (info: DatesSetArg) => {
        const name = VIEW_NAMES[info.view.type] ?? 'month';
        const shown = visiblePeriodOf(info.view.activeStart, info.view.activeEnd);
        setTitle(info.view.title);
        setView(name);
        setPeriod((current) => (current?.start === shown.start && current.end === shown.end ? current : shown));
        latest.current.onPeriodChange?.(shown, name);
      },
      eventDragStart: () => latest.current.guard.begin(),
      eventDragStop: () => latest.current.guard.end(),
      eventResizeStart: () => latest.current.guard.begin(),
      eventResizeStop: () => latest.current.guard.end(),
      eventDrop: (info: EventDropArg) => latest.current.settle(info.event, info.revert, latest.current.onEventMove, (event) => movedWindow(event, info.delta)),
      eventResize: (info: EventResizeDoneArg) =>
        latest.current.settle(info.event, info.revert, latest.current.onEventResize, (event) => resizedWindow(event, info.startDelta, info.endDelta)),
      // Names each drawn event by its id, for the browser tests and anyone finding one in the page.
      eventDidMount: (info: { el: HTMLElement; event: EventApi }) => {
        info.el.dataset.eventId = info.event.id;
      },
      eventClick: (info: { event: EventApi; jsEvent: MouseEvent }) => {
        info.jsEvent.preventDefault();
        const event = eventOfNow(info.event);
        if (event && !latest.current.guard.ignoresClicks()) latest.current.onEventClick?.(event);
      },
      dateClick: (info: { date: Date; allDay: boolean }) => {
        if (!latest.current.guard.ignoresClicks()) latest.current.onDateClick?.(info.date, info.allDay);
      },
      ...(hasRenderEvent
        ? {
            eventContent: (info: { event: EventApi }) => {
              const event = eventOfNow(info.event);
              const render = latest.current.renderEvent;
              return event && render ? render(event) : info.event.title;
            },
          }
        : {}),
    };
  }, [hasRenderEvent]);

  const thresholdHeight = Math.round((OVERLAP_THRESHOLD_MINUTES / SLOT_MINUTES) * SLOT_MIN_HEIGHT_PX);
  const viewOptions = useMemo(
    () => ({
      timeGridFourDays: { type: 'timeGrid', duration: { days: 4 } },
      dayGridMonth: { titleFormat: { year: 'numeric' as const, month: 'long' as const } },
      // The day view is where a 'more' link leads: it holds nothing back (its all-day row grows),
      // else its own '+n more' led to itself and those events were nowhere to be seen.
      timeGridDay: { dayMaxEvents: false },
    }),
    [],
  );

  // On :root, as FullCalendar's own palettes set them: its '+n more' popover is drawn in <body>, outside the calendar.
  const themeVars = useMemo(() => ({ ':root': calendarThemeVars(theme) }), [theme]);

  return (
    <Box>
      <GlobalStyles styles={themeVars} />
      <CalendarToolbar
        variant={toolbar}
        title={title}
        views={views}
        view={view}
        onPrevious={() => step(-1)}
        onNext={() => step(1)}
        onToday={() => api()?.gotoDate(startOfToday())}
        onView={(next) => api()?.changeView(VIEW_TYPES[next])}
        extras={headerExtras}
      />
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={translate('app.event_calendar.loading')} />}</Box>
      {failure && (
        <Alert severity="error" sx={{ mb: 1 }} action={<Button onClick={askAgain}>{translate('app.event_calendar.retry')}</Button>}>
          {failure}
        </Alert>
      )}
      <Box
        ref={area}
        role="region"
        aria-label={label}
        data-calendar-view={view}
        sx={{
          fontFamily: theme.typography.fontFamily,
          fontSize: theme.typography.body2.fontSize,
          '& a': { color: 'inherit' },
          // Its own stacking context: the sticky day tops (DAY_TOP_Z_INDEX) stay under FullCalendar's '+n more' popover, drawn in <body>.
          isolation: 'isolate',
          // FullCalendar's own CSS gives the cell's top `position: relative !important`.
          [`&[data-calendar-view="month"] .${DAY_TOP_CLASS}`]: { position: 'sticky !important', top: 0, zIndex: DAY_TOP_Z_INDEX, backgroundColor: 'var(--fc-monarch-background)' },
        }}
      >
        <FullCalendar
          ref={calendarRef}
          plugins={PLUGINS}
          initialView={VIEW_TYPES[initialView ?? views[0] ?? 'month']}
          initialDate={initialDate}
          views={viewOptions}
          headerToolbar={false}
          colorScheme={theme.palette.mode}
          height={CALENDAR_HEIGHT_PX}
          firstDay={FIRST_DAY_OF_WEEK}
          showNonCurrentDates={false}
          dayCellTopClass={DAY_TOP_CLASS}
          fixedWeekCount={false}
          events={eventInputs}
          {...handlers}
          editable={editable}
          eventStartEditable={editable}
          eventDurationEditable={resizable}
          snapDuration={durationText(DRAG_SNAP_MINUTES)}
          slotDuration={durationText(SLOT_MINUTES)}
          slotMinHeight={SLOT_MIN_HEIGHT_PX}
          eventMinHeight={thresholdHeight}
          slotEventOverlap={overlap === 'stack'}
          defaultTimedEventDuration={durationText(DEFAULT_EVENT_DURATION_MINUTES)}
          forceEventDuration
          dayMaxEvents={maxEventsPerDay === 'fit' ? true : (maxEventsPerDay ?? false)}
          // Our day view by name: FullCalendar's 'day' would pick its own day grid, a view the toolbar does not know.
          moreLinkClick={views.includes('day') ? VIEW_TYPES.day : 'popover'}
        />
      </Box>
    </Box>
  );
}

/** FullCalendar's all-day end is the day after the last one; ours is the last moment of the last day. */
function allDayEnd(end: number): Date {
  return dayjs(end).startOf('day').add(1, 'day').toDate();
}

function toEventInput<T>(event: CalendarEvent<T>, contrastOf: (colour: string) => string): EventInput {
  const allDay = event.allDay ?? false;
  const end = event.end ?? null;
  return {
    id: event.id,
    title: event.title,
    extendedProps: { [SOURCE]: event },
    start: new Date(event.start),
    ...(end !== null ? { end: allDay ? allDayEnd(end) : new Date(end) } : {}),
    allDay,
    ...(event.editable === false ? { editable: false } : {}),
    ...(event.color ? { color: event.color, contrastColor: contrastOf(event.color) } : {}),
  };
}
