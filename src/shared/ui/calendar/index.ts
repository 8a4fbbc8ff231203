/**
 * The one calendar (FullCalendar 7) that the inspection schedule, the configurable calendar and
 * the work-order calendar configure. See EventCalendar.tsx for what is fixed and a usage example.
 */
export { EventCalendar, type EventCalendarHandle, type EventCalendarProps } from './EventCalendar';
export type { CalendarEvent, CalendarViewName, OverlapMode, TimeWindow, VisiblePeriod } from './types';
export { CALENDAR_HEIGHT_PX, DEFAULT_EVENT_DURATION_MINUTES, DRAG_SNAP_MINUTES, FIRST_DAY_OF_WEEK, OVERLAP_THRESHOLD_MINUTES } from './calendarConstants';
