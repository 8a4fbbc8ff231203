import { render } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { vi } from 'vitest';
import type { CalendarConfig, CalendarEntry, CalendarEntryType } from '../../../../src/features/calendar/calendarConfig';
import { CalendarEntryDialog } from '../../../../src/features/calendar/CalendarEntryDialog';
import type { EntryDraft } from '../../../../src/features/calendar/entryDraft';
import { DialogsProvider } from '../../../../src/shared/ui/dialogs/DialogsProvider';
import { dataProvider } from '../../../../src/platform/dataProvider';
import { i18nProvider } from '../../../../src/platform/i18n';

/** Entry types as GET /calendarEntryType answers them. */
export const types: CalendarEntryType[] = [
  { _id: 'shutdown', name: 'Shutdown', color: '#d32f2f' },
  { _id: 'visit', name: 'Contractor visit', color: '#1976d2' },
];

/** A calendar config as GET /calendarEntry/calendarConfig serves it (spec §3). */
export const config: CalendarConfig = {
  filters: [
    { key: 'site', label: 'Site', values: ['North', 'South'], defaultValue: 'North' },
    { key: 'type', label: 'Type', values: ['Shutdown', 'Contractor visit'], defaultValue: '' },
  ],
  actionButtons: [
    {
      label: 'Count entries',
      clickFunctionName: 'countEntries',
      functionBody: "notify(rows.length + ' entries at ' + filters.site + ' from ' + new Date(period.start).getDate(), 'success');",
    },
  ],
  legend: [
    { label: 'Shutdown', color: '#d32f2f' },
    { label: 'Contractor visit', color: '#1976d2' },
  ],
  customFields: {
    definitions: [
      { key: 'site', label: 'Site', values: ['North', 'South'] },
      { key: 'building', label: 'Building', dependsOn: 'site', dependentMappings: { North: ['N1', 'N2'], South: ['S1'] } },
      { key: 'room', label: 'Room', dependsOn: 'building', dependentMappings: { N1: ['N1-101', 'N1-102'], N2: ['N2-201'], S1: ['S1-001'] } },
      { key: 'trades', label: 'Trades', multiSelect: true, values: ['Electrical', 'Mechanical', 'HVAC'] },
      { key: 'contractor', label: 'Contractor', type: 'text' },
      { key: 'crew', label: 'Crew size', type: 'number' },
      { key: 'permitDate', label: 'Permit date', type: 'date' },
    ],
    updateReadOnlyFields: ['site'],
  },
};

export function entry(overrides: Partial<CalendarEntry> = {}): CalendarEntry {
  return {
    _id: 'e1',
    name: 'Boiler shutdown',
    type: 'shutdown',
    start: new Date(2026, 2, 10).getTime(),
    end: new Date(2026, 2, 11, 23, 59, 59, 999).getTime(),
    customAttributes: { site: 'North', building: 'N1', room: 'N1-101', trades: ['Mechanical'] },
    color: null,
    timed: false,
    disableDelete: false,
    createdAt: 0,
    updatedAt: 0,
    ...overrides,
  };
}

/** The dialog alone, with the app's i18n, dialogs and API client (fetch mocked by the test). */
export function renderDialog(initial: EntryDraft) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <DialogsProvider>
        <CalendarEntryDialog initial={initial} types={types} config={config} onClose={onClose} onChanged={onChanged} />
      </DialogsProvider>
    </AdminContext>,
  );
  return { onClose, onChanged };
}
