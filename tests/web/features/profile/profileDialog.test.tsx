import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { errorResponse, jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { engineerPermissions, sessionUser } from '../../helpers/sessionUsers';

type PutAnswer = (call: ApiCall) => Response;

async function openProfile(putAnswer: PutAnswer = (call) => jsonResponse(200, call.body)) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(engineerPermissions)),
    'PUT /api/user/u1': putAnswer,
  });
  renderApp('/home');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Profile' });
  return { api, user, dialog };
}

describe('Profile dialog (spec §2.4, §5, §8)', () => {
  it("prefills the user's email and offers Close and Update", async () => {
    const { dialog } = await openProfile();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('dana@example.com');
    expect(within(dialog).getByLabelText('New password')).toHaveValue('');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveValue('');
    expect(within(dialog).queryByLabelText(/Current password/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it("says 'Password does not match' and sends nothing when the confirmation differs", async () => {
    const { api, user, dialog } = await openProfile();
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'other-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Password does not match')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/u1')).toHaveLength(0);
  });

  it('sends the email alone when no password is entered, then confirms and closes', async () => {
    const { api, user, dialog } = await openProfile();
    const email = within(dialog).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'dana.new@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile update successfully.')).toBeInTheDocument();
    const [put] = api.callsTo('PUT', '/api/user/u1');
    expect(put?.body).toEqual({ email: 'dana.new@example.com' });
    expect(put?.headers.get('x-auth')).toBe('stored-jwt');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sessionStore.getUser()?.email).toBe('dana.new@example.com');
  });

  it('asks for the current password once a new one is typed, and sends all three', async () => {
    const { api, user, dialog } = await openProfile();
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-10');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'new-secret-10');
    await user.type(await within(dialog).findByLabelText(/Current password/), 'old-secret');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await screen.findByText('Profile update successfully.');
    expect(api.callsTo('PUT', '/api/user/u1')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'new-secret-10',
      currentPassword: 'old-secret',
    });
  });

  it('sends nothing while the current password is missing', async () => {
    const { api, user, dialog } = await openProfile();
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-10');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'new-secret-10');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Enter your current password to set a new one')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/u1')).toHaveLength(0);
  });

  it("shows the server's message for a wrong current password and keeps the user signed in", async () => {
    const message = 'currentPassword is not your current password';
    const { user, dialog } = await openProfile(() => jsonResponse(400, { response: 'error', message, errors: { currentPassword: message } }));
    await user.type(within(dialog).getByLabelText('New password'), 'new-secret-10');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'new-secret-10');
    await user.type(await within(dialog).findByLabelText(/Current password/), 'not-it');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Profile' })).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
  });

  it("shows the server's message when the update is refused", async () => {
    const { user, dialog } = await openProfile(() => errorResponse(400, 'email must be a valid address'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('email must be a valid address')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByText('Profile update successfully.')).toBeNull();
  });

  it('closes without sending on Close', async () => {
    const { api, user, dialog } = await openProfile();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo('PUT', '/api/user/u1')).toHaveLength(0);
  });
});
