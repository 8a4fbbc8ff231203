import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

function signedIn(permissions: string[], path: string) {
  localStorage.setItem('jwt', 'stored-jwt');
  mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)) });
  renderApp(path);
}

const NAVIGATION = ['view-engineer', 'nav-inspectionSchedule', 'nav-calendar', 'nav-inspections'];

describe('the Work Order drawer entry and route (spec §2.1, §2.4, §6)', () => {
  it('lists Work Order between Calendar and Inspections for a user holding nav-work-order and manage-workorder', async () => {
    signedIn([...NAVIGATION, 'nav-work-order', 'manage-workorder'], '/home');
    const entry = await screen.findByRole('menuitem', { name: 'Work Order' });
    expect(entry).toHaveAttribute('href', '/home/workOrder');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Inspection Schedule', 'Calendar', 'Work Order', 'Inspections']);
  });

  it('hides it from a user holding manage-workorder without nav-work-order', async () => {
    signedIn([...NAVIGATION, 'manage-workorder'], '/home');
    await screen.findByRole('menuitem', { name: 'Calendar' });
    expect(screen.queryByRole('menuitem', { name: 'Work Order' })).toBeNull();
  });

  it('hides it from a user holding nav-work-order alone: the screen would send them to Login', async () => {
    signedIn([...NAVIGATION, 'nav-work-order'], '/home');
    await screen.findByRole('menuitem', { name: 'Calendar' });
    expect(screen.queryByRole('menuitem', { name: 'Work Order' })).toBeNull();
  });

  it('sends a user without manage-workorder from /home/workOrder to Login with from', async () => {
    signedIn([...NAVIGATION, 'nav-work-order'], '/home/workOrder');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login?from=%2Fhome%2FworkOrder'));
  });
});
