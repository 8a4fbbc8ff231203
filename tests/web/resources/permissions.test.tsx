import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';

const permissions = [
  { _id: 'p1', name: 'manage-asset' },
  { _id: 'p2', name: 'read-asset' },
  { _id: 'p3', name: 'custom-export' },
];
const roles = [
  { _id: 'r1', name: 'ROLE_ENGINEER', permissions: ['p2'] },
  { _id: 'r2', name: 'ROLE_SUPERUSER', permissions: ['p1', 'p2'] },
];
const users = [{ _id: 'u9', name: 'Tom Tech', username: 'tom', permissions: ['p3'] }];

function open(answers = {}) {
  return openAdminScreen('/home/permissionManagement', ['manage-permission'], {
    'GET /api/permission': () => jsonResponse(200, permissions),
    'GET /api/role': () => jsonResponse(200, roles),
    'GET /api/user': () => jsonResponse(200, users),
    ...answers,
  });
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

describe('Permission management (spec §2.9)', () => {
  it('lists each permission with the roles and the users holding it directly', async () => {
    open();
    expect(within(await rowOf('read-asset')).getByText('ROLE_ENGINEER, ROLE_SUPERUSER')).toBeInTheDocument();
    expect(within(await rowOf('custom-export')).getByText('Tom Tech')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Users having direct permission' })).toBeInTheDocument();
  });

  it('sorts by name by default and searches', async () => {
    open();
    await rowOf('read-asset');
    const names = () => screen.getAllByRole('row').slice(1).map((row) => within(row).queryAllByRole('cell')[1]?.textContent);
    expect(names()).toEqual(['custom-export', 'manage-asset', 'read-asset']);
    await userEvent.type(screen.getByRole('textbox', { name: 'Search' }), 'MANAGE');
    await waitFor(() => expect(names()).toEqual(['manage-asset']));
  });

  it('creates from the New Permission prompt and says so', async () => {
    const api = open({ 'POST /api/permission': (call: { body: unknown }) => jsonResponse(200, { _id: 'p4', ...(call.body as object) }) });
    await rowOf('read-asset');
    await userEvent.click(screen.getByRole('button', { name: 'New Permission' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'export-reports');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Permission created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/permission').map((c) => c.body)).toEqual([{ name: 'export-reports' }]);
  });

  it('sends nothing when the prompt is answered empty (spec §5)', async () => {
    const api = open();
    await rowOf('read-asset');
    await userEvent.click(screen.getByRole('button', { name: 'New Permission' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/permission')).toHaveLength(0);
  });

  it('keeps the prompt open with the server reason when the name is refused', async () => {
    open({ 'POST /api/permission': () => errorResponse(409, 'Permission with the name "read-asset" already exists') });
    await rowOf('read-asset');
    await userEvent.click(screen.getByRole('button', { name: 'New Permission' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'read-asset');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Permission creation failed')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByText('Permission with the name "read-asset" already exists')).toBeInTheDocument();
  });

  it('deletes only after the confirmation is accepted', async () => {
    const api = open({ 'DELETE /api/permission/p3': () => jsonResponse(200, { _id: 'p3', message: 'Permission deleted' }) });
    await userEvent.click(within(await rowOf('custom-export')).getByRole('button', { name: 'Delete custom-export' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/permission/p3')).toHaveLength(0);
    await userEvent.click(within(await rowOf('custom-export')).getByRole('button', { name: 'Delete custom-export' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Permission deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/permission/p3')).toHaveLength(1);
  });

  it('shows the permission management entry in the drawer only with manage-permission', async () => {
    open();
    expect(await screen.findByRole('menuitem', { name: 'Permission management' })).toHaveAttribute('href', '/home/permissionManagement');
  });
});
