import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';

const scripts = [
  { _id: 's1', name: 'Alerts table' },
  { _id: 's2', name: 'Assets table' },
];
const tables = [
  { _id: 't2', name: 'Assets', type: 'asset', script: 's2' },
  { _id: 't1', name: 'Alerts', type: 'alert', script: 's1' },
];
const roles = [
  { _id: 'r1', name: 'ROLE_ENGINEER', tables: [{ table: 't1', default: true }, { table: 't2', default: true }] },
  { _id: 'r2', name: 'ROLE_SUPERUSER', tables: [{ table: 't1', default: true }] },
];
const alertsRecord = { ...tables[1], createdAt: 1, updatedAt: 2 };
const preview = {
  name: 'Alerts',
  fields: [
    { heading: 'Message', dataField: 'message' },
    { heading: 'Severity', dataField: 'severityLevel' },
  ],
  data: [
    { _id: 'a1', message: 'Too hot', severityLevel: { text: 'High', color: '#f57c00' } },
    { _id: 'a2', message: 'Too loud', severityLevel: { text: 'Low', color: '#388e3c' } },
  ],
};

function open(answers: Record<string, (call: ApiCall) => Response> = {}) {
  return openAdminScreen('/home/tableManagement', ['manage-table'], {
    'GET /api/table': () => jsonResponse(200, tables),
    'GET /api/script': serverList('script', scripts),
    'GET /api/role': () => jsonResponse(200, roles),
    'GET /api/table/id/t1': () => jsonResponse(200, alertsRecord),
    'GET /api/table/t1': () => jsonResponse(200, preview),
    'GET /api/table/t1/history': () => jsonResponse(200, []),
    ...answers,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text, { selector: 'td' })).closest('tr') as HTMLElement;

describe('Table management (spec §2.9: Table, Type, Roles, Script, Actions; New Table)', () => {
  it('lists Table, Type, the roles listing it and its script by name', async () => {
    const api = open();
    await rowOf('Alerts');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    for (const label of ['Table', 'Type', 'Roles', 'Script', 'Actions']) expect(headers.some((h) => h?.includes(label))).toBe(true);
    const cells = screen.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(1, 5).map((cell) => cell.textContent));
    expect(cells).toEqual([
      ['Alerts', 'alert', 'ROLE_ENGINEER, ROLE_SUPERUSER', 'Alerts table'],
      ['Assets', 'asset', 'ROLE_ENGINEER', 'Assets table'],
    ]);
    // The administration list is every table, not the user's role's.
    expect(new URLSearchParams(api.callsTo('GET', '/api/table')[0]!.search).get('limitToRole')).toBeNull();
  });

  it("creates from the New Table prompt with the name only: 'Table created'", async () => {
    const api = open({ 'POST /api/table': (call) => jsonResponse(200, { _id: 't3', type: 'asset', script: null, ...(call.body as object) }) });
    await rowOf('Alerts');
    await userEvent.click(screen.getByRole('button', { name: 'New Table' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'Overdue work');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Table created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/table').map((c) => c.body)).toEqual([{ name: 'Overdue work' }]);
  });

  it("saves name, type and script with 'Table updated', or says 'Table updating failed'", async () => {
    let refuse = false;
    const api = open({ 'PUT /api/table/t1': (call) => (refuse ? errorResponse(400, 'script: unknown script') : jsonResponse(200, { ...alertsRecord, ...(call.body as object) })) });
    await userEvent.click(within(await rowOf('Alerts')).getByRole('button', { name: 'Expand' }));
    await userEvent.click(await screen.findByRole('combobox', { name: /^Type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'inspection' }));
    const script = screen.getByRole('combobox', { name: 'Script' });
    await userEvent.type(script, 'assets');
    await userEvent.click(await screen.findByRole('option', { name: 'Assets table' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Table updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/table/t1')[0]?.body).toEqual({ name: 'Alerts', type: 'inspection', script: 's2' });
    refuse = true;
    await userEvent.clear(screen.getByRole('textbox', { name: 'Name' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Alerts 2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Table updating failed')).toBeInTheDocument();
  });

  it('Run shows the rows the saved script builds, and is held back while there are unsaved changes', async () => {
    const api = open();
    await userEvent.click(within(await rowOf('Alerts')).getByRole('button', { name: 'Expand' }));
    const run = await screen.findByRole('button', { name: 'Run' });
    await userEvent.click(run);
    expect(await screen.findByText('Too hot')).toBeInTheDocument();
    expect(screen.getByText('Priority High')).toBeInTheDocument();
    expect(screen.getByText('Alerts: 2 rows')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/table/t1')).toHaveLength(1);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), ' (new)');
    expect(screen.getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(screen.getByText('Save first: Run shows the saved table')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open table' })).toHaveAttribute('href', '/home/alert/table/t1');
  });

  it('says when the preview is the first page of a table that pages itself', async () => {
    open({ 'GET /api/table/t1': () => jsonResponse(200, { ...preview, total: 1234 }) });
    await userEvent.click(within(await rowOf('Alerts')).getByRole('button', { name: 'Expand' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Alerts: the first 2 of 1234 rows')).toBeInTheDocument();
  });

  it("shows the script's error when the run fails", async () => {
    open({ 'GET /api/table/t1': () => errorResponse(422, 'ReferenceError: rowz is not defined (line 3)') });
    await userEvent.click(within(await rowOf('Alerts')).getByRole('button', { name: 'Expand' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('ReferenceError: rowz is not defined (line 3)')).toBeInTheDocument();
  });

  it("deletes after confirming: 'Table deleted'", async () => {
    const api = open({ 'DELETE /api/table/t1': () => jsonResponse(200, alertsRecord) });
    await userEvent.click(within(await rowOf('Alerts')).getByRole('button', { name: 'Delete Alerts' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Table deleted')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('DELETE', '/api/table/t1')).toHaveLength(1));
  });
});
