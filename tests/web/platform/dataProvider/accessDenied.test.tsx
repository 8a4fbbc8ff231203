import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, useGetList } from 'react-admin';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { authProvider } from '../../../../src/platform/authProvider';
import { RequireAuth } from '../../../../src/platform/authProvider/RequireAuth';
import { LoginPage } from '../../../../src/features/login/LoginPage';
import { dataProvider } from '../../../../src/platform/dataProvider';
import { apiQuery, queryClient } from '../../../../src/platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../../src/platform/dataProvider/useApiQuery';
import { useApiFetch } from '../../../../src/platform/dataProvider/useApiFetch';
import { i18nProvider } from '../../../../src/platform/i18n';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { LocationProbe } from '../../helpers/renderApp';
import { useRelatedListState } from '../../../../src/admin/mechanism/useRelatedList';
import { serverList } from '../../helpers/serverList';
import { engineerPermissions, sessionUser } from '../../helpers/sessionUsers';

/** A screen reading a non-CRUD path, as feature screens do through useApiQuery. */
const ApiQueryProbe = () => {
  const { error } = useApiQuery(apiQuery<unknown>('/inspection/myRecentAssets'));
  return <p>{error ? 'failed' : 'loading'}</p>;
};

/** A screen writing through useApiFetch on a click, as forms and buttons do. */
const ApiWriteProbe = () => {
  const apiFetch = useApiFetch();
  const [failed, setFailed] = useState(false);
  return (
    <button type="button" onClick={() => apiFetch('/inspection', { method: 'POST', body: {} }).catch(() => setFailed(true))}>
      {failed ? 'failed' : 'send'}
    </button>
  );
};

/** A screen reading a resource through react-admin's own data hooks. */
const ListProbe = () => {
  const { total } = useGetList('asset');
  return <p>{total ?? 'loading'}</p>;
};

function renderAt(path: string, probe: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[path]} useTransitions={false}>
      <AdminContext authProvider={authProvider} dataProvider={dataProvider} i18nProvider={i18nProvider} queryClient={queryClient}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/home/*" element={<RequireAuth>{probe}</RequireAuth>} />
        </Routes>
      </AdminContext>
      <LocationProbe />
    </MemoryRouter>,
  );
}

const signedInAnswers = {
  'GET /api/token/init': () => jsonResponse(200, sessionUser(engineerPermissions)),
};

describe('a 401/403 from a data call sends the user to Login with from (spec §8)', () => {
  it('useApiQuery read answered 401: signed out', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({ ...signedInAnswers, 'GET /api/inspection/myRecentAssets': () => errorResponse(401, 'Token expired') });
    renderAt('/home/workOrders?tab=mine', <ApiQueryProbe />);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2FworkOrders%3Ftab%3Dmine'),
    );
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(api.callsTo('GET', '/api/inspection/myRecentAssets')[0]?.headers.get('x-auth')).toBe('stored-jwt');
  });

  it('useApiQuery read answered 403: still signed in, and Login names the account that cannot open the page', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ ...signedInAnswers, 'GET /api/inspection/myRecentAssets': () => errorResponse(403, 'Not permitted') });
    renderAt('/home/workOrders?tab=mine', <ApiQueryProbe />);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2FworkOrders%3Ftab%3Dmine'),
    );
    expect(await screen.findByText('Signed in as Dana Field (dana)')).toBeInTheDocument();
    expect(screen.getByText('This account cannot open /home/workOrders?tab=mine.')).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
  });

  it('useApiFetch write answered 401: signed out', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ ...signedInAnswers, 'POST /api/inspection': () => errorResponse(401, 'Token expired') });
    renderAt('/home/workOrders', <ApiWriteProbe />);
    fireEvent.click(await screen.findByRole('button', { name: 'send' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2FworkOrders'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('react-admin data hook answered 403: the same notice', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ ...signedInAnswers, 'GET /api/asset': () => errorResponse(403, 'Not permitted') });
    renderAt('/home/assets', <ListProbe />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2Fassets'));
    expect(await screen.findByText('This account cannot open /home/assets.')).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
  });

  it('react-admin data hook answered 401', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ ...signedInAnswers, 'GET /api/asset': () => errorResponse(401, 'Token expired') });
    renderAt('/home/assets', <ListProbe />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2Fassets'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('leaves the user in place on other errors', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ ...signedInAnswers, 'GET /api/inspection/myRecentAssets': () => errorResponse(500, 'Broken') });
    renderAt('/home/workOrders', <ApiQueryProbe />);
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home\/workOrders$/);
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
  });
});

/** A screen whose own list loads, beside the names of another resource (a column's or a picker's). */
const NamesBesideProbe = () => {
  const { total } = useGetList('sparePart');
  const vendors = useRelatedListState('vendor', ['name']);
  return (
    <>
      <p>{total === undefined ? 'loading' : `${total} parts`}</p>
      <p>{vendors.refused ? 'vendor names refused' : vendors.isPending ? 'vendor names loading' : `${vendors.records.length} vendors`}</p>
    </>
  );
};

describe('a 403 to a read beside the page’s own stays on the page (DESIGN §15: only a 401 ends a session)', () => {
  it('the names of another resource answered 403: still on the page, still signed in, its own list shown, the refusal told', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      ...signedInAnswers,
      'GET /api/sparePart': serverList('sparePart', [{ _id: 'p1', partNumber: 'P-1', name: 'Seal' }]),
      'GET /api/vendor': () => errorResponse(403, 'Not permitted'),
    });
    renderAt('/home/sparePartManagement', <NamesBesideProbe />);
    expect(await screen.findByText('vendor names refused')).toBeInTheDocument();
    expect(screen.getByText('1 parts')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/home/sparePartManagement');
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');
  });

  it('the same names answered 401: signed out, as any call', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      ...signedInAnswers,
      'GET /api/sparePart': serverList('sparePart', []),
      'GET /api/vendor': () => errorResponse(401, 'Token expired'),
    });
    renderAt('/home/sparePartManagement', <NamesBesideProbe />);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2FsparePartManagement'));
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});
