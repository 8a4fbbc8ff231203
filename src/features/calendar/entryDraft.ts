import dayjs from 'dayjs';
import type { CalendarEntry, CalendarEntryType, CalendarFieldDefinition } from './calendarConfig';
import { attributesForEdit, attributesToSave, initialAttributes, settleDependents, type CustomAttributes } from './customAttributes';

/** 1 hour: a new timed entry's length (spec §9's default duration). */
export const NEW_ENTRY_DURATION_MS = 60 * 60 * 1000;

/**
 * What the Add / Edit dialog holds. Start and end are epoch ms, or null when not set. A whole-day
 * entry (timed false) runs from the start of its first day to the end of its last (23:59:59.999,
 * local), as inspection schedules do; a timed one from minute to minute.
 */
export interface EntryDraft {
  _id?: string;
  /** The entry's title; blank shows its type's name. */
  name: string;
  type: string;
  timed: boolean;
  start: number | null;
  end: number | null;
  customAttributes: CustomAttributes;
  /** An existing entry that may not be deleted (spec §2.7: Delete only when the entry allows it). */
  disableDelete?: boolean;
}

/**
 * A new entry on `at`: a click on a time (timed) starts there for an hour; a day, or the Add
 * button (today), gives a whole-day entry. The first entry type is chosen already, unless
 * `presets` (the filters shown) name one; presets fill custom attributes too.
 */
export function newEntryDraft(
  at: { date: Date; timed: boolean },
  types: readonly CalendarEntryType[],
  definitions: readonly CalendarFieldDefinition[],
  presets: { type?: string; customAttributes?: CustomAttributes } = {},
): EntryDraft {
  const start = at.timed ? at.date.getTime() : dayjs(at.date).startOf('day').valueOf();
  return {
    name: '',
    type: presets.type ?? types[0]?._id ?? '',
    timed: at.timed,
    start,
    end: at.timed ? start + NEW_ENTRY_DURATION_MS : dayjs(at.date).endOf('day').valueOf(),
    customAttributes: settleDependents(definitions, { ...initialAttributes(definitions), ...presets.customAttributes }),
  };
}

export function draftOfEntry(entry: CalendarEntry, definitions: readonly CalendarFieldDefinition[]): EntryDraft {
  return {
    _id: entry._id,
    name: entry.name ?? '',
    type: entry.type,
    timed: entry.timed,
    start: entry.start,
    end: entry.end,
    customAttributes: attributesForEdit(definitions, entry.customAttributes),
    disableDelete: entry.disableDelete === true,
  };
}

/**
 * Switching between whole days and times: to whole days, the days the times fall on; to times,
 * the same instants (a whole day reads 12:00 AM to 11:59 PM until changed).
 */
export function withTimed(draft: EntryDraft, timed: boolean): EntryDraft {
  if (timed) return { ...draft, timed };
  return {
    ...draft,
    timed,
    start: draft.start === null ? null : dayjs(draft.start).startOf('day').valueOf(),
    end: draft.end === null ? null : dayjs(draft.end).endOf('day').valueOf(),
  };
}

/** A whole-day field's YYYY-MM-DD as the start or end of that day, or null when cleared. */
export function dayStart(day: string): number | null {
  return day ? dayjs(day).startOf('day').valueOf() : null;
}

export function dayEnd(day: string): number | null {
  return day ? dayjs(day).endOf('day').valueOf() : null;
}

export function dayText(epochMs: number | null): string {
  return epochMs === null ? '' : dayjs(epochMs).format('YYYY-MM-DD');
}

/**
 * Spec §5's checks for a calendar entry, in its order; the first failing one is the alert
 * (as an i18n key), or null when the entry may be saved.
 */
export function draftProblem(draft: Pick<EntryDraft, 'start' | 'end'>): string | null {
  if (draft.start === null) return 'app.schedule.start_not_set';
  if (draft.end === null) return 'app.schedule.end_not_set';
  if (draft.end < draft.start) return 'app.schedule.end_before_start';
  return null;
}

/**
 * The body of POST /calendarEntry and PUT /calendarEntry/{id}: what the dialog edits. Fields it
 * does not show (colour, disableDelete) are left out, so a PUT keeps them as stored.
 */
export function entryBody(draft: EntryDraft) {
  return {
    name: draft.name.trim(),
    type: draft.type,
    timed: draft.timed,
    start: draft.start,
    end: draft.end,
    customAttributes: attributesToSave(draft.customAttributes),
  };
}
