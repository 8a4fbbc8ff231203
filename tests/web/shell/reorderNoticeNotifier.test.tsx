import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ReorderNotice } from '../../../common/resources/workAccounting';
import { jsonResponse, mockApi } from '../helpers/mockApi';
import { renderApp } from '../helpers/renderApp';
import { sessionUser } from '../helpers/sessionUsers';
import { fakeSockets as sockets } from '../platform/realtime/fakeSocket';

const notice: ReorderNotice = {
  _id: 'rn1', part: 'sp-seal', partNumber: 'SK-100', partName: 'Seal kit', quantityOnHand: 2, reorderLevel: 3, workOrder: 'wo1', raisedAt: 1_700_000_000_000,
};

describe('reorder notices in the engineer shell (DESIGN §18)', () => {
  it('shows a pushed reorder notice as a notification naming the part, what is left and the level', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer', 'nav-home', 'manage-sparepart'])) });
    renderApp('/home');
    await waitFor(() => expect(sockets).toHaveLength(1));
    const socket = sockets[0]!;
    act(() => socket.accept());
    expect(screen.queryByText(/^Reorder:/)).toBeNull();
    act(() => socket.push('reorder-notice', notice));
    expect(await screen.findByText('Reorder: SK-100 Seal kit — 2 left, reorder level 3')).toBeInTheDocument();
  });
});
