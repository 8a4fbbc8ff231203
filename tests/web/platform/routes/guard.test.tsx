import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import {
  engineerPermissions,
  onsitePermissions,
  sessionUser,
  technicianPermissions,
} from '../../helpers/sessionUsers';

const location = () => screen.getByTestId('location');

function signedInWith(permissions: string[]) {
  localStorage.setItem('jwt', 'stored-jwt');
  return mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    // The on-site board's open-alerts panel, where an on-site user lands.
    'GET /api/alert': () => jsonResponse(200, []),
  });
}

describe('route guard (spec §2.1)', () => {
  it('sends a visitor without a jwt to Login, carrying the deep link in from', async () => {
    const api = mockApi();
    renderApp('/home/userManagement');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Fhome%2FuserManagement'));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(0);
  });

  it('keeps the query string of the original page in from', async () => {
    mockApi();
    renderApp('/inspection?tab=completed');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Finspection%3Ftab%3Dcompleted'));
  });

  it('loads the permissions from /token/init with the stored jwt when only the jwt is stored', async () => {
    const api = signedInWith(engineerPermissions);
    renderApp('/home');
    expect(await screen.findByText('No dashboard yet')).toBeInTheDocument();
    const initCalls = api.callsTo('GET', '/api/token/init');
    expect(initCalls.length).toBeGreaterThanOrEqual(1);
    expect(initCalls[0]?.headers.get('x-auth')).toBe('stored-jwt');
    expect(location()).toHaveTextContent(/^\/home$/);
  });

  it('sends a signed-in user without the required permission to Login with from', async () => {
    signedInWith(technicianPermissions);
    renderApp('/home');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Fhome'));
  });

  it('says on Login which account is signed in and that it cannot open the page, with a way back to its home', async () => {
    signedInWith(technicianPermissions);
    renderApp('/home/userManagement');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Fhome%2FuserManagement'));
    expect(await screen.findByText('Signed in as Dana Field (dana)')).toBeInTheDocument();
    expect(screen.getByText('This account cannot open /home/userManagement.')).toBeInTheDocument();
    // Signing in as another account stays possible.
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to my home' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/inspection$/));
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
  });

  it("names the account too when only the area's own route table refuses the page", async () => {
    signedInWith(engineerPermissions);
    renderApp('/home/userManagement');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Fhome%2FuserManagement'));
    expect(await screen.findByText('This account cannot open /home/userManagement.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back to my home' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home$/));
  });

  it('forgets a token that /token/init rejects and goes to Login with from', async () => {
    localStorage.setItem('jwt', 'expired-jwt');
    mockApi({ 'GET /api/token/init': () => errorResponse(401, 'Token expired') });
    renderApp('/onsite');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Fonsite'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('sends unknown paths to the home of the signed-in user', async () => {
    signedInWith(onsitePermissions);
    renderApp('/no/such/page');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/onsite$/));
  });

  it('sends unknown paths inside an area to home as well', async () => {
    signedInWith(engineerPermissions);
    renderApp('/home/not-a-screen');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home$/));
  });
});

describe('home routing of / (spec §6)', () => {
  it.each([
    ['technician', technicianPermissions, '/inspection'],
    ['engineer', engineerPermissions, '/home'],
    ['on-site user', onsitePermissions, '/onsite'],
    ['technician who is also an engineer', [...technicianPermissions, ...engineerPermissions], '/inspection'],
    ['engineer who is also on site', [...engineerPermissions, ...onsitePermissions], '/home'],
  ])('sends a %s to %s', async (_who, permissions, home) => {
    signedInWith(permissions);
    renderApp('/');
    await waitFor(() => expect(location()).toHaveTextContent(new RegExp(`^${home}$`)));
  });

  it('sends a signed-in user with no area permission to Login', async () => {
    signedInWith(['nav-home']);
    renderApp('/');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
  });

  it('sends a visitor without a jwt from / to Login', async () => {
    mockApi();
    renderApp('/');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2F'));
  });
});
