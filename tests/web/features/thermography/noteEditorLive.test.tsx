import { act, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ThermographyNoteView } from '../../../../common/thermography/note';
import { jsonResponse } from '../../helpers/mockApi';
import { FakeSocket, fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { noteView, openNote, THERMO_ENGINEER } from './noteFixtures';

const CHANGED_ELSEWHERE = 'This note was changed elsewhere while you were editing it.';

async function connectedSocket(): Promise<FakeSocket> {
  await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
  const socket = sockets[sockets.length - 1]!;
  act(() => socket.accept());
  return socket;
}

describe('thermography note editor and update-detail pushes (spec §4)', () => {
  it('a change from elsewhere reloads an untouched note, and asks before overwriting edits', async () => {
    sockets.length = 0;
    let stored: ThermographyNoteView = noteView();
    const { user, editor } = await openNote(() => stored, THERMO_ENGINEER);
    const socket = await connectedSocket();
    const note = within(editor).getByRole('textbox', { name: 'Note' });

    stored = { ...stored, note: 'Rechecked by Ann' };
    act(() => socket.push('update-detail', { type: 'thermographyNote', _id: 'n1' }));
    await waitFor(() => expect(note).toHaveValue('Rechecked by Ann'));

    await user.type(within(editor).getByRole('textbox', { name: 'Identification' }), ' (lower)');
    stored = { ...stored, note: 'Rechecked by Ann twice' };
    act(() => socket.push('update-detail', { type: 'thermographyNote', _id: 'n1' }));
    expect(await within(editor).findByText(CHANGED_ELSEWHERE)).toBeInTheDocument();
    expect(note).toHaveValue('Rechecked by Ann');
    expect(within(editor).getByRole('textbox', { name: 'Identification' })).toHaveValue('Q3 breaker (lower)');

    await user.click(within(editor).getByRole('button', { name: 'Load the new version' }));
    expect(note).toHaveValue('Rechecked by Ann twice');
    expect(within(editor).getByRole('textbox', { name: 'Identification' })).toHaveValue('Q3 breaker');
    expect(within(editor).queryByText(CHANGED_ELSEWHERE)).toBeNull();
  });

  it("its own save's pushes, even with values the server recomputed, never read as a change from elsewhere", async () => {
    sockets.length = 0;
    let stored: ThermographyNoteView = noteView({ severityLevel: 'C' });
    let socket: FakeSocket | null = null;
    const push = () => socket?.push('update-detail', { type: 'thermographyNote', _id: 'n1' });
    const { user, editor } = await openNote(() => stored, THERMO_ENGINEER, {
      'PUT /api/thermographyNote/n1': (call) => {
        const body = call.body as Partial<ThermographyNoteView>;
        // The corrected emissivity recomputes Max; the camera's values come back beside the corrected rows.
        stored = {
          ...stored,
          ...body,
          parameters: [...(body.parameters ?? []), { k: 'Emissivity (camera)', v: '0.95' }],
          measurements: [{ k: 'Min', v: '24.4 °C' }, { k: 'Max', v: '25.7 °C' }, { k: 'Max (camera)', v: '25.5 °C' }, { k: 'Center', v: '25.5 °C' }],
        };
        push();
        return jsonResponse(200, stored);
      },
      'PUT /api/thermographyNote/n1/status': () => {
        stored = { ...stored, status: 'pendingApproval' };
        push();
        return jsonResponse(200, stored);
      },
    });
    socket = await connectedSocket();
    const emissivity = within(editor).getByRole('textbox', { name: 'Emissivity' });
    await user.clear(emissivity);
    await user.type(emissivity, '0.90');
    await user.click(within(editor).getByRole('button', { name: 'Update & Send for Approval' }));
    expect(await within(editor).findByText('Pending approval')).toBeInTheDocument();
    const measurements = within(editor).getByRole('table', { name: 'Measurements' });
    await waitFor(() => expect(within(measurements).getByText('Max').closest('tr')).toHaveTextContent('25.7 °C'));
    expect(within(measurements).getByText('Max').closest('tr')).toHaveTextContent('25.5 °C');
    expect(within(editor).queryByText(CHANGED_ELSEWHERE)).toBeNull();
  });

  it("shows the sent status as the save answers, while the note's reads are still on their way", async () => {
    sockets.length = 0;
    let stored: ThermographyNoteView = noteView({ severityLevel: 'C' });
    let opened = false;
    // The first read opens the editor; every later one (the push's, the reload's) waits, as on a loaded server.
    const { user, editor } = await openNote(() => stored, THERMO_ENGINEER, {
      'GET /api/thermographyNote/n1': () => {
        if (opened) return new Promise<Response>(() => undefined);
        opened = true;
        return jsonResponse(200, stored);
      },
      'PUT /api/thermographyNote/n1': (call) => {
        stored = { ...stored, ...(call.body as Partial<ThermographyNoteView>) };
        return jsonResponse(200, stored);
      },
      'PUT /api/thermographyNote/n1/status': () => {
        stored = { ...stored, status: 'pendingApproval' };
        return jsonResponse(200, stored);
      },
    });
    expect(within(editor).getByTestId('note-status')).toHaveTextContent('Draft');
    await user.click(within(editor).getByRole('button', { name: 'Update & Send for Approval' }));
    await waitFor(() => expect(within(editor).getByTestId('note-status')).toHaveTextContent('Pending approval'));
    expect(within(editor).queryByText(CHANGED_ELSEWHERE)).toBeNull();
  });
});
