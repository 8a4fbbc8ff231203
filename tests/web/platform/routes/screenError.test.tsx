import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { App } from '../../../../src/App';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { LocationProbe } from '../../helpers/renderApp';
import { onsitePermissions, sessionUser } from '../../helpers/sessionUsers';

// The on-site board throws while it renders: the one screen of the app that breaks here.
vi.mock('../../../../src/features/onsite/OnsiteShell', () => ({
  OnsiteShell: () => {
    throw new Error('the board broke');
  },
}));

const GoToLogin = () => {
  const navigate = useNavigate();
  return <button onClick={() => navigate('/login')}>leave</button>;
};

describe('a screen that throws', () => {
  it('shows the error page instead of a blank page, and the next navigation leaves it', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(onsitePermissions)) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/onsite']} useTransitions={false}>
        <App />
        <GoToLogin />
        <LocationProbe />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'leave' }));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
