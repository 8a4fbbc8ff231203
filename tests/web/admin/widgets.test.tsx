import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { widgetSchema } from '../../../common/resources/widget';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';

const scripts = [
  { _id: 's1', name: 'Count open alerts' },
  { _id: 's2', name: 'Alerts per level' },
];
const openAlerts = {
  _id: 'w1',
  name: 'Open alerts',
  type: 'string',
  script: 's1',
  options: { color: '#d32f2f', caption: 'Open' },
  navigation: null,
  createdAt: 10,
  updatedAt: 20,
};
const widgets = [
  { _id: 'w2', name: 'Alerts by level', type: 'chart', script: 's2' },
  { _id: 'w1', name: 'Open alerts', type: 'string', script: 's1' },
  { _id: 'w3', name: 'Welcome', type: 'html', script: null },
];
const dashboards = [
  { _id: 'd1', name: 'Plant overview', sections: [{ title: 'A', sequenceId: 1, filters: [], items: [{ _id: 'i1', widget: 'w1', width: 4, height: 300, sequenceId: 1 }] }, { title: 'B', sequenceId: 2, filters: [], items: [{ _id: 'i2', widget: 'w2', width: 8, height: 300, sequenceId: 1 }] }] },
  { _id: 'd2', name: 'Alarm board', sections: [{ title: '', sequenceId: 1, filters: [], items: [{ _id: 'i3', widget: 'w1', width: 12, height: 200, sequenceId: 1 }] }] },
];
const tablesByType: Record<string, { _id: string; name: string; type: string; default: boolean }[]> = {
  alert: [
    { _id: 't2', name: 'Unresolved alerts', type: 'alert', default: false },
    { _id: 't1', name: 'All alerts', type: 'alert', default: false },
  ],
  thermography: [{ _id: 't9', name: 'Hot spots', type: 'thermography', default: false }],
};

function open(answers: Record<string, (call: ApiCall) => Response> = {}) {
  return openAdminScreen('/home/widgetManagement', ['manage-widget'], {
    'GET /api/widget': () => jsonResponse(200, widgets),
    'GET /api/script': serverList('script', scripts),
    'GET /api/dashboard': () => jsonResponse(200, dashboards),
    'GET /api/widget/id/w1': () => jsonResponse(200, openAlerts),
    'GET /api/widget/w1/history': () => jsonResponse(200, []),
    'GET /api/table': (call) => jsonResponse(200, tablesByType[new URLSearchParams(call.search).get('type') ?? ''] ?? []),
    ...answers,
  });
}

// The first screen of a file waits for the lazily loaded engineer area, slow on a busy machine.
const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td' })).closest('tr') as HTMLElement;

async function expandOpenAlerts() {
  await userEvent.click(within(await rowOf('Open alerts')).getByRole('button', { name: 'Expand' }));
  await screen.findByRole('region', { name: 'Options' });
}

async function addOption(name: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Option name' }), name);
  await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

/** The stored widget as the server keeps it: a save changes what the next read answers. */
function storedWidget(initial: object = openAlerts) {
  let record = { ...initial } as Record<string, unknown>;
  return {
    'GET /api/widget/id/w1': () => jsonResponse(200, record),
    'PUT /api/widget/w1': (call: ApiCall) => {
      record = { ...record, ...(call.body as object), updatedAt: Number(record.updatedAt) + 1 };
      return jsonResponse(200, record);
    },
  };
}

async function savedBody(api: ReturnType<typeof open>) {
  const before = api.callsTo('PUT', '/api/widget/w1').length;
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(api.callsTo('PUT', '/api/widget/w1')).toHaveLength(before + 1));
  expect(await screen.findAllByText('Widget updated')).not.toHaveLength(0);
  const body = api.callsTo('PUT', '/api/widget/w1').at(-1)?.body;
  // What the form sends is what the server's schema takes.
  await expect(widgetSchema.validate(body, { strict: true })).resolves.toBeDefined();
  return body as Record<string, unknown>;
}

describe('Widget management (spec §2.9: Widget, Type, Script, Dashboards, Actions; New Widget, Copy Widget)', () => {
  it('lists Widget, Type, the script by name and the dashboards showing each widget', async () => {
    const api = open();
    await rowOf('Open alerts');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const label of ['Widget', 'Type', 'Script', 'Dashboards', 'Actions']) expect(headers.some((h) => h?.startsWith(label))).toBe(true);
    await waitFor(() =>
      expect(screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(2, 6).map((cell) => cell.textContent))).toEqual([
        ['Alerts by level', 'chart', 'Alerts per level', 'Plant overview'],
        ['Open alerts', 'string', 'Count open alerts', 'Alarm board, Plant overview'],
        ['Welcome', 'html', '', ''],
      ]),
    );
    // Spec §7: the list's projection, and the dashboards' sections for the Dashboards column.
    expect(new URLSearchParams(api.callsTo('GET', '/api/widget')[0]?.search).get('fields')).toBe('name,type,script');
    expect(new URLSearchParams(api.callsTo('GET', '/api/dashboard')[0]?.search).get('fields')).toBe('name,sections');
  });

  it("creates from the New Widget prompt with the name only: 'Widget created'", async () => {
    const api = open({ 'POST /api/widget': (call) => jsonResponse(200, { _id: 'w4', type: 'string', script: null, options: {}, navigation: null, ...(call.body as object) }) });
    await rowOf('Open alerts');
    await userEvent.click(screen.getByRole('button', { name: 'New Widget' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Overdue work orders');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Widget created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/widget').map((c) => c.body)).toEqual([{ name: 'Overdue work orders' }]);
  });

  it("copies the whole selected widget under the prompted name: 'Widget copied'", async () => {
    const withNavigation = { ...openAlerts, navigation: { type: 'alert', table: 't1' } };
    const api = open({
      'GET /api/widget/id/w1': () => jsonResponse(200, withNavigation),
      'POST /api/widget': (call) => jsonResponse(200, { _id: 'w4', ...(call.body as object) }),
    });
    const row = await rowOf('Open alerts');
    const copy = screen.getByRole('button', { name: 'Copy Widget' });
    expect(copy).toBeDisabled();
    await userEvent.click(within(row).getByRole('checkbox'));
    expect(copy).toBeEnabled();
    await userEvent.click(copy);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Open alerts (night)');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Widget copied')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/widget').map((c) => c.body)).toEqual([
      { name: 'Open alerts (night)', type: 'string', script: 's1', options: { color: '#d32f2f', caption: 'Open' }, navigation: { type: 'alert', table: 't1' } },
    ]);
  });

  it("refuses an option name already used with 'Option with the name color already exists' and adds a new one", async () => {
    const api = open(storedWidget());
    await expandOpenAlerts();
    expect(screen.getByRole('textbox', { name: 'color' })).toHaveValue('#d32f2f');

    // Refused in the prompt, which stays open for another name.
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Option name' }), 'color');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await within(screen.getByRole('dialog')).findByText('Option with the name color already exists')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByRole('textbox', { name: 'color' })).toHaveLength(1);

    // Empty does nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getAllByTestId('named-value')).toHaveLength(2);

    await addOption('unit');
    await userEvent.type(await screen.findByRole('textbox', { name: 'unit' }), 'alerts');
    // The colour option has a picker beside its text.
    fireEvent.input(screen.getByLabelText('Pick the colour of color'), { target: { value: '#00ff00' } });
    expect(screen.getByRole('textbox', { name: 'color' })).toHaveValue('#00ff00');

    const body = await savedBody(api);
    expect(body.options).toEqual({ color: '#00ff00', caption: 'Open', unit: 'alerts' });
  });

  it('asks before deleting an option: Cancel keeps it, Delete removes it', async () => {
    const api = open(storedWidget());
    await expandOpenAlerts();
    await userEvent.click(screen.getByRole('button', { name: 'Remove option caption' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the option caption and its value?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('textbox', { name: 'caption' })).toHaveValue('Open');

    await userEvent.click(screen.getByRole('button', { name: 'Remove option caption' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'caption' })).toBeNull());
    expect((await savedBody(api)).options).toEqual({ color: '#d32f2f' });
  });

  it('saves the navigation type and a table of that type (GET /table?type=…), or none', async () => {
    const api = open(storedWidget());
    await expandOpenAlerts();
    await userEvent.click(screen.getByRole('combobox', { name: /^Navigation/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Alerts' }));
    // The select opens once the tables of that type have arrived, as a user would find it.
    const tableSelect = await screen.findByRole('combobox', { name: /^Table/ });
    await waitFor(() => expect(tableSelect).not.toHaveAttribute('aria-disabled', 'true'));
    await userEvent.click(tableSelect);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(["The role's default table", 'All alerts', 'Unresolved alerts']);
    await userEvent.click(screen.getByRole('option', { name: 'Unresolved alerts' }));
    expect(new URLSearchParams(api.callsTo('GET', '/api/table').at(-1)?.search).get('type')).toBe('alert');
    expect((await savedBody(api)).navigation).toEqual({ type: 'alert', table: 't2' });

    // Thermography opens thermography tables; another type forgets the table chosen.
    await userEvent.click(screen.getByRole('combobox', { name: /^Navigation/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Thermography' }));
    await waitFor(() => expect(new URLSearchParams(api.callsTo('GET', '/api/table').at(-1)?.search).get('type')).toBe('thermography'));
    expect((await savedBody(api)).navigation).toEqual({ type: 'thermography', table: null });

    await userEvent.click(screen.getByRole('combobox', { name: /^Navigation/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'None' }));
    expect(screen.queryByRole('combobox', { name: /^Table/ })).toBeNull();
    expect((await savedBody(api)).navigation).toBeNull();
  }, 40_000);

  it("offers every widget type, a measurement point's trend and a maintenance KPI among them, and saves the one chosen (issues 44 §5, 45)", async () => {
    const api = open(storedWidget());
    await expandOpenAlerts();
    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(offered).toEqual(['string', 'progress', 'table', 'html', 'chart', 'trend', 'kpi']);
    await userEvent.click(screen.getByRole('option', { name: 'trend' }));
    expect((await savedBody(api)).type).toBe('trend');
  });

  it("a KPI widget's KPI is chosen from the KPIs by name, its formula under it, and saved as the option kpi (issue 45)", async () => {
    const api = open(storedWidget());
    await expandOpenAlerts();
    expect(screen.queryByRole('combobox', { name: /^KPI/ })).toBeNull();
    await userEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'kpi' }));
    const kpi = await screen.findByRole('combobox', { name: /^KPI/ });
    expect(screen.getByText('Which maintenance KPI the widget shows (docs/kpis.md)')).toBeInTheDocument();
    await userEvent.click(kpi);
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    // docs/kpis.md's eight KPIs, in its order.
    expect(offered).toEqual(['MTBF', 'MTTR', 'PM compliance', 'Planned maintenance', 'Ready backlog', 'Time to acknowledge', 'Time to resolve', 'Maintenance cost per asset']);
    await userEvent.click(screen.getByRole('option', { name: 'MTTR' }));
    // docs/kpis.md: MTTR's formula.
    expect(await screen.findByText(/downtime of corrective repairs/i)).toBeInTheDocument();
    const saved = await savedBody(api);
    expect([saved.type, (saved.options as Record<string, unknown>).kpi]).toEqual(['kpi', 'mttr']);
  });

  it("says 'Widget updating failed' when the server refuses, and deletes after confirming", async () => {
    const api = open({
      'PUT /api/widget/w1': () => errorResponse(400, 'navigation.table must be a table of type alert'),
      'DELETE /api/widget/w3': () => jsonResponse(200, { _id: 'w3' }),
    });
    await expandOpenAlerts();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const failure = await screen.findByRole('dialog', { name: 'Widget updating failed' });
    expect(failure).toHaveTextContent('navigation.table must be a table of type alert');
    await userEvent.click(within(failure).getByRole('button', { name: 'Close' }));
    await userEvent.click(within(await rowOf('Welcome')).getByRole('button', { name: 'Delete Welcome' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Widget deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/widget/w3')).toHaveLength(1);
  });
});
