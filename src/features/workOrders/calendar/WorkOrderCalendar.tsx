import { useCallback, useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { priorityColour, type WorkOrder } from '../../../../common/resources/workOrder';
import { EventCalendar, type CalendarEvent, type EventCalendarHandle, type TimeWindow, type VisiblePeriod } from '../../../shared/ui/calendar';
import { PRIORITY_COLOURS } from '../shared/priorityColours';
import { useWorkOrderApi, type WorkOrderQuery } from '../workOrderApi';

interface WorkOrderCalendarProps {
  query: WorkOrderQuery;
  /** Raised when orders changed elsewhere (a save, a delete, a push): the period is fetched again. */
  version: number;
  onEdit: (order: WorkOrder) => void;
}

/** Orders this long are drawn across whole days. */
const DAY_MS = 86_400_000;

/**
 * An order as the calendar draws it: its title over its window, in its priority's colour (spec
 * §9). One lasting a day or more goes to the all-day row of the week and day views: drawn as a
 * sliver per day in the time grid, a dozen multi-day orders left no title readable. A drag still
 * moves its exact times by the days it was moved.
 */
export function workOrderEvent(order: WorkOrder): CalendarEvent<WorkOrder> {
  return {
    id: order._id,
    title: order.title,
    start: order.startTimestamp,
    end: order.endTimestamp,
    allDay: order.endTimestamp - order.startTimestamp >= DAY_MS,
    color: PRIORITY_COLOURS[priorityColour(order.priority)].bg,
    data: order,
  };
}

/**
 * The Calendar tab (spec §2.8), the app's one calendar configured: Today, previous, next; Day,
 * Week, Month and 4 days, month first; stacked overlap; 600 high. A date or a 'more' link opens
 * that day, an event its edit dialog; a drag saves the order with its new times. Spec §8: a
 * failed load or move is only logged (a moved order goes back where it was).
 */
export function WorkOrderCalendar({ query, version, onEdit }: WorkOrderCalendarProps) {
  const translate = useTranslate();
  const api = useWorkOrderApi();
  const calendar = useRef<EventCalendarHandle>(null);
  // What the period showed last: a failed refetch keeps it instead of emptying the calendar.
  const last = useRef<{ period: VisiblePeriod; events: CalendarEvent<WorkOrder>[] } | null>(null);

  const fetchEvents = useCallback(
    async (period: VisiblePeriod): Promise<CalendarEvent<WorkOrder>[]> => {
      try {
        const events = (await api.inPeriod(query, period.start, period.end)).map(workOrderEvent);
        last.current = { period, events };
        return events;
      } catch (error: unknown) {
        console.error('work orders could not be loaded', error);
        const previous = last.current;
        return previous && previous.period.start === period.start && previous.period.end === period.end ? previous.events : [];
      }
    },
    [api, query],
  );

  useEffect(() => {
    if (version > 0) calendar.current?.refetch();
  }, [version]);

  // Spec §7: PUT the whole order with the drag's new times; a rejection puts the event back.
  const move = (event: CalendarEvent<WorkOrder>, window: TimeWindow) =>
    api.update({ ...event.data, startTimestamp: window.start, endTimestamp: window.end }).catch((error: unknown) => {
      console.error('work order could not be moved', error);
      throw error;
    });

  return (
    <EventCalendar<WorkOrder>
      ref={calendar}
      label={translate('app.work_order_screen.calendar_label')}
      fetchEvents={fetchEvents}
      toolbar="full"
      // Spec §2.8's order of the view switch; month is shown first.
      views={['day', 'week', 'month', 'fourDays']}
      initialView="month"
      overlap="stack"
      editable
      // As many orders a day as the month's cell holds (a day holding hundreds stays quick to draw);
      // the rest behind '+n more', which opens that day with all of them (spec §2.8).
      maxEventsPerDay="fit"
      onDateClick={(date) => calendar.current?.showDay(date)}
      onEventClick={(event) => onEdit(event.data)}
      onEventMove={move}
    />
  );
}
