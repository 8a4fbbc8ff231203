import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../common/api';
import { jsonResponse, mockApi } from '../helpers/mockApi';
import { renderApp } from '../helpers/renderApp';
import { sessionUser } from '../helpers/sessionUsers';

function openEngineerArea(user: SessionUser, path = '/home') {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, user) });
  renderApp(path);
  return api;
}

describe('engineer shell (spec §2.4)', () => {
  it('shows the application name, the user name, Profile and Logout in the bar', async () => {
    openEngineerArea(sessionUser(['view-engineer', 'nav-home']));
    const bar = await screen.findByRole('banner');
    expect(within(bar).getByText('Dana Field')).toBeInTheDocument();
    expect(within(bar).getByText('Plant Ops')).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Profile' })).toBeInTheDocument();
    expect(within(bar).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('lists the Home drawer entry for a user holding nav-home', async () => {
    openEngineerArea(sessionUser(['view-engineer', 'nav-home']));
    const home = await screen.findByRole('menuitem', { name: 'Home' });
    expect(home).toHaveAttribute('href', '/home');
  });

  it('hides the Home drawer entry from a user without nav-home', async () => {
    openEngineerArea(sessionUser(['view-engineer']));
    expect(await screen.findByText('No dashboard yet')).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Home' })).toBeNull();
  });

  it("shows the empty dashboard state as /home's default child", async () => {
    openEngineerArea(sessionUser(['view-engineer', 'nav-home']));
    expect(await screen.findByRole('heading', { name: 'No dashboard yet' })).toBeInTheDocument();
  });

  it('shows the banner in its colour with its HTML sanitised', async () => {
    openEngineerArea(
      sessionUser(['view-engineer'], {
        banner: {
          color: '#ff0000',
          message:
            '<strong>Shutdown on Friday</strong><img src="x.png" onerror="window.hacked = true"><script>window.hacked = true</script><a href="javascript:alert(1)">more</a>',
        },
      }),
    );
    const banner = await screen.findByTestId('session-banner');
    expect(banner).toHaveStyle({ backgroundColor: '#ff0000' });
    expect(within(banner).getByText('Shutdown on Friday').tagName).toBe('STRONG');
    expect(banner.querySelector('script')).toBeNull();
    expect(banner.querySelector('img')).not.toHaveAttribute('onerror');
    expect(within(banner).getByText('more')).not.toHaveAttribute('href');
    expect(banner.innerHTML).not.toContain('hacked');
  });

  it('shows no banner when the user has none', async () => {
    openEngineerArea(sessionUser(['view-engineer']));
    expect(await screen.findByText('No dashboard yet')).toBeInTheDocument();
    expect(screen.queryByTestId('session-banner')).toBeNull();
  });

  it('logs out to Login without from and forgets the token', async () => {
    openEngineerArea(sessionUser(['view-engineer', 'nav-home']));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/));
    expect(localStorage.getItem('jwt')).toBeNull();
  });
});
