import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';

const pumpWeekly = {
  _id: 'c1',
  name: 'Pump weekly',
  frequency: 'weekly',
  scripts: ['s1'],
  checklistItems: [
    { attribute: 'running', sequenceId: 2, threshold: { operation: 'equal', value: false, level: 'l1' }, showMandatoryIndicator: true },
    { attribute: 'pressure', sequenceId: 1, threshold: { operation: 'greater than', value: 8, level: null }, showMandatoryIndicator: false },
  ],
  groups: [{ name: 'Motor', attributes: ['running'] }],
  createdAt: 10,
  updatedAt: 20,
};
const boilerMonthly = { _id: 'c2', name: 'Boiler monthly', frequency: 'monthly', scripts: [], checklistItems: [], groups: [] };
const assets = [
  { _id: 'x1', name: 'Pump B', identification: 'PMP-002', checklists: ['c1'] },
  { _id: 'x2', name: 'Pump A', identification: 'PMP-001', checklists: ['c1', 'c2'] },
  { _id: 'x3', name: 'Fan', identification: 'FAN-001', checklists: [] },
];
const attributes = [
  { _id: 'pressure', name: 'Pressure', technicalName: 'pressure', type: 'number', options: { values: [] } },
  { _id: 'running', name: 'Running', technicalName: 'running', type: 'boolean', options: { values: [] } },
  { _id: 'remark', name: 'Remark', technicalName: 'remark', type: 'string', options: { values: [] } },
];

function open(answers = {}) {
  return openAdminScreen('/home/checklistManagement', ['manage-checklist'], {
    'GET /api/checklist': () => jsonResponse(200, [pumpWeekly, boilerMonthly]),
    'GET /api/checklist/c1': () => jsonResponse(200, pumpWeekly),
    'GET /api/checklist/c1/history': () => jsonResponse(200, []),
    'GET /api/checklist/c1/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, inspectionSchedule: 0 }, archives: false }),
    'GET /api/checklist/c2/references': () => jsonResponse(200, { references: { inspection: 0, alert: 0, inspectionSchedule: 0 }, archives: false }),
    'GET /api/asset': () => jsonResponse(200, assets),
    'GET /api/attribute': () => jsonResponse(200, attributes),
    'GET /api/script': serverList('script', [{ _id: 's1', name: 'Raise work order' }, { _id: 's2', name: 'Compute wear' }]),
    'GET /api/alertLevel': () => jsonResponse(200, [{ _id: 'l1', name: 'Critical', color: '#d32f2f', technicalName: 'critical' }]),
    ...answers,
  });
}

// The first screen of a file also loads the app's modules: more than findBy's default second.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const echo = (id: string) => (call: ApiCall) => jsonResponse(200, { _id: id, ...(call.body as object) });

async function expandPumpWeekly() {
  await userEvent.click(within(await rowOf('Pump weekly')).getByRole('button', { name: 'Expand' }));
  await screen.findByRole('region', { name: 'Checklist items' });
  await waitFor(() => expect(screen.getAllByTestId('checklist-item')[0]).toHaveTextContent('Pressure'));
}

describe('Checklist management (spec §2.9)', () => {
  it('lists name, frequency, item count, and the assets offering each checklist with their IDs', async () => {
    const api = open();
    const pump = await rowOf('Pump weekly');
    await waitFor(() => expect(cellTexts(pump).slice(2, 7)).toEqual(['Pump weekly', 'weekly', '2', 'Pump A, Pump B', 'PMP-001, PMP-002']));
    expect(cellTexts(await rowOf('Boiler monthly')).slice(2, 7)).toEqual(['Boiler monthly', 'monthly', '0', 'Pump A', 'PMP-001']);
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/\d+$/, ''));
    expect(headers.filter(Boolean)).toEqual(['Checklist', 'Frequency', 'Number of checklist items', 'Assets', 'Asset IDs', 'Actions']);
    expect(new URLSearchParams(api.callsTo('GET', '/api/asset')[0]?.search).get('fields')).toBe('name,identification,checklists');
  });

  it('creates a checklist named in the New Checklist prompt', async () => {
    const api = open({ 'POST /api/checklist': echo('c3') });
    await rowOf('Pump weekly');
    await userEvent.click(screen.getByRole('button', { name: 'New Checklist' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Fan quarterly');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Checklist created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/checklist').map((c) => c.body)).toEqual([{ name: 'Fan quarterly' }]);
  });

  it('copies the whole selected checklist under the prompted name', async () => {
    const api = open({ 'POST /api/checklist': echo('c3') });
    await rowOf('Pump weekly');
    const copy = screen.getByRole('button', { name: 'Copy Checklist' });
    expect(copy).toBeDisabled();
    await userEvent.click(within(await rowOf('Pump weekly')).getByRole('checkbox'));
    await userEvent.click(copy);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Pump weekly (copy)');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Checklist copied')).toBeInTheDocument();
    const { _id: _ignored, createdAt: _c, updatedAt: _u, ...rest } = pumpWeekly;
    expect(api.callsTo('POST', '/api/checklist').map((c) => c.body)).toEqual([{ ...rest, name: 'Pump weekly (copy)' }]);
  });

  it("says 'Checklist copying failed' when the copy is refused", async () => {
    open({ 'POST /api/checklist': () => errorResponse(409, 'Checklist with the name "Boiler monthly" already exists') });
    await userEvent.click(within(await rowOf('Pump weekly')).getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy Checklist' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Boiler monthly');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const failure = await screen.findByRole('dialog', { name: 'Checklist copying failed' });
    expect(failure).toHaveTextContent('Checklist with the name "Boiler monthly" already exists');
  });

  it('edits name, frequency, scripts, items and groups in the expanded row and says "Checklist updated"', { timeout: 60_000 }, async () => {
    const api = open({ 'PUT /api/checklist/c1': echo('c1') });
    await expandPumpWeekly();
    const frequency = screen.getByRole('textbox', { name: 'Frequency' });
    await userEvent.clear(frequency);
    await userEvent.type(frequency, 'every 2 weeks');
    // The scripts run after an inspection, held ones named, others picked by name.
    const scripts = screen.getByRole('combobox', { name: 'Scripts' });
    expect(await within(scripts.closest('.MuiAutocomplete-root') as HTMLElement).findByText('Raise work order')).toBeInTheDocument();
    await userEvent.type(scripts, 'wear');
    await userEvent.click(await screen.findByRole('option', { name: 'Compute wear' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Running up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const items = screen.getAllByTestId('checklist-item');
    await userEvent.click(within(items[2] as HTMLElement).getByRole('combobox', { name: 'Attribute' }));
    await userEvent.click(await screen.findByRole('option', { name: /Remark/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Checklist updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/checklist/c1').map((c) => c.body)).toEqual([
      {
        name: 'Pump weekly',
        frequency: 'every 2 weeks',
        scripts: ['s1', 's2'],
        checklistItems: [
          { attribute: 'running', sequenceId: 1, threshold: { operation: 'equal', value: false, level: 'l1' }, showMandatoryIndicator: true },
          { attribute: 'pressure', sequenceId: 2, threshold: { operation: 'greater than', value: 8, level: null }, showMandatoryIndicator: false },
          { attribute: 'remark', sequenceId: 3, threshold: null, showMandatoryIndicator: false },
        ],
        groups: [{ name: 'Motor', attributes: ['running'] }],
      },
    ]);
  });

  it('keeps Save disabled while a threshold value does not fit its attribute', async () => {
    open();
    await expandPumpWeekly();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    await userEvent.clear(screen.getByRole('spinbutton', { name: 'Value' }));
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Value' }), '9');
    expect(save).toBeEnabled();
  });

  it("does not save an item without an attribute and says it is required", async () => {
    const api = open({ 'PUT /api/checklist/c1': echo('c1') });
    await expandPumpWeekly();
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(screen.getAllByTestId('checklist-item')[2] as HTMLElement).findByText('Required.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/checklist/c1')).toHaveLength(0);
  });

  it("says 'Checklist updating failed' when the server refuses the change", async () => {
    open({ 'PUT /api/checklist/c1': () => errorResponse(400, 'checklistItems[0].threshold.value must be a number') });
    await expandPumpWeekly();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const failure = await screen.findByRole('dialog', { name: 'Checklist updating failed' });
    expect(failure).toHaveTextContent('checklistItems[0].threshold.value must be a number');
  });

  it("deletes after confirmation and says 'Checklist deleted'; a refusal says 'Checklist deletion failed'", async () => {
    const api = open({
      'DELETE /api/checklist/c2': () => jsonResponse(200, { _id: 'c2', message: 'Checklist deleted' }),
      'DELETE /api/checklist/c1': () => errorResponse(500, 'boom'),
    });
    await userEvent.click(within(await rowOf('Boiler monthly')).getByRole('button', { name: 'Delete Boiler monthly' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Checklist deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/checklist/c2')).toHaveLength(1);
    await userEvent.click(within(await rowOf('Pump weekly')).getByRole('button', { name: 'Delete Pump weekly' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Checklist deletion failed')).toBeInTheDocument();
  });
});
