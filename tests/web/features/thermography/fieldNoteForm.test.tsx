import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

/** As the seeded ROLE_THERMOGRAPHY_TECHNICIAN: no checklists to submit, notes to write. */
const thermographyTechnician = sessionUser(['view-technician', 'read-asset', 'read-thermography-note', 'create-thermography-note', 'read-dashboard'], {
  _id: 'u-thermo',
  roleName: 'ROLE_THERMOGRAPHY_TECHNICIAN',
});

const switchboard = { _id: 'a1', name: 'Main switchboard MSB-1', identification: 'MSB-1', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' };

function openForm(answers: Parameters<typeof mockApi>[0] = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, thermographyTechnician),
    'GET /api/asset/identification/group/MSB-1': () => jsonResponse(200, [switchboard]),
    ...answers,
  });
  renderApp('/inspection/asset/identification/MSB-1');
  return { api, user: userEvent.setup() };
}

const noteRegion = (n: number) => screen.getByRole('region', { name: `Note ${n}` });
const field = (n: number, name: string) => within(noteRegion(n)).getByRole('textbox', { name: new RegExp(`^${name}`) });
const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/thermographyNote');

describe('thermography note form (spec §2.3, §5)', () => {
  it('shows the note form instead of checklists, and asks for the assets without their checklists', async () => {
    const { api } = openForm();
    expect(await screen.findByRole('heading', { name: 'Main switchboard MSB-1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Note 1' })).toBeInTheDocument();
    expect(screen.queryByText('No checklists are assigned to this asset.')).toBeNull();
    expect(api.callsTo('GET', '/api/asset/identification/group/MSB-1')[0]!.search).toBe('');
  });

  it('numbers a new note one above the largest numeric image number', async () => {
    const { user } = openForm();
    await screen.findByRole('region', { name: 'Note 1' });
    // The first note starts at 1, as if there were none before it.
    expect(field(1, 'Image number')).toHaveValue('1');
    await user.clear(field(1, 'Image number'));
    await user.type(field(1, 'Image number'), '41');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(field(2, 'Image number')).toHaveValue('42');
    await user.clear(field(2, 'Image number'));
    await user.type(field(2, 'Image number'), 'IR_7');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    // IR_7 is no number: the largest numeric one is still 41.
    expect(field(3, 'Image number')).toHaveValue('42');
  });

  it('the first note cannot be deleted; deleting another asks first and Cancel keeps it', async () => {
    const { user } = openForm();
    await screen.findByRole('region', { name: 'Note 1' });
    expect(within(noteRegion(1)).queryByRole('button', { name: /Delete note/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.type(field(2, 'Identification'), 'Incomer L1');

    await user.click(within(noteRegion(2)).getByRole('button', { name: 'Delete note 2' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(field(2, 'Identification')).toHaveValue('Incomer L1');

    await user.click(within(noteRegion(2)).getByRole('button', { name: 'Delete note 2' }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Note 3' })).toBeNull());
    // The third note moved up; the deleted one's text is gone.
    expect(field(2, 'Image number')).toHaveValue('3');
    expect(field(2, 'Identification')).toHaveValue('');
  });

  it("tells 'Image number is mandatory' and sends nothing", async () => {
    const { api, user } = openForm();
    await screen.findByRole('region', { name: 'Note 1' });
    await user.clear(field(1, 'Image number'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(noteRegion(1)).findByText('Image number is mandatory')).toBeInTheDocument();
    expect(posts(api.calls)).toHaveLength(0);
  });

  it("tells 'Image number is duplicated' for a repeated number and sends nothing", async () => {
    const { api, user } = openForm();
    await screen.findByRole('region', { name: 'Note 1' });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.type(field(1, 'Identification'), 'Incomer L1');
    await user.type(field(2, 'Identification'), 'Incomer L2');
    await user.clear(field(2, 'Image number'));
    await user.type(field(2, 'Image number'), '1');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(noteRegion(2)).findByText('Image number is duplicated')).toBeInTheDocument();
    expect(posts(api.calls)).toHaveLength(0);
  });

  it("asks for the identification only when there is more than one note ('Identification is required')", async () => {
    const { api, user } = openForm({ 'POST /api/thermographyNote': () => jsonResponse(200, { inspection: 'i1', notes: ['n1'] }) });
    await screen.findByRole('region', { name: 'Note 1' });
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await user.type(field(2, 'Identification'), 'Incomer L2');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(noteRegion(1)).findByText('Identification is required')).toBeInTheDocument();
    expect(within(noteRegion(2)).queryByText('Identification is required')).toBeNull();
    expect(posts(api.calls)).toHaveLength(0);

    // A single note goes without one.
    await user.click(within(noteRegion(2)).getByRole('button', { name: 'Delete note 2' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Note 2' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posts(api.calls)).toHaveLength(1));
  });

  it('POSTs every note with the breaker attributes, previews the folded note text, then says so and starts over', async () => {
    const { api, user } = openForm({ 'POST /api/thermographyNote': () => jsonResponse(200, { inspection: 'i1', notes: ['n1', 'n2'] }) });
    await screen.findByRole('region', { name: 'Note 1' });
    await user.clear(field(1, 'Image number'));
    await user.type(field(1, 'Image number'), '0012');
    await user.type(field(1, 'Identification'), 'Q3 breaker');
    await user.type(field(1, 'Note'), 'Hot spot on the lower terminal');
    await user.type(field(1, 'Ambient temperature'), '24,5');
    await user.click(within(noteRegion(1)).getByRole('button', { name: 'Breaker attributes' }));
    const breaker = within(noteRegion(1)).getByRole('group', { name: 'Breaker attributes' });
    await user.type(within(breaker).getByRole('textbox', { name: /^Capacity/ }), '100');
    await user.type(within(breaker).getByRole('textbox', { name: /^Current R/ }), '45');
    await user.type(within(breaker).getByRole('textbox', { name: /^Current Y/ }), '47.5');
    await user.type(within(breaker).getByRole('textbox', { name: /^Current B/ }), '44');
    // The fold as docs/thermography.md gives it: the note, then the breaker line.
    expect(within(noteRegion(1)).getByTestId('folded-note')).toHaveTextContent('Hot spot on the lower terminal Breaker: capacity 100 A; currents R 45 A, Y 47.5 A, B 44 A');

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(field(2, 'Image number')).toHaveValue('0013');
    await user.type(field(2, 'Identification'), 'Q4 breaker');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Note submitted successfully.')).toBeInTheDocument();
    expect(posts(api.calls)).toHaveLength(1);
    expect(posts(api.calls)[0]!.body).toEqual({
      assetIdentification: 'MSB-1',
      notes: [
        {
          imageNumber: '0012',
          identification: 'Q3 breaker',
          note: 'Hot spot on the lower terminal',
          ambientTemperature: 24.5,
          breakerAttributes: { capacity: 100, currents: { r: 45, y: 47.5, b: 44 } },
        },
        { imageNumber: '0013', identification: 'Q4 breaker', note: '', ambientTemperature: null },
      ],
    });
    // A fresh form, numbering on after the pictures just sent.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Note 2' })).toBeNull());
    expect(field(1, 'Image number')).toHaveValue('0014');
    expect(field(1, 'Identification')).toHaveValue('');
  });

  it("shows the server's refusal on the field it names and keeps the notes", async () => {
    const { user } = openForm({
      'POST /api/thermographyNote': () =>
        jsonResponse(400, { response: 'error', message: 'notes.0.imageNumber: Image number is duplicated', errors: { 'notes.0.imageNumber': 'Image number is duplicated' } }),
    });
    await screen.findByRole('region', { name: 'Note 1' });
    await user.type(field(1, 'Identification'), 'Q3 breaker');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(noteRegion(1)).findByText('Image number is duplicated')).toBeInTheDocument();
    expect(field(1, 'Identification')).toHaveValue('Q3 breaker');
  });

  it('keeps typed notes over a reload of the page', async () => {
    const first = openForm();
    await screen.findByRole('region', { name: 'Note 1' });
    await first.user.type(field(1, 'Identification'), 'Busbar joint');
    cleanup();
    openForm();
    expect(await screen.findByDisplayValue('Busbar joint')).toBeInTheDocument();
  });
});
