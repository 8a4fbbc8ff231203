/**
 * The checklist frequency filter of spec §2.6/§9: blank shows every schedule; Monthly matches any
 * frequency containing 'month' (case-insensitive), so 'Monthly', 'every 3 months' and
 * 'Bi-monthly' all count. Weekly and Yearly read the same way ('week'; 'year' or 'annual').
 * A schedule matches when one of its checklists does. Frequencies are free text (spec §3).
 */
export type FrequencyFilter = '' | 'weekly' | 'monthly' | 'yearly';

export const FREQUENCY_FILTERS: readonly FrequencyFilter[] = ['', 'weekly', 'monthly', 'yearly'];

const WORDS: Record<Exclude<FrequencyFilter, ''>, readonly string[]> = {
  weekly: ['week'],
  monthly: ['month'],
  yearly: ['year', 'annual'],
};

export function frequencyMatches(frequency: string | null | undefined, filter: FrequencyFilter): boolean {
  if (filter === '') return true;
  const text = (frequency ?? '').toLowerCase();
  return WORDS[filter].some((word) => text.includes(word));
}

/** Whether a schedule shows under the filter, given each checklist's frequency by id. */
export function scheduleMatchesFilter(checklistIds: readonly string[], frequencies: ReadonlyMap<string, string>, filter: FrequencyFilter): boolean {
  if (filter === '') return true;
  return checklistIds.some((id) => frequencyMatches(frequencies.get(id), filter));
}
