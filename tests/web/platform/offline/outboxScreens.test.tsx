import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { addOutboxItem, listOutboxItems } from '../../../../src/platform/offline/outbox/outboxStore';
import { offlineDb } from '../../../../src/platform/offline/offlineDb';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { hex, itemIn, openInspect, panelOf, photo, postsOf, pumpChecklist, skdGroup } from '../../features/technician/inspectFixtures';
import { fakeObjectUrls } from '../../helpers/objectUrls';
import { KEY_1, KEY_2, KEY_3, queuedItem, resetOfflineStore, technician, emptyCatalogueAnswer } from './outboxFixtures';

const SAVED_ON_PHONE = 'Saved on this phone — it will be sent when the network returns';
const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  resetOfflineStore();
});


/** Signed in as the technician on /inspection/outbox (or `path`), with the inspect view's calls answered. */
function openTechnician(path = '/inspection/outbox', answers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    ...emptyCatalogueAnswer,
    'GET /api/token/init': () => jsonResponse(200, technician),
    'GET /api/asset/identification/group/SKD-001': () => jsonResponse(200, skdGroup),
    ...Object.fromEntries(skdGroup.map((asset) => [`GET /api/asset/${asset._id}/previousInspections`, () => jsonResponse(200, [])])),
    ...answers,
  });
  renderApp(path);
  return { api, user: userEvent.setup() };
}

const refusedStatus = (id: string, label = 'Replace belt on AHU-2') =>
  queuedItem({
    id,
    kind: 'workOrderStatus',
    label,
    request: { method: 'PUT', path: '/workOrder/w1', body: { _id: 'w1', status: 'In Progress' } },
    editPath: '/inspection/workOrder/w1',
    state: 'refused',
    error: 'This work order is completed',
    attempts: 1,
  });

describe('the outbox on the phone (docs/offline.md)', () => {
  it('a checklist submitted with the network failing is queued with its key and original time, the user is told, and the chip counts it', async () => {
    const { api } = openInspect({ ...emptyCatalogueAnswer, 'POST /api/inspection': networkDown });
    const panel = await panelOf('Booster set pump A');
    const region = within(panel).getByRole('region', { name: pumpChecklist.name });
    await userEvent.selectOptions(within(itemIn(region, 'Status')).getByRole('combobox', { name: 'Status' }), 'Running');
    await userEvent.type(within(itemIn(region, 'Vibration')).getByRole('textbox', { name: 'Vibration' }), '3.4');

    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    const [attempt] = postsOf(api.calls) as [ApiCall];
    const pressedAt = Number(new URLSearchParams(attempt.search).get('timestamp'));
    const [item] = await listOutboxItems('u-tech');
    expect(item).toMatchObject({
      id: attempt.headers.get('Idempotency-Key'),
      kind: 'inspection',
      label: 'Booster set pump A',
      state: 'waiting',
      createdAt: pressedAt,
      editPath: '/inspection/asset/identification/SKD-001',
      request: { method: 'POST', path: '/inspection', query: { assetId: hex(1), timestamp: pressedAt }, body: attempt.body },
    });
    expect(item!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Cleared as after a success; the queue is in the app bar.
    await waitFor(() => expect(within(itemIn(region, 'Vibration')).getByRole('textbox', { name: 'Vibration' })).toHaveValue(''));
    expect(await screen.findByRole('link', { name: '1 waiting to send' })).toHaveAttribute('href', '/inspection/outbox');
    // Not an error: nothing failed for the user.
    expect(screen.queryByText('The server could not be reached. Try again in a moment.')).toBeNull();
  });

  it('the chip says how many wait and how many were not accepted; the queue shows each with its state and reason', async () => {
    await addOutboxItem(queuedItem({ id: KEY_1, label: 'Replace belt on AHU-2' }));
    await addOutboxItem(queuedItem({ id: KEY_2, label: 'Grease bearings on P-7', createdAt: Date.UTC(2026, 10, 20, 7, 0), request: { method: 'POST', path: '/workOrder/w2/activity', body: { comment: 'Done' } } }));
    await addOutboxItem(refusedStatus(KEY_3, 'Check chiller CH-1'));
    openTechnician('/inspection/outbox', { 'POST /api/workOrder/w1/activity': networkDown });

    expect(await screen.findByRole('link', { name: '2 waiting to send, 1 not accepted' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Waiting to send', level: 1 })).toBeInTheDocument();
    const refused = await screen.findByRole('listitem', { name: 'Check chiller CH-1' });
    expect(refused).toHaveTextContent('Work order status');
    expect(refused).toHaveTextContent('Not accepted');
    expect(refused).toHaveTextContent('The server did not accept it: This work order is completed');
    const waiting = screen.getByRole('listitem', { name: 'Replace belt on AHU-2' });
    await waitFor(() => expect(waiting).toHaveTextContent('Waiting for the network'));
    expect(within(waiting).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send now' })).toBeEnabled();
  });

  it("an item whose photo is gone from the phone is not blamed on the server: the queue says what to do", async () => {
    const lostPhoto = 'local-55555555-5555-4555-8555-555555555555';
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        kind: 'inspection',
        label: 'Booster set pump A',
        request: { method: 'POST', path: '/inspection', query: { assetId: 'as1', timestamp: 1 }, body: { inspectionData: { c1: { a1: lostPhoto } } } },
        photoIds: [lostPhoto],
      }),
    );
    openTechnician();

    const item = await screen.findByRole('listitem', { name: 'Booster set pump A' });
    await waitFor(() => expect(item).toHaveTextContent('Not accepted'));
    expect(item).toHaveTextContent('A photo of it is no longer on this phone: edit it and take the photo again, or discard it.');
    expect(item).not.toHaveTextContent('The server did not accept it');
  });

  it('a refused item can be discarded, after a confirm', async () => {
    await addOutboxItem(refusedStatus(KEY_1));
    const { user } = openTechnician();
    const entry = await screen.findByRole('listitem', { name: 'Replace belt on AHU-2' });

    await user.click(within(entry).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this item?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));

    await waitFor(async () => expect(await listOutboxItems('u-tech')).toEqual([]));
    expect(await screen.findByText('Nothing is waiting: everything has been sent.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /waiting to send|not accepted/ })).toBeNull();
  });

  it('Edit on a refused checklist puts its draft back into the panel and opens it', async () => {
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        kind: 'inspection',
        label: 'Booster set pump A',
        request: { method: 'POST', path: '/inspection', query: { assetId: hex(1), timestamp: Date.UTC(2026, 10, 20, 6, 30) }, body: {} },
        draft: { assetId: hex(1), draft: { selected: ['c01'], values: { c01: { a01: 'Running', a06: 'Meter 4711' } }, comments: {}, savedAt: Date.UTC(2026, 10, 20, 6, 30) } },
        editPath: '/inspection/asset/identification/SKD-001',
        state: 'refused',
        error: 'The checklist was changed: reload it',
      }),
    );
    const { user } = openTechnician();
    const entry = await screen.findByRole('listitem', { name: 'Booster set pump A' });
    expect(entry).toHaveTextContent('The checklist was changed: reload it');

    await user.click(within(entry).getByRole('button', { name: 'Edit' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inspection/asset/identification/SKD-001'));
    const region = within(await panelOf('Booster set pump A')).getByRole('region', { name: pumpChecklist.name });
    expect(within(itemIn(region, 'Status')).getByRole('combobox', { name: 'Status' })).toHaveValue('Running');
    expect(within(itemIn(region, 'Meter reading')).getByRole('textbox', { name: 'Meter reading' })).toHaveValue('Meter 4711');
    expect(await listOutboxItems('u-tech')).toEqual([]);
  });

  it('signing out with unsent items warns first; Cancel stays signed in, Sign out anyway keeps the items for later', async () => {
    await addOutboxItem(refusedStatus(KEY_1));
    await addOutboxItem(refusedStatus(KEY_2, 'Check chiller CH-1'));
    const { user } = openTechnician();
    await screen.findByRole('listitem', { name: 'Check chiller CH-1' });

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Items not sent yet' });
    expect(dialog).toHaveTextContent('2 items have not been sent yet. They stay on this phone and are sent after you sign in again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem('jwt')).toBe('stored-jwt');

    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sign out anyway' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(await listOutboxItems('u-tech')).toHaveLength(2);
  });

  it('signing out with nothing unsent does not ask', async () => {
    const { user } = openTechnician();
    await screen.findByText('Nothing is waiting: everything has been sent.');
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the photo buttons nest no control; a photo that cannot be uploaded is kept on the phone and shown from there', async () => {
    fakeObjectUrls();
    openInspect({ ...emptyCatalogueAnswer, 'POST /api/file': networkDown });
    const panel = await panelOf('Booster set control panel');
    const item = itemIn(panel, photo.name);

    for (const name of ['Take photo', 'Choose file']) {
      const button = within(item).getByRole('button', { name });
      expect(button.tagName).toBe('BUTTON');
      expect(button.querySelector('input, button, a, label')).toBeNull();
      expect(button.closest('label')).toBeNull();
    }
    const inputs = item.querySelectorAll('input[type="file"]');
    expect([...inputs].map((input) => [input.getAttribute('accept'), input.getAttribute('capture')])).toEqual([
      ['image/*', 'environment'],
      ['image/*', null],
    ]);
    inputs.forEach((input) => expect(input.closest('button, label')).toBeNull());

    await userEvent.upload(within(item).getByLabelText('Choose file'), new File(['\x89PNG'], 'plate.png', { type: 'image/png' }));

    expect(await screen.findByText('No network: the photo is kept on this phone and sent with the inspection')).toBeInTheDocument();
    expect(within(item).getByRole('img', { name: 'Photo for Nameplate photo' })).toHaveAttribute('src', expect.stringMatching(/^blob:/));
    const photos = await (await offlineDb()).getAll('photos');
    expect(photos).toEqual([expect.objectContaining({ id: expect.stringMatching(/^local-/), userId: 'u-tech' })]);
  });
});
