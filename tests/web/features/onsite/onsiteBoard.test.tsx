import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { onsitePermissions, sessionUser } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';

const alertRow = (id: string, assetName: string, levelName: string) => ({
  _id: id, assetName, levelName, severityLevel: { text: levelName, color: '#d32f2f' }, message: `<b>Vibration</b> is 9.1<script>window.bad = 1</script>`, timestamp: 1_700_000_000_000,
});

describe('on-site board: open alerts and the connection', () => {
  it('lists the open alerts, reloads them on an alert push, and says clearly when pushes stop arriving', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    let rows = [alertRow('a1', 'Chiller 2', 'Critical')];
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser([...onsitePermissions, 'read-alert', 'read-dashboard'])),
      'GET /api/alert': () => jsonResponse(200, rows),
    });
    renderApp('/onsite');
    const panel = await screen.findByRole('complementary', { name: 'Open alerts' });
    expect(await within(panel).findByText('Chiller 2')).toBeInTheDocument();
    expect(within(panel).getByText('Critical')).toBeInTheDocument();
    expect(panel.querySelector('script')).toBeNull();
    const [first] = api.callsTo('GET', '/api/alert');
    expect(new URLSearchParams(first!.search).get('open')).toBe('true');

    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent('Connecting…');
    act(() => socket.accept());
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent('Live');

    rows = [alertRow('a2', 'Booster set pump A', 'High'), ...rows];
    act(() => socket.push('new-alert', { _id: 'a2', asset: 'x', inspection: null, level: 'l', timestamp: 1, assetName: 'Booster set pump A', levelName: 'High', color: '#f00' }));
    expect(await within(panel).findByText('Booster set pump A')).toBeInTheDocument();

    act(() => socket.serverDisconnect());
    expect(screen.getByRole('status', { name: 'Connection' })).not.toHaveTextContent('Not receiving updates');
    expect(await screen.findByText('Not receiving updates', {}, { timeout: 3000 /* docs/dashboards.md: after 3 s */ + 5000 })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveAttribute('data-connection', 'offline');
    act(() => socket.accept());
    expect(screen.getByRole('status', { name: 'Connection' })).toHaveTextContent('Live');
  });
});
