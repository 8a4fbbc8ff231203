import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../helpers/mockApi';
import { openAdminScreen } from '../helpers/adminScreen';
import { serverList } from '../helpers/serverList';

const permissions = [
  { _id: 'p1', name: 'manage-asset' },
  { _id: 'p2', name: 'read-asset' },
  { _id: 'p3', name: 'export-reports' },
  { _id: 'p4', name: 'read-checklist' },
];
const roles = [
  { _id: 'r1', name: 'ROLE_ENGINEER', permissions: ['p2'] },
  { _id: 'r2', name: 'ROLE_SUPERUSER', permissions: ['p1', 'p2', 'p4'] },
];
const users = [
  { _id: 'u2', name: 'Ann Admin', username: 'ann', role: 'r2', status: 'inactive', customAttributes: { site: 'North' } },
  { _id: 'u3', name: 'Tom Tech', username: 'tom', role: 'r1', customAttributes: { shift: 'night' } },
];
const tom = {
  _id: 'u3',
  name: 'Tom Tech',
  email: 'tom@example.com',
  username: 'tom',
  role: 'r1',
  status: 'active',
  permissions: ['p3'],
  moduleWhitelist: [],
  dashboardId: null,
  banner: null,
  customAttributes: { shift: 'night' },
  hourlyRate: null,
  createdAt: 1,
  updatedAt: 2,
};

function open(answers = {}) {
  return openAdminScreen('/home/userManagement', ['manage-user'], {
    // The screen pages on the server: the role sorts and searches by its name.
    'GET /api/user': serverList('user', users, { role: (row) => roles.find((role) => role._id === row.role)?.name ?? '', status: (row) => String(row.status || 'active') }),
    'GET /api/user/customAttributeNames': () => jsonResponse(200, ['shift', 'site']),
    'GET /api/role': serverList('role', roles),
    'GET /api/permission': () => jsonResponse(200, permissions),
    'GET /api/dashboard': serverList('dashboard', []),
    'GET /api/user/u3': () => jsonResponse(200, tom),
    'GET /api/user/u3/history': () => jsonResponse(200, []),
    ...answers,
  });
}

// The first screen of a file waits for the lazily loaded engineer area, slow on a busy machine.
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

async function expandTom() {
  await userEvent.click(within(await rowOf('Tom Tech')).getByRole('button', { name: 'Expand' }));
  return screen.findByRole('button', { name: 'Reset password' });
}

async function directPermissionOptions() {
  await userEvent.click(screen.getByRole('combobox', { name: 'Direct permissions' }));
  const names = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
  await userEvent.keyboard('{Escape}');
  return names;
}

const rolePermissionChips = () =>
  within(screen.getByRole('group', { name: 'Permissions given by the role' }))
    .queryAllByText(/./)
    .filter((element) => element.classList.contains('MuiChip-label'))
    .map((element) => element.textContent);

describe('User management (spec §2.9)', () => {
  it('lists name, username, role name, status and a column per custom attribute', async () => {
    open();
    const tomRow = await rowOf('Tom Tech');
    expect(within(tomRow).getByText('ROLE_ENGINEER')).toBeInTheDocument();
    // spec §3: a missing status is shown as active
    expect(within(tomRow).getByText('active')).toBeInTheDocument();
    expect(within(tomRow).getByText('night')).toBeInTheDocument();
    const annRow = await rowOf('Ann Admin');
    expect(within(annRow).getByText('ROLE_SUPERUSER')).toBeInTheDocument();
    expect(within(annRow).getByText('inactive')).toBeInTheDocument();
    expect(within(annRow).getByText('North')).toBeInTheDocument();
    // The sort label's text, without the hidden multi-sort position badge.
    const headings = screen.getAllByRole('columnheader').map((cell) => (cell.querySelector('.MuiTableSortLabel-root') ?? cell).textContent);
    expect(headings).toEqual(['', 'Name', 'Username', 'Role', 'Status', 'shift', 'site', 'Actions']);
  });

  it('adds a user from the Add User prompt with the username only', async () => {
    const api = open({ 'POST /api/user': (call: ApiCall) => jsonResponse(200, { _id: 'u4', ...(call.body as object) }) });
    await rowOf('Tom Tech');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Username' }), 'newbie');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('User added successfully')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user').map((c) => c.body)).toEqual([{ username: 'newbie' }]);
  });

  it('sends nothing when the Add User prompt is answered empty (spec §5)', async () => {
    const api = open();
    await rowOf('Tom Tech');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await screen.findByRole('textbox', { name: 'Username' });
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('POST', '/api/user')).toHaveLength(0);
  });

  it("shows the server's message in an alert when adding fails (spec §8)", async () => {
    open({ 'POST /api/user': () => errorResponse(409, 'User with the username "tom" already exists') });
    await rowOf('Tom Tech');
    await userEvent.click(screen.getByRole('button', { name: 'Add User' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Username' }), 'tom');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    const alert = await screen.findByRole('dialog');
    expect(within(alert).getByText('User with the username "tom" already exists')).toBeInTheDocument();
    expect(screen.queryByText('User creation failed')).toBeNull();
  });

  it('deletes after confirmation with the spec notice, and tells when deletion fails', async () => {
    const api = open({ 'DELETE /api/user/u3': () => jsonResponse(200, { _id: 'u3', message: 'User deleted' }) });
    await userEvent.click(within(await rowOf('Tom Tech')).getByRole('button', { name: 'Delete Tom Tech' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/u3')).toHaveLength(1);
  });

  it("notices 'User deletion failed' when the server refuses", async () => {
    open({ 'DELETE /api/user/u2': () => errorResponse(409, 'You cannot delete your own account here') });
    await userEvent.click(within(await rowOf('Ann Admin')).getByRole('button', { name: 'Delete Ann Admin' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('User deletion failed')).toBeInTheDocument();
  });

  it("resets the password and shows it in an alert 'New password: …'", async () => {
    const api = open({ 'POST /api/user/u3/resetPassword': () => jsonResponse(200, { password: 'Xk4mPq7Rz2Wd' }) });
    await userEvent.click(await expandTom());
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('New password: Xk4mPq7Rz2Wd')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/u3/resetPassword')).toHaveLength(1);
  });

  it("offers direct permissions without the role's, shows the role's read-only, and follows a role change", async () => {
    open();
    await expandTom();
    await waitFor(() => expect(rolePermissionChips()).toEqual(['read-asset']));
    expect(await directPermissionOptions()).toEqual(['export-reports', 'manage-asset', 'read-checklist']);

    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'ROLE_SUPERUSER' }));
    await waitFor(() => expect(rolePermissionChips()).toEqual(['manage-asset', 'read-asset', 'read-checklist']));
    expect(await directPermissionOptions()).toEqual(['export-reports']);
  });

  it("saves through PUT /user/updateByUserAdministration/{id} with 'User updated successsfully'", async () => {
    const api = open({ 'PUT /api/user/updateByUserAdministration/u3': (call: ApiCall) => jsonResponse(200, { ...tom, ...(call.body as object), updatedAt: 3 }) });
    await expandTom();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(email);
    await userEvent.type(email, 'tom@plant.example');
    await userEvent.click(screen.getByRole('combobox', { name: /^Status/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'inactive' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successsfully')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/updateByUserAdministration/u3')[0]?.body).toEqual({
      name: 'Tom Tech',
      email: 'tom@plant.example',
      username: 'tom',
      role: 'r1',
      status: 'inactive',
      permissions: ['p3'],
      moduleWhitelist: [],
      dashboardId: null,
      banner: null,
      customAttributes: { shift: 'night' },
      hourlyRate: null,
    });
  });

  it('offers the hourly rate their labour is costed at (DESIGN §18), and saves it as a number', async () => {
    const api = open({
      'GET /api/user/u3': () => jsonResponse(200, { ...tom, hourlyRate: 38.5 }),
      'PUT /api/user/updateByUserAdministration/u3': (call: ApiCall) => jsonResponse(200, { ...tom, ...(call.body as object), updatedAt: 3 }),
    });
    await expandTom();
    const rate = screen.getByRole('textbox', { name: /^Hourly rate/ });
    expect(rate).toHaveValue('38.5');
    await userEvent.clear(rate);
    await userEvent.type(rate, '42.75');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User updated successsfully')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/updateByUserAdministration/u3')[0]?.body).toMatchObject({ hourlyRate: 42.75 });
  });

  it('names the role, the direct permissions and the dashboard in the history, not their ids (issue 40 §10b)', async () => {
    const changed = { _id: 'h1', entity: 'user', recordId: 'u3', action: 'update', userId: 'u2', userName: 'Ann Admin', at: Date.UTC(2026, 2, 10, 9, 0) };
    open({
      'GET /api/dashboard': () => jsonResponse(200, [{ _id: 'd1', name: 'Plant overview' }]),
      'GET /api/user/u3/history': () =>
        jsonResponse(200, [
          { ...changed, changes: [{ field: 'role', from: 'r2', to: 'r1' }, { field: 'permissions', from: [], to: ['p3', 'p1'] }, { field: 'dashboardId', from: null, to: 'd1' }] },
          // A role deleted since keeps its id: nothing else can name it.
          { ...changed, _id: 'h0', at: changed.at - 60_000, changes: [{ field: 'role', from: 'gone-role', to: 'r2' }] },
        ]),
    });
    await expandTom();
    const history = await screen.findByRole('region', { name: 'History' });
    await within(history).findByText('role: ROLE_SUPERUSER → ROLE_ENGINEER');
    expect(within(history).getByText('permissions: ∅ → export-reports, manage-asset')).toBeInTheDocument();
    expect(within(history).getByText('dashboardId: ∅ → Plant overview')).toBeInTheDocument();
    expect(within(history).getByText('role: gone-role → ROLE_SUPERUSER')).toBeInTheDocument();
    expect(history.textContent).not.toMatch(/\br1\b|\bp3\b|\bd1\b/);
  });

  it("shows the server's message in an alert when saving fails (spec §8)", async () => {
    open({ 'PUT /api/user/updateByUserAdministration/u3': () => errorResponse(409, 'User with the username "ann" already exists') });
    await expandTom();
    const username = screen.getByRole('textbox', { name: 'Username' });
    await userEvent.clear(username);
    await userEvent.type(username, 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(within(await screen.findByRole('dialog')).getByText('User with the username "ann" already exists')).toBeInTheDocument();
    expect(screen.queryByText('User updating failed')).toBeNull();
  });

  it('adds a custom attribute by prompt and saves it in the map', async () => {
    const api = open({ 'PUT /api/user/updateByUserAdministration/u3': (call: ApiCall) => jsonResponse(200, { ...tom, ...(call.body as object), updatedAt: 3 }) });
    await expandTom();
    await userEvent.click(screen.getByRole('button', { name: 'Add custom attribute' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Custom attribute name' }), 'badge');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'badge' }), 'B-17');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('User updated successsfully');
    expect((api.callsTo('PUT', '/api/user/updateByUserAdministration/u3')[0]?.body as { customAttributes: unknown }).customAttributes).toEqual({ shift: 'night', badge: 'B-17' });
  });
});
