import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatTimestamp } from '../../../../common/formatTime';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

const inspecting = [...technicianPermissions, 'update-inspection'];

const signedIn = (recent: () => Response, permissions = inspecting) => {
  localStorage.setItem('jwt', 'stored-jwt');
  return mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/inspection/myRecentAssets': recent,
  });
};

const pumpAt = new Date(2025, 2, 14, 15, 5).getTime();
const boilerAt = new Date(2025, 2, 12, 9, 30).getTime();

describe('technician home: recently inspected assets (issue 4)', () => {
  it('lists them latest first, each a link to the inspect view of its identification, with the time', async () => {
    const api = signedIn(() =>
      jsonResponse(200, [
        { _id: 'a1', name: 'Cooling pump 2', identification: 'PMP 2/B', lastInspectedAt: pumpAt },
        { _id: 'a2', name: 'Boiler 1', identification: 'SKD-001', lastInspectedAt: boilerAt },
      ]),
    );
    renderApp('/inspection');
    const section = await screen.findByRole('region', { name: 'Recently inspected' });
    const links = within(section).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAccessibleName(expect.stringContaining('Cooling pump 2'));
    expect(links[0]).toHaveAttribute('href', '/inspection/asset/identification/PMP%202%2FB');
    expect(links[0]).toHaveTextContent(formatTimestamp(pumpAt));
    expect(links[1]).toHaveAccessibleName(expect.stringContaining('Boiler 1'));
    expect(links[1]).toHaveAttribute('href', '/inspection/asset/identification/SKD-001');
    expect(links[1]).toHaveTextContent(formatTimestamp(boilerAt));
    // The welcome and the scan hint stay.
    expect(screen.getByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    expect(screen.getByText(/Scan QR Code button/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/inspection/myRecentAssets')).toHaveLength(1);
  });

  it('says there is nothing yet when the technician has inspected nothing', async () => {
    signedIn(() => jsonResponse(200, []));
    renderApp('/inspection');
    const section = await screen.findByRole('region', { name: 'Recently inspected' });
    expect(within(section).getByText('Assets you inspect will be listed here.')).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the home usable when the list cannot be loaded', async () => {
    signedIn(() => errorResponse(500, 'Internal error'));
    renderApp('/inspection');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recently inspected' })).not.toBeInTheDocument();
  });

  it('does not ask for the list when the role may not inspect (thermography technician): its 403 would sign the user out', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser([...technicianPermissions, 'read-dashboard'], { dashboardId: 'd1' })),
      'GET /api/inspection/myRecentAssets': () => errorResponse(403, 'Forbidden'),
      'GET /api/dashboard/d1': () => jsonResponse(200, { _id: 'd1', name: 'Thermography round', filters: [], sections: [] }),
    });
    renderApp('/inspection');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    // The home's dashboard is asked for in the same pass as the list would be: once it has been, the list was not.
    await waitFor(() => expect(api.callsTo('GET', '/api/dashboard/d1')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/inspection/myRecentAssets')).toHaveLength(0);
    expect(screen.getByTestId('location')).toHaveTextContent('/inspection');
  });
});
