import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, type ApiCall } from '../../helpers/mockApi';
import { noteView, openNote, pictureResponse, READ_ONLY, THERMO_ENGINEER, THERMO_MANAGER } from './noteFixtures';

const BUTTONS = ['Update', 'Update & Send for Approval', 'Update & Approve', 'Delete'];
const shownButtons = (editor: HTMLElement) => BUTTONS.filter((name) => within(editor).queryByRole('button', { name }) !== null);
const puts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'PUT' && call.path === path);
const NOTE = '/api/thermographyNote/n1';

async function alertText(): Promise<string> {
  const dialog = await screen.findByRole('dialog');
  return dialog.textContent ?? '';
}

afterEach(() => vi.restoreAllMocks());

describe('thermography note editor: buttons by permission (spec §6)', () => {
  it.each([
    ['an engineer (update, no approve)', ['Update', 'Update & Send for Approval', 'Delete'], THERMO_ENGINEER],
    ['a manager (update and approve)', ['Update', 'Update & Approve', 'Delete'], THERMO_MANAGER],
    ['a reader', [], READ_ONLY],
  ])('%s sees %j', async (_who, expected, permissions) => {
    const { editor } = await openNote(noteView(), permissions);
    expect(shownButtons(editor)).toEqual(expected);
    const identification = within(editor).getByRole('textbox', { name: 'Identification' });
    if (expected.length) expect(identification).toBeEnabled();
    else expect(identification).toBeDisabled();
  });

  it('an approved note is read-only, even for a manager', async () => {
    const { editor } = await openNote(noteView({ status: 'approved', severityLevel: 'B' }), THERMO_MANAGER);
    expect(within(editor).getByText('This note is approved and can no longer be changed.')).toBeInTheDocument();
    expect(shownButtons(editor)).toEqual([]);
    expect(within(editor).getByRole('textbox', { name: 'Identification' })).toBeDisabled();
    expect(within(editor).queryByRole('button', { name: 'Upload thermal image' })).toBeNull();
    expect(within(editor).queryByRole('button', { name: 'Paint' })).toBeNull();
  });
});

describe('thermography note editor: what it shows (spec §2.5)', () => {
  it('identification, note, ambient temperature, measurements, parameters, status and the suggested severity', async () => {
    const { editor } = await openNote(
      noteView({
        parameters: [
          { k: 'Camera model', v: 'FLIR AX8' },
          { k: 'Emissivity', v: '0.90' },
          { k: 'Emissivity (camera)', v: '0.95' },
        ],
      }),
      THERMO_ENGINEER,
    );
    expect(within(editor).getByRole('textbox', { name: 'Identification' })).toHaveValue('Q3 breaker');
    expect(within(editor).getByRole('textbox', { name: 'Note' })).toHaveValue('Hot spot on the lower terminal');
    expect(within(editor).getByRole('textbox', { name: 'Ambient temperature' })).toHaveValue('21');
    expect(within(editor).getByTestId('note-status')).toHaveTextContent('Draft');
    const measurements = within(editor).getByRole('table', { name: 'Measurements' });
    expect(within(measurements).getByText('Max').closest('tr')).toHaveTextContent('25.5 °C');
    // Computed from the raw data: not typed over while the picture is radiometric.
    expect(within(measurements).queryByRole('textbox')).toBeNull();
    const parameters = within(editor).getByRole('table', { name: 'Parameters' });
    const emissivity = within(parameters).getByRole('textbox', { name: 'Emissivity' });
    expect(emissivity).toHaveValue('0.90');
    // The camera's value beside the corrected one, not a row of its own.
    expect(emissivity.closest('tr')).toHaveTextContent('0.95');
    expect(within(parameters).queryByText('Emissivity (camera)')).toBeNull();
    expect(within(parameters).getByText('FLIR AX8').closest('tr')!.querySelector('input')).toBeNull();
    expect(within(editor).getByTestId('suggested-severity')).toHaveTextContent('Suggested D: hottest spot 4.5 °C over ambient');
  });

  it('offers the six predefined observations and the two recommendations of spec §9', async () => {
    const { editor } = await openNote(noteView(), THERMO_ENGINEER);
    const observations = within(editor).getByRole('group', { name: 'Observations' });
    const recommendations = within(editor).getByRole('group', { name: 'Recommendations' });
    // Hand-kept from spec §9's descriptions.
    expect(within(observations).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Overheated area detected',
      'Overheated cable detected',
      'Overheated terminal detected',
      'Load current insufficient for a conclusive inspection',
      'No load at the time of inspection',
      'No anomalies detected',
    ]);
    expect(within(recommendations).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual([
      'Check the cable capacity against the load current',
      'Check the terminals for loose or corroded connections',
    ]);
  });
});

describe('thermography note editor: scan conditions and the suggestion they give (issue 43 §3)', () => {
  const suggestion = (overrides: Record<string, unknown>) =>
    noteView({ suggestedSeverity: { ...noteView().suggestedSeverity, ...overrides }, suggestedSeverityLevel: (overrides.level as 'C' | null | undefined) ?? null });

  it("says which tools the suggestion was read from, over what, and by which criterion; Use it takes it", async () => {
    const { user, editor } = await openNote(
      suggestion({ level: 'C', deltaT: 14.6, basis: 'similar', source: 'tools', from: 'Sp2', to: 'Sp1', criterion: 'site', criterionName: 'Plant rule 7' }),
      THERMO_ENGINEER,
    );
    expect(within(editor).getByTestId('suggested-severity')).toHaveTextContent('Suggested C: Sp2 14.6 °C over Sp1 · Plant rule 7 criterion');
    await user.click(within(editor).getByRole('button', { name: 'Use it' }));
    expect(within(editor).getByRole('button', { name: 'Severity C' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a criterion that needs the load says so instead of suggesting, with the ΔT it measured', async () => {
    const { editor } = await openNote(suggestion({ level: null, deltaT: 14.6, basis: 'similar', source: 'tools', from: 'Sp2', to: 'Sp1', criterion: 'nfpa-70b', criterionName: 'NFPA 70B', withheld: 'load' }), THERMO_ENGINEER);
    expect(within(editor).getByTestId('suggested-severity')).toHaveTextContent('No suggestion: NFPA 70B asks for a recorded load of at least 40 % (ΔT 14.6 °C)');
    expect(within(editor).queryByRole('button', { name: 'Use it' })).toBeNull();
  });

  it("a reader who may not read inspections sees the reference named, and the asset's inspections are not asked", async () => {
    const { api, editor } = await openNote(noteView({ referenceNote: 'n2', loadPercent: 60 }), READ_ONLY);
    expect(within(editor).getByRole('combobox', { name: 'Reference for ΔT' })).toHaveTextContent('Another note of this asset');
    expect(within(editor).getByRole('textbox', { name: 'Load at the scan' })).toBeDisabled();
    expect(api.calls.filter((call) => call.path === '/api/inspection')).toHaveLength(0);
  });

  it('shows the recorded load, criterion and reference; a load under 40 % is warned of, one that is no number is refused before saving', async () => {
    const { api, user, editor } = await openNote(noteView({ loadPercent: 55, criterion: 'nfpa-70b', referenceNote: 'n2' }), THERMO_ENGINEER);
    const load = within(editor).getByRole('textbox', { name: 'Load at the scan' });
    expect(load).toHaveValue('55');
    expect(within(editor).getByRole('combobox', { name: 'Severity criterion' })).toHaveTextContent('NFPA 70B');
    await waitFor(() => expect(within(editor).getByRole('combobox', { name: 'Reference for ΔT' })).toHaveTextContent('Image 8 · Q4 breaker row'));
    expect(within(editor).queryByText(/Under 40 % of rated load/)).toBeNull();
    await user.clear(load);
    await user.type(load, '39.5');
    expect(within(editor).getByText(/Under 40 % of rated load/)).toBeInTheDocument();
    await user.clear(load);
    await user.type(load, 'full');
    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('A load from 0 to 500 % of rated');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });
});

describe('thermography note editor: status rules (spec §5)', () => {
  it('with nothing set, Send for Approval alerts the last failing rule only and saves nothing', async () => {
    const { api, user, editor } = await openNote(noteView({ thermalImage: null, realImage: null, measurements: [], parameters: [] }), THERMO_ENGINEER);
    await user.click(within(editor).getByRole('button', { name: 'Update & Send for Approval' }));
    const text = await alertText();
    expect(text).toContain('Thermal image is not uploaded');
    expect(text).not.toContain('Severity Level is not defined');
    expect(text).not.toContain('Real image is not uploaded');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('with both images but no severity, Approve alerts the severity; choosing one lets it through', async () => {
    const { api, user, editor } = await openNote(noteView(), THERMO_MANAGER, {
      'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView({ severityLevel: 'C' })),
      'PUT /api/thermographyNote/n1/status': () => jsonResponse(200, noteView({ severityLevel: 'C', status: 'approved' })),
    });
    await user.click(within(editor).getByRole('button', { name: 'Update & Approve' }));
    expect(await alertText()).toContain('Severity Level is not defined');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await user.click(within(editor).getByRole('button', { name: 'Severity C' }));
    await user.click(within(editor).getByRole('button', { name: 'Update & Approve' }));
    await waitFor(() => expect(puts(api.calls, `${NOTE}/status`)).toHaveLength(1));
    expect(puts(api.calls, NOTE)[0]!.body).toMatchObject({ severityLevel: 'C' });
    expect(puts(api.calls, `${NOTE}/status`)[0]!.body).toEqual({ status: 'approved' });
  });

  it('with the real image missing and a severity chosen, the alert names the real image', async () => {
    const { user, editor } = await openNote(noteView({ realImage: null, severityLevel: 'B' }), THERMO_ENGINEER);
    await user.click(within(editor).getByRole('button', { name: 'Update & Send for Approval' }));
    expect(await alertText()).toContain('Real image is not uploaded');
  });
});

describe('thermography note editor: saving (spec §4, §8)', () => {
  it('Update PUTs the edited fields and keeps the status', async () => {
    const { api, user, editor } = await openNote(noteView(), THERMO_ENGINEER, { 'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView()) });
    const identification = within(editor).getByRole('textbox', { name: 'Identification' });
    await user.clear(identification);
    await user.type(identification, 'Q3 breaker, lower terminal');
    await user.click(within(editor).getByRole('button', { name: 'Severity B' }));
    await user.click(within(editor).getByRole('checkbox', { name: 'Overheated terminal detected' }));
    await user.click(within(editor).getByRole('button', { name: 'Add observation' }));
    await user.type(within(editor).getByRole('textbox', { name: 'Observations: own line 1' }), 'Insulation discoloured');
    await user.click(within(editor).getByRole('checkbox', { name: 'Check the terminals for loose or corroded connections' }));
    const emissivity = within(editor).getByRole('textbox', { name: 'Emissivity' });
    await user.clear(emissivity);
    await user.type(emissivity, '0.90');
    // Scan conditions (issue 43 §3): the load, the criterion and the reference note.
    const load = within(editor).getByRole('textbox', { name: 'Load at the scan' });
    await user.type(load, '35');
    expect(within(editor).getByText(/Under 40 % of rated load/)).toBeInTheDocument();
    await user.click(within(editor).getByRole('combobox', { name: 'Severity criterion' }));
    await user.click(await screen.findByRole('option', { name: 'Plant rule 7' }));
    await user.click(within(editor).getByRole('combobox', { name: 'Reference for ΔT' }));
    // The asset's other note, not this one.
    expect(screen.queryByRole('option', { name: /Q3 breaker row/ })).toBeNull();
    await user.click(await screen.findByRole('option', { name: /^Image 8 · Q4 breaker row · / }));
    await user.click(within(editor).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(puts(api.calls, NOTE)).toHaveLength(1);
    expect(puts(api.calls, NOTE)[0]!.body).toEqual({
      identification: 'Q3 breaker, lower terminal',
      note: 'Hot spot on the lower terminal',
      ambientTemperature: 21,
      severityLevel: 'B',
      observations: [{ v: 'Overheated terminal detected' }, { v: 'Insulation discoloured' }],
      recommendations: [{ v: 'Check the terminals for loose or corroded connections' }],
      measurements: [
        { k: 'Min', v: '24.3 °C' },
        { k: 'Max', v: '25.5 °C' },
        { k: 'Center', v: '25.4 °C' },
      ],
      parameters: [
        { k: 'Camera model', v: 'FLIR AX8' },
        { k: 'Emissivity', v: '0.90' },
        { k: 'Object distance', v: '1.0 m' },
      ],
      // No measurement tools on this note (thermalPicture.test.tsx places some).
      tools: [],
      deltaTs: [],
      loadPercent: 35,
      criterion: 'site',
      referenceNote: 'n2',
    });
    expect(puts(api.calls, `${NOTE}/status`)).toHaveLength(0);
  });

  it('Update & Send for Approval saves, moves to pendingApproval and refreshes the table', async () => {
    let status: 'draft' | 'pendingApproval' = 'draft';
    const { api, user, editor } = await openNote(() => noteView({ severityLevel: 'C', status }), THERMO_ENGINEER, {
      'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView({ severityLevel: 'C' })),
      'PUT /api/thermographyNote/n1/status': () => {
        status = 'pendingApproval';
        return jsonResponse(200, noteView({ severityLevel: 'C', status }));
      },
    });
    const tableReads = api.callsTo('GET', '/api/table/t1').length;
    await user.click(within(editor).getByRole('button', { name: 'Update & Send for Approval' }));
    await waitFor(() => expect(puts(api.calls, `${NOTE}/status`)).toHaveLength(1));
    expect(puts(api.calls, `${NOTE}/status`)[0]!.body).toEqual({ status: 'pendingApproval' });
    // The note first, then its status.
    const order = api.calls.filter((call) => call.method === 'PUT').map((call) => call.path);
    expect(order).toEqual([NOTE, `${NOTE}/status`]);
    await waitFor(() => expect(api.callsTo('GET', '/api/table/t1').length).toBeGreaterThan(tableReads));
    expect(await within(editor).findByText('Pending approval')).toBeInTheDocument();
  });

  it('Update & Approve reloads the note afterwards', async () => {
    let status: 'pendingApproval' | 'approved' = 'pendingApproval';
    const { api, user, editor } = await openNote(() => noteView({ severityLevel: 'A', status }), THERMO_MANAGER, {
      'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView({ severityLevel: 'A' })),
      'PUT /api/thermographyNote/n1/status': () => {
        status = 'approved';
        return jsonResponse(200, noteView({ severityLevel: 'A', status }));
      },
    });
    const reads = api.callsTo('GET', NOTE).length;
    await user.click(within(editor).getByRole('button', { name: 'Update & Approve' }));
    await waitFor(() => expect(api.callsTo('GET', NOTE).length).toBeGreaterThan(reads));
    expect(await within(editor).findByText('This note is approved and can no longer be changed.')).toBeInTheDocument();
    expect(shownButtons(editor)).toEqual([]);
  });

  it('Delete asks, moves the note to deleted without saving its fields, and refreshes the table', async () => {
    const { api, user, editor } = await openNote(noteView(), THERMO_ENGINEER, {
      'PUT /api/thermographyNote/n1/status': () => jsonResponse(200, noteView({ status: 'deleted' })),
    });
    const tableReads = api.callsTo('GET', '/api/table/t1').length;
    await user.click(within(editor).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    expect(puts(api.calls, `${NOTE}/status`)[0]!.body).toEqual({ status: 'deleted' });
    expect(puts(api.calls, NOTE)).toHaveLength(0);
    await waitFor(() => expect(api.callsTo('GET', '/api/table/t1').length).toBeGreaterThan(tableReads));
  });

  it.each([
    ['the note', { 'PUT /api/thermographyNote/n1': () => errorResponse(500, 'Database went away') }, 'Something went wrong in updating the termography note'],
    [
      'the status',
      { 'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView({ severityLevel: 'B' })), 'PUT /api/thermographyNote/n1/status': () => errorResponse(409, 'This note is approved') },
      'Something went wrong in updating the note status',
    ],
  ])('a failing save of %s alerts the spec message with the reason', async (_what, answers, message) => {
    const { user, editor } = await openNote(noteView({ severityLevel: 'B' }), THERMO_ENGINEER, answers);
    await user.click(within(editor).getByRole('button', { name: 'Update & Send for Approval' }));
    expect(await alertText()).toContain(message);
    expect(screen.queryByText('Updated successfully')).toBeNull();
  });
});

describe('thermography note editor: thermal image upload (spec §5, §9)', () => {
  const jpeg = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0xff, 0xd8, 0xff, 0xe0]);
    return new File([bytes], 'FLIR0012.jpg', { type: 'image/jpeg' });
  };
  const uploadInput = (editor: HTMLElement) => editor.querySelector<HTMLInputElement>('input[type="file"]')!;
  const uploads = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === `${NOTE}/thermalImage`);

  it('refuses a file that is no JPEG by its content, whatever its name', async () => {
    const { api, editor } = await openNote(noteView(), THERMO_ENGINEER);
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(uploadInput(editor), { target: { files: [png] } });
    expect(await alertText()).toContain('Only JPEG images can be uploaded');
    expect(uploads(api.calls)).toHaveLength(0);
  });

  it("refuses a JPEG over 1,048,576 bytes with spec §5's words; exactly the limit goes up", async () => {
    const { api, user, editor } = await openNote(noteView(), THERMO_ENGINEER, {
      'POST /api/thermographyNote/n1/thermalImage': () => jsonResponse(200, { thermalImage: '/api/file/f-thermal', realImage: '/api/file/f-real', parameters: [], measurements: [] }),
    });
    fireEvent.change(uploadInput(editor), { target: { files: [jpeg(1_048_577)] } });
    expect(await alertText()).toContain('File is too large, allowed limit is only upto 1MB');
    expect(uploads(api.calls)).toHaveLength(0);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close' }));
    fireEvent.change(uploadInput(editor), { target: { files: [jpeg(1_048_576)] } });
    await waitFor(() => expect(uploads(api.calls)).toHaveLength(1));
  });

  it('uploads as multipart field thermalImage with extractMoreInfo=true and shows what the picture brought', async () => {
    const append = vi.spyOn(FormData.prototype, 'append');
    const extracted = {
      thermalImage: '/api/file/f-thermal',
      realImage: '/api/file/f-real',
      parameters: [
        { k: 'Camera model', v: 'FLIR T420' },
        { k: 'Emissivity', v: '0.95' },
      ],
      measurements: [
        { k: 'Min', v: '33.3 °C' },
        { k: 'Max', v: '187.9 °C' },
        { k: 'Center', v: '130.4 °C' },
      ],
    };
    let stored = noteView({ thermalImage: null, realImage: null, measurements: [], parameters: [] });
    const { api, editor } = await openNote(() => stored, THERMO_ENGINEER, {
      'POST /api/thermographyNote/n1/thermalImage': () => {
        stored = { ...stored, ...extracted };
        return jsonResponse(200, extracted);
      },
    });
    fireEvent.change(uploadInput(editor), { target: { files: [jpeg(2048)] } });
    await waitFor(() => expect(uploads(api.calls)).toHaveLength(1));
    expect(uploads(api.calls)[0]!.search).toBe('?extractMoreInfo=true');
    expect(append.mock.calls.map((call) => call[0])).toContain('thermalImage');
    expect(await within(editor).findByText('FLIR T420')).toBeInTheDocument();
    expect(within(editor).getByText('187.9 °C')).toBeInTheDocument();
    expect(within(editor).queryByText('No thermal image yet')).toBeNull();
  });

  it('keeps a picture without radiometric data and says why it shows no temperatures, in the server\'s words', async () => {
    const reason = "This camera's format (DJI R-JPEG) carries no FLIR radiometric data that FacilityOps can read";
    const kept = { thermalImage: '/api/file/f-thermal', realImage: null, parameters: [], measurements: [], noTemperatures: reason };
    const { api, editor } = await openNote(noteView({ thermalImage: null, realImage: null, measurements: [], parameters: [] }), THERMO_ENGINEER, {
      'POST /api/thermographyNote/n1/thermalImage': () => jsonResponse(200, kept),
    });
    fireEvent.change(uploadInput(editor), { target: { files: [jpeg(2048)] } });
    await waitFor(() => expect(uploads(api.calls)).toHaveLength(1));
    const dialog = await screen.findByRole('dialog', { name: 'No temperatures in this picture' });
    expect(dialog).toHaveTextContent(reason);
  });
});

describe("the table row follows the note's saves, not only its status changes (issue 40)", () => {
  it('an upload, then an Update, show in the row at once: its Max, then its identification', async () => {
    let stored = noteView({ thermalImage: null, realImage: null, measurements: [], parameters: [] });
    const maxOf = (note: typeof stored) => note.measurements.find((row) => row.k === 'Max')?.v ?? '';
    const extracted = { thermalImage: '/api/file/f-thermal', realImage: '/api/file/f-real', parameters: [{ k: 'Camera model', v: 'FLIR T420' }], measurements: [{ k: 'Max', v: '187.9 °C' }] };
    const { user, editor } = await openNote(() => stored, THERMO_ENGINEER, {
      // The row as the Thermography Notes table answers it: from the stored note.
      'GET /api/table/t1': () =>
        jsonResponse(200, {
          name: 'Thermography Notes',
          keyField: '_id',
          type: 'thermography',
          fields: [
            { heading: 'Identification', dataField: 'identification' },
            { heading: 'Max', dataField: 'maxTemperature' },
          ],
          filters: [],
          data: [{ _id: 'n1', identification: `${stored.identification} row`, maxTemperature: maxOf(stored) || 'no max yet' }],
          setSupportRowExpand: true,
        }),
      'POST /api/thermographyNote/n1/thermalImage': () => {
        stored = { ...stored, ...extracted };
        return jsonResponse(200, extracted);
      },
      'PUT /api/thermographyNote/n1': (call) => {
        stored = { ...stored, ...(call.body as Partial<typeof stored>) };
        return jsonResponse(200, stored);
      },
    });
    const row = () => document.querySelector<HTMLElement>('tr[data-row-id="n1"]')!;
    expect(within(row()).getByText('no max yet')).toBeInTheDocument();

    fireEvent.change(editor.querySelector<HTMLInputElement>('input[type="file"]')!, { target: { files: [new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'FLIR0012.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(within(row()).getByText('187.9 °C')).toBeInTheDocument());

    const identification = within(editor).getByRole('textbox', { name: 'Identification' });
    await user.clear(identification);
    await user.type(identification, 'Q3 lower terminal');
    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(row()).getByText('Q3 lower terminal row')).toBeInTheDocument());
    // Still a draft, and the editor stayed open with what was saved.
    expect(within(editor).getByTestId('note-status')).toHaveTextContent('Draft');
    expect(identification).toHaveValue('Q3 lower terminal');
  });
});

describe('thermography note editor: image editor (spec §4, §9)', () => {
  /**
   * jsdom draws nothing: 2D contexts that record what is drawn, and a bitmap of the picture's size.
   * `strokesOn` keeps the canvas of each stroke: the one on screen, or the saved picture's.
   */
  function fakeCanvas(picture = { width: 640, height: 480 }) {
    const strokes: { lineWidth: number; strokeStyle: string }[] = [];
    const strokesOn: { canvas: HTMLCanvasElement; lineWidth: number }[] = [];
    const recordingContext = (canvas: HTMLCanvasElement) => {
      const context = {
        lineWidth: 1,
        strokeStyle: '#000',
        lineCap: 'butt',
        lineJoin: 'miter',
        save: vi.fn(),
        restore: vi.fn(),
        drawImage: vi.fn(),
        beginPath: vi.fn(),
        moveTo: vi.fn(),
        lineTo: vi.fn(),
        stroke() {
          strokes.push({ lineWidth: this.lineWidth, strokeStyle: this.strokeStyle });
          strokesOn.push({ canvas, lineWidth: this.lineWidth });
        },
      };
      return context as unknown as CanvasRenderingContext2D;
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return recordingContext(this);
    } as unknown as HTMLCanvasElement['getContext']);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation((type?: string) => `data:${type ?? 'image/png'};base64,/9j/4AAQSkZJRg==`);
    vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ ...picture, close: vi.fn() })));
    return Object.assign(strokes, { strokesOn });
  }

  it('a drag in painting mode draws a red 2.5 arrow, and Update saves the edited picture via PUT realImage before the note', async () => {
    const strokes = fakeCanvas();
    const { api, user, editor } = await openNote(noteView(), THERMO_ENGINEER, {
      'PUT /api/thermographyNote/n1/realImage': () => jsonResponse(200, { realImage: '/api/file/f-edited', originalRealImage: '/api/file/f-real' }),
      'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView()),
      'GET /api/file/f-edited': pictureResponse,
    });
    const canvas = await within(editor).findByRole('img', { name: 'Real image' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));

    // Not painting: a drag draws nothing.
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 120, clientY: 90, pointerId: 1 });
    expect(canvas).toHaveAttribute('data-arrows', '0');

    await user.click(within(editor).getByRole('button', { name: 'Paint' }));
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: 60, clientY: 50, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 120, clientY: 90, pointerId: 1 });
    expect(canvas).toHaveAttribute('data-arrows', '1');
    expect(strokes.at(-1)).toEqual({ lineWidth: 2.5, strokeStyle: '#ff0000' });

    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(api.calls, NOTE)).toHaveLength(1));
    const [save] = puts(api.calls, `${NOTE}/realImage`);
    expect(save!.body).toEqual({ filepath: '/api/file/f-real', dataURL: expect.stringMatching(/^data:image\/(png|jpeg);base64,/) });
    expect(api.calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([`${NOTE}/realImage`, NOTE]);
  });

  // Issue 40: a 2,048 px camera picture shown scaled down drew its 2.5 px arrows a third of a pixel wide.
  // The widths the real image is shown at beside the thermal image (measured in Chromium).
  it.each([
    ['a 390 px phone', 284],
    ['a 1280 px desktop', 240],
  ])('on %s (a 2048 px picture shown %i px wide) an arrow is at least 2 CSS px wide, and saved in the same proportion', async (_where, shownWidth) => {
    const { strokesOn } = fakeCanvas({ width: 2048, height: 1536 });
    const shownHeight = (shownWidth * 1536) / 2048;
    vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, width: shownWidth, height: shownHeight, right: shownWidth, bottom: shownHeight, toJSON: () => ({}) });
    const { api, user, editor } = await openNote(noteView(), THERMO_ENGINEER, {
      'PUT /api/thermographyNote/n1/realImage': () => jsonResponse(200, { realImage: '/api/file/f-edited', originalRealImage: '/api/file/f-real' }),
      'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView()),
      'GET /api/file/f-edited': pictureResponse,
    });
    const canvas = await within(editor).findByRole('img', { name: 'Real image' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    await user.click(within(editor).getByRole('button', { name: 'Paint' }));

    // A press that moved 4 px on screen is a tap, however many picture pixels that is.
    fireEvent.pointerDown(canvas, { clientX: 30, clientY: 30, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 34, clientY: 30, pointerId: 1 });
    expect(canvas).toHaveAttribute('data-arrows', '0');

    fireEvent.pointerDown(canvas, { clientX: 30, clientY: 30, pointerId: 1 });
    fireEvent.pointerMove(canvas, { clientX: shownWidth / 3, clientY: shownHeight / 3, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: shownWidth * 0.6, clientY: shownHeight * 0.6, pointerId: 1 });
    expect(canvas).toHaveAttribute('data-arrows', '1');
    const shown = strokesOn.filter((stroke) => stroke.canvas === canvas).at(-1)!;
    expect(shown.canvas.width).toBe(2048);
    const onScreenCssPx = (shown.lineWidth * shownWidth) / shown.canvas.width;
    expect(onScreenCssPx).toBeGreaterThanOrEqual(2);

    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(api.calls, `${NOTE}/realImage`)).toHaveLength(1));
    const saved = strokesOn.filter((stroke) => stroke.canvas !== canvas).at(-1)!;
    // The saved picture is the camera's size, its arrow as thick for that picture as it was on screen.
    expect(saved.canvas.width).toBe(2048);
    expect(saved.lineWidth / saved.canvas.width).toBeCloseTo(onScreenCssPx / shownWidth, 9);
  });

  it('without arrows, Update sends no picture; a failing picture save alerts and stops', async () => {
    fakeCanvas();
    const { api, user, editor } = await openNote(noteView(), THERMO_ENGINEER, {
      'PUT /api/thermographyNote/n1': () => jsonResponse(200, noteView()),
      'PUT /api/thermographyNote/n1/realImage': () => errorResponse(413, 'The picture is too large'),
    });
    const canvas = await within(editor).findByRole('img', { name: 'Real image' });
    await waitFor(() => expect(canvas).toHaveAttribute('data-drawn', 'true'));
    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(api.calls, NOTE)).toHaveLength(1));
    expect(puts(api.calls, `${NOTE}/realImage`)).toHaveLength(0);

    await user.click(within(editor).getByRole('button', { name: 'Paint' }));
    fireEvent.pointerDown(canvas, { clientX: 10, clientY: 10, pointerId: 1 });
    fireEvent.pointerUp(canvas, { clientX: 120, clientY: 90, pointerId: 1 });
    await user.click(within(editor).getByRole('button', { name: 'Update' }));
    const text = await alertText();
    expect(text).toContain('Something went wrong in updating the real image');
    expect(text).toContain('The picture is too large');
    expect(puts(api.calls, NOTE)).toHaveLength(1);
  });

  it('the original picture stays viewable once an edited one is saved', async () => {
    fakeCanvas();
    const { user, editor } = await openNote(noteView({ realImage: '/api/file/f-edited', originalRealImage: '/api/file/f-real' }), THERMO_ENGINEER, {
      'GET /api/file/f-edited': pictureResponse,
    });
    await within(editor).findByRole('img', { name: 'Real image' });
    await user.click(within(editor).getByRole('button', { name: 'View original' }));
    expect(within(editor).getByRole('heading', { name: 'Original real image' })).toBeInTheDocument();
    expect(within(editor).queryByRole('button', { name: 'Paint' })).toBeNull();
  });
});
