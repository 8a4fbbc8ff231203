import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { onsitePermissions, sessionUser } from '../../helpers/sessionUsers';

describe('on-site wall board', () => {
  it('shows the application name, the user, a clock, Logout and the empty dashboard state', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(onsitePermissions)), 'GET /api/alert': () => jsonResponse(200, []) });
    const { container } = renderApp('/onsite');
    expect(await screen.findByText('Dana Field')).toBeInTheDocument();
    expect(screen.getByText('Plant Ops')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'No dashboard yet' })).toBeInTheDocument();
    expect(container.querySelector('time')).not.toBeNull();
    expect(await screen.findByText('No open alerts')).toBeInTheDocument();
  });
});
