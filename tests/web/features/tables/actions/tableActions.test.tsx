import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RESOLVE_SELECTED_BODY } from '../../../../../server/seed/demoTables';
import type { TableDefinition } from '../../../../../src/features/tables/tableDefinition';
import { jsonResponse, mockApi, type ApiCall } from '../../../helpers/mockApi';
import { renderApp } from '../../../helpers/renderApp';
import { sessionUser } from '../../../helpers/sessionUsers';

const RESOLVE = [
  "const remark = await prompt('Remark', { required: true, confirmLabel: 'Resolve' });",
  'if (!remark) return;',
  "await http.post('/alert/resolve', { remark, ids: selected.map((alert) => alert._id) });",
  "notify(selected.length + ' resolved', 'success');",
  'refresh();',
].join('\n');

function definition(overrides: Partial<TableDefinition> = {}): TableDefinition {
  return {
    name: 'Alerts',
    keyField: '_id',
    type: 'alert',
    fields: [{ heading: 'Message', dataField: 'message' }],
    filters: [],
    data: [
      { _id: 'al1', message: 'Too hot' },
      { _id: 'al2', message: 'Too loud' },
    ],
    allowSelection: true,
    bulkActions: [{ name: 'Resolve selected', color: 'primary', clickFunctionName: 'resolveSelected', functionBody: RESOLVE }],
    customActions: [{ name: 'Broken', color: 'error', clickFunctionName: 'broken', functionBody: "throw new Error('nothing to do')" }],
    ...overrides,
  };
}

function openAlerts(answers: Record<string, (call: ApiCall) => Response> = {}) {
  localStorage.clear();
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'read-alert', 'resolve-alert'])),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'Alerts', type: 'alert', default: true }]),
    'GET /api/table/t1': () => jsonResponse(200, definition()),
    'POST /api/alert/resolve': () => jsonResponse(200, { alerts: [] }),
    ...answers,
  });
  renderApp('/home/alert/table/t1');
  return api;
}

describe('custom and bulk table actions (spec §2.5)', () => {
  it('keeps a bulk action disabled until a row is selected, then runs it on the selection', async () => {
    const api = openAlerts();
    const user = userEvent.setup();
    await screen.findByText('Too hot');
    const bulk = screen.getByRole('button', { name: 'Resolve selected' });
    expect(bulk).toBeDisabled();
    const row = screen.getByText('Too loud').closest('tr')!;
    await user.click(within(row).getByRole('checkbox'));
    expect(bulk).toBeEnabled();
    const loadsBefore = api.callsTo('GET', '/api/table/t1').length;
    await user.click(bulk);
    const dialog = await screen.findByRole('dialog');
    // prompt's options: the button is named by the script and waits for an answer.
    const resolve = within(dialog).getByRole('button', { name: 'Resolve' });
    expect(resolve).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Fan cleaned');
    await user.click(resolve);
    await waitFor(() => expect(api.callsTo('POST', '/api/alert/resolve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/alert/resolve')[0]!.body).toEqual({ remark: 'Fan cleaned', ids: ['al2'] });
    expect(await screen.findByText('1 resolved')).toBeInTheDocument();
    // refresh() reads the table again.
    await waitFor(() => expect(api.callsTo('GET', '/api/table/t1').length).toBeGreaterThan(loadsBefore));
  });

  it("the seeded Alerts table's Resolve selected asks in a dialog titled 'Resolve 1 alert' whose field is 'Remark'", async () => {
    const seededAction = { name: 'Resolve selected', color: 'primary', clickFunctionName: 'resolveSelected', functionBody: RESOLVE_SELECTED_BODY };
    const api = openAlerts({ 'GET /api/table/t1': () => jsonResponse(200, definition({ bulkActions: [seededAction] })) });
    const user = userEvent.setup();
    await screen.findByText('Too hot');
    await user.click(within(screen.getByText('Too hot').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Resolve selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve 1 alert' });
    // The title is not repeated as the field's label.
    expect(within(dialog).getAllByText('Resolve 1 alert')).toHaveLength(1);
    await user.type(within(dialog).getByRole('textbox', { name: 'Remark' }), 'Bearing greased');
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/alert/resolve')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/alert/resolve')[0]!.body).toEqual({ remark: 'Bearing greased', ids: ['al1'] });
    expect(await screen.findByText('1 alert resolved')).toBeInTheDocument();
  });

  it('does nothing when the prompt is cancelled', async () => {
    const api = openAlerts();
    const user = userEvent.setup();
    await screen.findByText('Too hot');
    await user.click(within(screen.getByText('Too hot').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Resolve selected' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Resolve selected' })).toBeEnabled());
    expect(api.callsTo('POST', '/api/alert/resolve')).toHaveLength(0);
  });

  it('names the action and its error when the script fails', async () => {
    openAlerts();
    const user = userEvent.setup();
    await screen.findByText('Too hot');
    await user.click(screen.getByRole('button', { name: 'Broken' }));
    expect(await screen.findByText('Action "Broken" failed: nothing to do (line 1)')).toBeInTheDocument();
  });

  it('offers no bulk actions on a table without row selection', async () => {
    openAlerts({ 'GET /api/table/t1': () => jsonResponse(200, definition({ allowSelection: false })) });
    await screen.findByText('Too hot');
    expect(screen.queryByRole('button', { name: 'Resolve selected' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Broken' })).toBeEnabled();
  });
});
