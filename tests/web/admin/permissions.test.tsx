import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
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
/** The roles as GET /role/{id} reads them, whole. */
const wholeRoles: Record<string, object> = {
  r1: { _id: 'r1', name: 'ROLE_ENGINEER', dashboard: 'd1', permissions: ['p2'], tables: [{ table: 't1', default: true }], createdAt: 1, updatedAt: 2 },
  r2: { _id: 'r2', name: 'ROLE_SUPERUSER', dashboard: null, permissions: ['p1', 'p2'], tables: [], createdAt: 3, updatedAt: 4 },
};
const users = [{ _id: 'u9', name: 'Tom Tech', username: 'tom', permissions: ['p3'] }];

function open(answers = {}, held = ['manage-permission', 'manage-role']) {
  return openAdminScreen('/home/permissionManagement', held, {
    'GET /api/permission': () => jsonResponse(200, permissions),
    'GET /api/role': () => jsonResponse(200, roles),
    'GET /api/user': () => jsonResponse(200, users),
    'GET /api/permission/p1': () => jsonResponse(200, permissions[0]),
    'GET /api/permission/p1/history': () => jsonResponse(200, []),
    'GET /api/permission/p2': () => jsonResponse(200, permissions[1]),
    'GET /api/permission/p2/history': () => jsonResponse(200, []),
    'GET /api/role/r1': () => jsonResponse(200, wholeRoles.r1),
    'GET /api/role/r2': () => jsonResponse(200, wholeRoles.r2),
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

  it('gives a permission to a role from its row: that role is read and saved whole with the permission added', async () => {
    const api = open({ 'PUT /api/role/r1': (call: ApiCall) => jsonResponse(200, { ...wholeRoles.r1, ...(call.body as object), updatedAt: 5 }) });
    await userEvent.click(within(await rowOf('manage-asset')).getByRole('button', { name: 'Expand' }));
    const rolesInput = await screen.findByRole('combobox', { name: 'Roles' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'ROLE_SUPERUSER' })).toBeInTheDocument());
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.click(rolesInput);
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'ROLE_ENGINEER' }));
    await userEvent.click(save);
    expect(await screen.findByText('Permission updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/role/r1').map((c) => c.body)).toEqual([
      { name: 'ROLE_ENGINEER', dashboard: 'd1', permissions: ['p2', 'p1'], tables: [{ table: 't1', default: true }] },
    ]);
    expect(api.callsTo('PUT', '/api/role/r2')).toHaveLength(0);
  });

  it('takes a permission from a role, and says so when the server refuses', async () => {
    const api = open({ 'PUT /api/role/r2': () => errorResponse(400, 'permissions: no permission has the id p1') });
    await userEvent.click(within(await rowOf('manage-asset')).getByRole('button', { name: 'Expand' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'ROLE_SUPERUSER' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('combobox', { name: 'Roles' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'ROLE_SUPERUSER' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Permission updating failed')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/role/r2').map((c) => c.body)).toEqual([{ name: 'ROLE_SUPERUSER', dashboard: null, permissions: ['p2'], tables: [] }]);
  });

  it('lists the roles holding it without manage-role, and offers nothing to change them', async () => {
    open({}, ['manage-permission']);
    await userEvent.click(within(await rowOf('read-asset')).getByRole('button', { name: 'Expand' }));
    const group = await screen.findByRole('group', { name: 'Roles' });
    await waitFor(() => expect(within(group).getByText('ROLE_ENGINEER')).toBeInTheDocument());
    expect(within(group).getByText('ROLE_SUPERUSER')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Roles' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the permission management entry in the drawer only with manage-permission', async () => {
    open();
    expect(await screen.findByRole('menuitem', { name: 'Permission management' })).toHaveAttribute('href', '/home/permissionManagement');
  });
});
