import { useMemo } from 'react';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import type { CalendarEntry } from './calendarConfig';

/** What POST and PUT send; a PUT may send the whole entry as read (its _id and timestamps are ignored). */
export type CalendarEntryBody = Omit<Partial<CalendarEntry>, 'start' | 'end'> & { type: string; start: number | null; end: number | null };

/** The calendar entry calls of spec §7 (DESIGN §12). */
export function useCalendarEntryApi() {
  const apiFetch = useApiFetch();
  return useMemo(
    () => ({
      /** Entries overlapping [start, end] with the chosen filters as `<key>=<value>`. */
      list: async (start: number, end: number, filters: Record<string, string>, signal?: AbortSignal): Promise<CalendarEntry[]> => {
        const answer = await apiFetch<{ data?: CalendarEntry[] }>('/calendarEntry', { query: { ...filters, start, end }, signal });
        return Array.isArray(answer?.data) ? answer.data : [];
      },
      create: (body: CalendarEntryBody) => apiFetch<CalendarEntry>('/calendarEntry', { method: 'POST', body }),
      update: (id: string, body: CalendarEntryBody) => apiFetch<CalendarEntry>(`/calendarEntry/${encodeURIComponent(id)}`, { method: 'PUT', body }),
      remove: (id: string) => apiFetch<unknown>(`/calendarEntry/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    }),
    [apiFetch],
  );
}
