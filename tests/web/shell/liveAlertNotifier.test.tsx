import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NewAlertEvent } from '../../../common/realtime';
import { jsonResponse, mockApi } from '../helpers/mockApi';
import { renderApp } from '../helpers/renderApp';
import { sessionUser } from '../helpers/sessionUsers';
import { fakeSockets as sockets } from '../platform/realtime/fakeSocket';

const alert: NewAlertEvent = {
  _id: 'a1', asset: 'as1', inspection: 'i1', level: 'l2', timestamp: 1_700_000_000_000,
  assetName: 'Air handling unit 1', levelName: 'Medium', color: '#fbc02d',
};

describe('live alerts in the engineer shell', () => {
  it('shows a pushed new alert as a notification naming its asset and level', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'read-alert'])) });
    renderApp('/home');
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    expect(socket.options.path).toBe('/socket.io');
    expect(socket.token()).toBe('stored-jwt');

    act(() => socket.accept());
    expect(screen.queryByText(/New alert on/)).toBeNull();
    act(() => socket.push('new-alert', alert));
    expect(await screen.findByText('New alert on Air handling unit 1: Medium')).toBeInTheDocument();
  });
});
