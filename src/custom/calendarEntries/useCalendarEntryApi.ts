import { useMemo } from 'react';
import { useApiFetch } from '../../dataProvider/useApiFetch';
import type { CalendarEntry } from './calendarConfig';

export type CalendarEntryBody = Omit<CalendarEntry, '_id' | 'start' | 'end'> & { start: number | null; end: number | null };

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
