import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';

const entries = [
  { _id: 'c1', key: 'applicationName', description: 'Name in the bar', value: 'Plant Ops' },
  { _id: 'c2', key: 'companyLogoURL', description: 'Logo', value: '/logo.svg' },
];

function open(answers = {}) {
  return openAdminScreen('/home/configManagement', ['manage-config'], {
    'GET /api/config': () => jsonResponse(200, entries),
    'GET /api/config/c1/history': () => jsonResponse(200, []),
    'GET /api/config/c1': () => jsonResponse(200, entries[0]),
    ...answers,
  });
}

describe('Configuration management (spec §2.9)', () => {
  it('lists Key, Description and Value sorted by key', async () => {
    // The server answers out of order: the screen sorts by key.
    open({ 'GET /api/config': () => jsonResponse(200, [...entries].reverse()) });
    expect(await screen.findByRole('cell', { name: 'Plant Ops' })).toBeInTheDocument();
    for (const heading of ['Key', 'Description', 'Value']) expect(screen.getByRole('columnheader', { name: heading })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1).map((row) => row.textContent ?? '');
    expect(rows.map((text) => ['applicationName', 'companyLogoURL'].find((key) => text.includes(key)))).toEqual(['applicationName', 'companyLogoURL']);
  });

  it('refuses a key another entry holds, without calling the server (spec §5)', async () => {
    const api = open();
    await screen.findByRole('cell', { name: 'Plant Ops' });
    await userEvent.click(screen.getByRole('button', { name: 'New Item' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Key' }), 'applicationName');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Config with the same key already exists')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/config')).toHaveLength(0);
  });

  it('edits an entry in the Edit Item dialog and sends PUT /config/{id}', async () => {
    const api = open({ 'PUT /api/config/c1': (call: { body: unknown }) => jsonResponse(200, { ...entries[0], ...(call.body as object), message: 'Config updated' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Item applicationName' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Item')).toBeInTheDocument();
    const value = within(dialog).getByRole('textbox', { name: 'Value' });
    await userEvent.clear(value);
    await userEvent.type(value, 'North Plant');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/config/c1')[0]?.body).toEqual({ key: 'applicationName', description: 'Name in the bar', value: 'North Plant' });
  });

  it("shows the server's message when saving fails (spec §8)", async () => {
    open({ 'POST /api/config': () => errorResponse(400, 'value must be at most 100000 characters') });
    await screen.findByRole('cell', { name: 'Plant Ops' });
    await userEvent.click(screen.getByRole('button', { name: 'New Item' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Key' }), 'newKey');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('value must be at most 100000 characters')).toBeInTheDocument();
  });
});
