import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, testApplicationInfo, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { engineerPermissions, onsitePermissions, sessionUser, technicianPermissions } from '../../helpers/sessionUsers';
import { serverList } from '../../helpers/serverList';

const location = () => screen.getByTestId('location');

function loginAnswers(permissions: string[]) {
  return {
    'POST /api/token/login': (call: ApiCall) =>
      JSON.stringify(call.body) === JSON.stringify({ username: 'dana', password: 'secret' })
        ? jsonResponse(200, { token: 'fresh-jwt' })
        : errorResponse(401, 'Invalid username or password'),
    'GET /api/token/init': (call: ApiCall) =>
      call.headers.get('x-auth') === 'fresh-jwt'
        ? jsonResponse(200, sessionUser(permissions))
        : errorResponse(401, 'Invalid token'),
  };
}

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/Username/), username);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('Login page (spec §2.2, §5, §8)', () => {
  it("shows 'Required.' under both empty fields and sends nothing", async () => {
    const api = mockApi(loginAnswers(engineerPermissions));
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('Required.')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/token/login')).toHaveLength(0);
  });

  it('refuses values that are blank after trimming', async () => {
    const api = mockApi(loginAnswers(engineerPermissions));
    renderApp('/login');
    await signIn('   ', '  ');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter both username and password');
    expect(api.callsTo('POST', '/api/token/login')).toHaveLength(0);
  });

  it("shows the server's message in a red alert when the login is refused", async () => {
    mockApi(loginAnswers(engineerPermissions));
    renderApp('/login');
    await signIn('dana', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid username or password');
    expect(alert).toHaveClass('MuiAlert-filledError');
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('stores the token, loads the user and goes back to from', async () => {
    // The on-site board it lands on lists the open alerts.
    const api = mockApi({ ...loginAnswers(onsitePermissions), 'GET /api/alert': () => jsonResponse(200, []) });
    renderApp('/login?from=%2Fonsite');
    await signIn('dana', 'secret');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/onsite$/));
    expect(localStorage.getItem('jwt')).toBe('fresh-jwt');
    expect(api.callsTo('POST', '/api/token/login')[0]?.headers.get('x-auth')).toBeNull();
    expect(await screen.findByText('Dana Field')).toBeInTheDocument();
  });

  it('goes to the home of the permissions when there is no from', async () => {
    mockApi(loginAnswers(engineerPermissions));
    renderApp('/login');
    await signIn('dana', 'secret');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home$/));
  });

  it('ignores a from that leaves the site', async () => {
    mockApi(loginAnswers(engineerPermissions));
    renderApp(`/login?from=${encodeURIComponent('//evil.example/steal')}`);
    await signIn('dana', 'secret');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home$/));
  });

  it('round-trips a deep link: signed out → Login with from → signed in → back to that path', async () => {
    const api = mockApi(loginAnswers([...engineerPermissions, 'manage-user']));
    renderApp('/home/userManagement');
    await waitFor(() => expect(location()).toHaveTextContent('/login?from=%2Fhome%2FuserManagement'));
    await signIn('dana', 'secret');
    await waitFor(() => expect(location()).toHaveTextContent(/^\/home\/userManagement$/));
    expect(api.callsTo('POST', '/api/token/login')).toHaveLength(1);
  });

  describe('reached from a page the signed-in account may not open (issue 16 §9)', () => {
    /** 'stored-jwt' is the technician Tom; signing in as dana/secret gives 'fresh-jwt' with `danaPermissions`. */
    function signedInAsTechnician(danaPermissions: string[]) {
      localStorage.setItem('jwt', 'stored-jwt');
      return mockApi({
        ...loginAnswers(danaPermissions),
        'GET /api/token/init': (call: ApiCall) => {
          const token = call.headers.get('x-auth');
          if (token === 'stored-jwt') return jsonResponse(200, sessionUser(technicianPermissions, { name: 'Tom Technician', username: 'technician' }));
          if (token === 'fresh-jwt') return jsonResponse(200, sessionUser(danaPermissions));
          return errorResponse(401, 'Invalid token');
        },
        // User management, where the account that may open it lands.
        'GET /api/user': serverList('user', []),
        'GET /api/user/customAttributeNames': () => jsonResponse(200, []),
        'GET /api/role': () => jsonResponse(200, []),
      });
    }

    it('names the account after a reload of Login, from the stored jwt', async () => {
      signedInAsTechnician(engineerPermissions);
      renderApp('/login?from=%2Fhome%2FuserManagement');
      expect(await screen.findByText('Signed in as Tom Technician (technician)')).toBeInTheDocument();
      expect(screen.getByText('This account cannot open /home/userManagement.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Back to my home' })).toBeInTheDocument();
    });

    it('goes to from after signing in as an account that may open it', async () => {
      signedInAsTechnician([...engineerPermissions, 'manage-user']);
      renderApp('/login?from=%2Fhome%2FuserManagement');
      await screen.findByText('Signed in as Tom Technician (technician)');
      await signIn('dana', 'secret');
      await waitFor(() => expect(location()).toHaveTextContent(/^\/home\/userManagement$/));
      expect(localStorage.getItem('jwt')).toBe('fresh-jwt');
    });

    it('stays on Login with the same notice, naming the new account, when that one may not open it either', async () => {
      const api = signedInAsTechnician(engineerPermissions);
      renderApp('/login?from=%2Fhome%2FuserManagement');
      await screen.findByText('Signed in as Tom Technician (technician)');
      await signIn('dana', 'secret');
      expect(await screen.findByText('Signed in as Dana Field (dana)')).toBeInTheDocument();
      expect(screen.getByText('This account cannot open /home/userManagement.')).toBeInTheDocument();
      expect(location()).toHaveTextContent('/login?from=%2Fhome%2FuserManagement');
      expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
      expect(api.callsTo('POST', '/api/token/login')).toHaveLength(1);
    });

    it('shows the plain form to a signed-in account coming from a page it may open', async () => {
      const api = signedInAsTechnician(engineerPermissions);
      renderApp('/login?from=%2Finspection%2Fscanner');
      await waitFor(() => expect(api.callsTo('GET', '/api/token/init')).toHaveLength(1));
      expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
      expect(screen.queryByText(/Signed in as/)).toBeNull();
    });
  });

  it('toggles the password between hidden and shown', async () => {
    mockApi();
    renderApp('/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeInTheDocument();
  });

  it('shows the application name and logo from /init/applicationInfo and names the tab after it', async () => {
    mockApi();
    const { container } = renderApp('/login');
    expect(await screen.findByText(testApplicationInfo.applicationName)).toBeInTheDocument();
    expect(container.querySelector('img')).toHaveAttribute('src', testApplicationInfo.companyLogoURL);
    await waitFor(() => expect(document.title).toBe(testApplicationInfo.applicationName));
  });

  it('shows no logo when the company logo URL is empty', async () => {
    mockApi({ 'GET /api/init/applicationInfo': jsonResponse(200, { applicationName: 'Plant Ops', companyLogoURL: '' }) });
    const { container } = renderApp('/login');
    expect(await screen.findByText('Plant Ops')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
  });
});
