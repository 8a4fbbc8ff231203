import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';

const permissions = ['view-engineer', 'manage-asset', 'read-asset', 'read-checklist', 'manage-role', 'manage-user', 'manage-table', 'export-reports'].map(
  (name, index) => ({ _id: `p${index + 1}`, name }),
);
const engineer = {
  _id: 'r1',
  name: 'ROLE_ENGINEER',
  dashboard: 'd1',
  permissions: ['p3', 'p1'],
  tables: [{ table: 't1', default: true }],
  createdAt: 10,
  updatedAt: 20,
};
const superuser = { _id: 'r2', name: 'ROLE_SUPERUSER', dashboard: null, permissions: permissions.map((p) => p._id), tables: [], createdAt: 11, updatedAt: 21 };
const roles = [engineer, superuser];
const users = [
  { _id: 'u1', name: 'Tom Tech', role: 'r1' },
  { _id: 'u2', name: 'Ann Admin', role: 'r2' },
  { _id: 'u3', name: 'Eve Eng', role: 'r1' },
];

function open(answers = {}) {
  return openAdminScreen('/home/roleManagement', ['manage-role'], {
    'GET /api/role': () => jsonResponse(200, roles),
    'GET /api/user': () => jsonResponse(200, users),
    'GET /api/permission': () => jsonResponse(200, permissions),
    'GET /api/dashboard': serverList('dashboard', [{ _id: 'd1', name: 'Plant overview' }]),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'All assets', type: 'asset' }]),
    'GET /api/role/r1': () => jsonResponse(200, engineer),
    'GET /api/role/r1/history': () => jsonResponse(200, []),
    ...answers,
  });
}

// The first screen of a file waits for the lazily loaded engineer area, slow on a busy machine.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;
const selectRow = async (name: string) => userEvent.click(within(await rowOf(name)).getByRole('checkbox', { name: 'Select this row' }));

describe('Role management (spec §2.9)', () => {
  it('lists each role with the users holding it and its permission names', async () => {
    open();
    const row = await rowOf('ROLE_ENGINEER');
    await waitFor(() => expect(within(row).getByText('Eve Eng, Tom Tech')).toBeInTheDocument());
    await waitFor(() => expect(within(row).getByText('read-asset, view-engineer')).toBeInTheDocument());
    // eight permissions: six names and a count
    expect(within(await rowOf('ROLE_SUPERUSER')).getByText(/^export-reports, manage-asset, manage-role, manage-table, manage-user, read-asset \+2 more$/)).toBeInTheDocument();
    for (const heading of ['Role', 'Users', 'Permissions', 'Actions']) expect(screen.getByRole('columnheader', { name: new RegExp(`^${heading}`) })).toBeInTheDocument();
  });

  it("creates from the New Role prompt with 'Role created'", async () => {
    const api = open({ 'POST /api/role': (call: ApiCall) => jsonResponse(200, { _id: 'r3', ...(call.body as object) }) });
    await rowOf('ROLE_ENGINEER');
    await userEvent.click(screen.getByRole('button', { name: 'New Role' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'ROLE_AUDITOR');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Role created')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/role').map((c) => c.body)).toEqual([{ name: 'ROLE_AUDITOR' }]);
  });

  it('copies exactly one selected role without name, _id, createdAt and updatedAt', async () => {
    const api = open({ 'POST /api/role': (call: ApiCall) => jsonResponse(200, { _id: 'r3', ...(call.body as object) }) });
    await rowOf('ROLE_ENGINEER');
    const copy = screen.getByRole('button', { name: 'Copy Role' });
    expect(copy).toBeDisabled();
    await selectRow('ROLE_ENGINEER');
    await selectRow('ROLE_SUPERUSER');
    expect(copy).toBeDisabled();
    await selectRow('ROLE_SUPERUSER');
    expect(copy).toBeEnabled();
    await userEvent.click(copy);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'ROLE_ENGINEER_NIGHT');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Role copied')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/role')[0]?.body).toEqual({
      name: 'ROLE_ENGINEER_NIGHT',
      dashboard: 'd1',
      permissions: ['p3', 'p1'],
      tables: [{ table: 't1', default: true }],
    });
  });

  it("says 'Role copying failed' when the copy is refused", async () => {
    open({ 'POST /api/role': () => errorResponse(409, 'Role with the name "ROLE_SUPERUSER" already exists') });
    await selectRow('ROLE_ENGINEER');
    await userEvent.click(screen.getByRole('button', { name: 'Copy Role' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'ROLE_SUPERUSER');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Role copying failed')).toBeInTheDocument();
  });

  it("says 'Role deletion failed' when users still hold the role (409)", async () => {
    const api = open({ 'DELETE /api/role/r1': () => errorResponse(409, 'Role "ROLE_ENGINEER" is held by Tom Tech and Eve Eng') });
    await userEvent.click(within(await rowOf('ROLE_ENGINEER')).getByRole('button', { name: 'Delete ROLE_ENGINEER' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role deletion failed')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/role/r1')).toHaveLength(1);
  });

  it("deletes a role after confirmation with 'Role deleted'", async () => {
    open({ 'DELETE /api/role/r2': () => jsonResponse(200, { _id: 'r2', message: 'Role deleted' }) });
    await userEvent.click(within(await rowOf('ROLE_SUPERUSER')).getByRole('button', { name: 'Delete ROLE_SUPERUSER' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Role deleted')).toBeInTheDocument();
  });

  it("edits dashboard and tables inline, keeps the permissions as they were, and saves with 'Role updated'", async () => {
    const api = open({ 'PUT /api/role/r1': (call: ApiCall) => jsonResponse(200, { ...engineer, ...(call.body as object), updatedAt: 30 }) });
    await userEvent.click(within(await rowOf('ROLE_ENGINEER')).getByRole('button', { name: 'Expand' }));
    expect(await screen.findByText('All assets')).toBeInTheDocument();
    const dashboard = screen.getByRole('combobox', { name: 'Dashboard' });
    await waitFor(() => expect(dashboard).toHaveValue('Plant overview'));
    await userEvent.click(dashboard);
    await userEvent.click(within(dashboard.closest('.MuiAutocomplete-root') as HTMLElement).getByRole('button', { name: 'Clear', hidden: true }));
    expect(dashboard).toHaveValue('');
    await userEvent.click(screen.getByRole('switch', { name: 'Default All assets' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/role/r1')[0]?.body).toEqual({
      name: 'ROLE_ENGINEER',
      dashboard: null,
      permissions: ['p3', 'p1'],
      tables: [{ table: 't1', default: false }],
    });
  });

  it("shows the role's own permissions read-only (spec §2.9): their names, nothing to pick them with", async () => {
    open();
    await userEvent.click(within(await rowOf('ROLE_ENGINEER')).getByRole('button', { name: 'Expand' }));
    const permissionsGroup = await screen.findByRole('group', { name: 'Permissions' });
    await waitFor(() => expect(within(permissionsGroup).getByText('read-asset')).toBeInTheDocument());
    expect(within(permissionsGroup).getByText('view-engineer')).toBeInTheDocument();
    expect(within(permissionsGroup).queryByText('export-reports')).toBeNull();
    expect(within(permissionsGroup).queryByRole('combobox')).toBeNull();
    expect(within(permissionsGroup).queryByRole('textbox')).toBeNull();
    expect(within(permissionsGroup).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Permissions' })).toBeNull();
  });

  it("says 'Role updating failed' when the server refuses the change", async () => {
    open({ 'PUT /api/role/r1': () => errorResponse(409, 'Role with the name "ROLE_SUPERUSER" already exists') });
    await userEvent.click(within(await rowOf('ROLE_ENGINEER')).getByRole('button', { name: 'Expand' }));
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'ROLE_SUPERUSER');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Role updating failed')).toBeInTheDocument();
  });
});
