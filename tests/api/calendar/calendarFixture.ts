import { expect } from 'vitest';
import type { TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';

/**
 * A calendar set up for tests through Configuration, as an administrator would (DESIGN §12): the
 * config entries calendar.entryTypes and calendar.config replaced by these, written out here.
 */
export const TEST_ENTRY_TYPES = [
  { _id: 'outage', name: 'Outage', color: '#ff0000' },
  { _id: 'visit', name: 'Visit' },
];

export const TEST_CALENDAR_CONFIG = {
  filters: [
    { key: 'region', label: 'Region', defaultValue: 'North' },
    { key: 'type', label: 'Kind', defaultValue: '' },
  ],
  actionButtons: [{ label: 'Count', clickFunctionName: 'count', functionBody: "notify(rows.length + ' entries')" }],
  legend: [{ label: 'Outage', color: '#ff0000' }],
  customFields: {
    definitions: [
      { key: 'region', label: 'Region', values: ['North', 'South'] },
      { key: 'building', label: 'Building', dependsOn: 'region', dependentMappings: { North: ['N1', 'N2'], South: ['S1'] } },
      { key: 'room', label: 'Room', dependsOn: 'building', dependentMappings: { N1: ['N1-a', 'N1-b'], N2: ['N2-a'], S1: ['S1-a'] } },
      { key: 'trades', label: 'Trades', multiSelect: true, values: ['HVAC', 'Electrical', 'Plumbing'] },
      { key: 'crew', label: 'Crew', type: 'number' },
      { key: 'note', label: 'Note' },
      { key: 'due', label: 'Due', type: 'date' },
      { key: 'permit', label: 'Permit' },
    ],
    updateReadOnlyFields: ['permit'],
  },
};

/** The config entry with this key, as the Configuration screen lists it. */
export async function configEntry(t: TestApp, key: string): Promise<Doc> {
  const entries = ok<Doc[]>(await adminApi(t).get('/config'));
  const entry = entries.find((e) => e.key === key);
  expect(entry, key).toBeDefined();
  return entry as Doc;
}

/** PUT /config/{id} of the entry with this key, as the administrator saves it. */
export async function saveConfig(t: TestApp, key: string, value: unknown) {
  const entry = await configEntry(t, key);
  return adminApi(t).put(`/config/${entry._id}`, { key, description: entry.description, value: typeof value === 'string' ? value : JSON.stringify(value) });
}

export async function useTestCalendar(t: TestApp): Promise<void> {
  ok(await saveConfig(t, 'calendar.entryTypes', TEST_ENTRY_TYPES));
  ok(await saveConfig(t, 'calendar.config', TEST_CALENDAR_CONFIG));
}
