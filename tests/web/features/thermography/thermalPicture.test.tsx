import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractFlir } from '../../../../server/modules/thermography/flir/extract';
import type { NoteRadiometry } from '../../../../common/thermography/radiometry';
import { jsonResponse, type ApiCall } from '../../helpers/mockApi';
import { noteView, openNote, THERMO_ENGINEER } from './noteFixtures';

/**
 * The painted thermal picture's readout (issue 43 §1): the FLIR T420 fixture's raw data as the
 * server answers it, read at its centre pixel (320, 240). Expected values kept by hand from the
 * fixture set's README ("Reference temperatures"): 130.4 °C single path under the camera's
 * settings; 129.8 °C without the air (the "emissivity + reflected only" variant: distance 0).
 */
const T420 = readFileSync(path.resolve(__dirname, '../../../fixtures/flir/flir-t420.jpg'));
const CENTRE = { x: 320, y: 240, singlePath: '130.4 °C', withoutAir: '129.8 °C' };
/** The canvas as laid out: 640 × 480 raw pixels drawn 320 × 240 CSS px (jsdom lays nothing out). */
const SHOWN = { left: 10, top: 20, width: 320, height: 240 };

function t420Radiometry() {
  const reading = extractFlir(new Uint8Array(T420), { keepRaw: true });
  const raw = reading.rawImage!;
  const radiometry = reading.radiometry!;
  const answer: NoteRadiometry = {
    thermalImage: '/api/file/f-thermal',
    width: raw.width,
    height: raw.height,
    raw: Buffer.from(raw.values.buffer, raw.values.byteOffset, raw.values.byteLength).toString('base64'),
    planck: radiometry.planck,
    atmosphere: radiometry.atmosphere,
    cameraSettings: radiometry.settings,
    settings: radiometry.settings,
    cameraParameters: reading.parameters,
  };
  return { answer, parameters: reading.parameters };
}

async function openT420(overrides: Partial<ReturnType<typeof noteView>> = {}, permissions = THERMO_ENGINEER) {
  const { answer, parameters } = t420Radiometry();
  const note = noteView({ parameters, ...overrides });
  const opened = await openNote(note, permissions, {
    'GET /api/thermographyNote/n1/radiometry': () => jsonResponse(200, answer),
    'PUT /api/thermographyNote/n1': () => jsonResponse(200, note),
  });
  const canvas = await within(opened.editor).findByTestId('thermal-canvas');
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({ ...SHOWN, right: SHOWN.left + SHOWN.width, bottom: SHOWN.top + SHOWN.height, x: SHOWN.left, y: SHOWN.top, toJSON: () => SHOWN });
  /** Points at raw pixel (x, y): the middle of its CSS square. */
  const at = (x: number, y: number) => ({ clientX: SHOWN.left + ((x + 0.5) * SHOWN.width) / answer.width, clientY: SHOWN.top + ((y + 0.5) * SHOWN.height) / answer.height });
  const pointAt = (x: number, y: number) => fireEvent.pointerMove(canvas, at(x, y));
  /** A press at one pixel, a drag to another, a release. */
  const dragBetween = (from: [number, number], to: [number, number]) => {
    fireEvent.pointerDown(canvas, at(...from));
    fireEvent.pointerMove(canvas, at(...to));
    fireEvent.pointerUp(canvas, at(...to));
  };
  return { ...opened, canvas, at, pointAt, dragBetween };
}

afterEach(() => vi.restoreAllMocks());

describe('the thermal picture of a radiometric note', () => {
  it('reads the temperature under the pointer, with the scale of the picture', async () => {
    const { editor, pointAt } = await openT420();
    const readout = within(editor).getByTestId('thermal-readout');
    expect(readout).toHaveTextContent('Point at the picture (or touch it) to read a temperature');
    pointAt(CENTRE.x, CENTRE.y);
    expect(readout).toHaveTextContent(`${CENTRE.singlePath} at pixel 320, 240`);
    // The README's min and max over the whole picture, single path.
    expect(within(editor).getByRole('img', { name: 'Temperature scale from 33.3 °C to 187.9 °C' })).toBeInTheDocument();
  });

  it('reads with the parameters as they are being corrected, before any save', async () => {
    const { editor, pointAt, api } = await openT420();
    const parameters = within(editor).getByRole('table', { name: 'Parameters' });
    const distance = within(parameters).getByRole('textbox', { name: 'Object distance' });
    fireEvent.change(distance, { target: { value: '0 m' } });
    pointAt(CENTRE.x, CENTRE.y);
    await waitFor(() => expect(within(editor).getByTestId('thermal-readout')).toHaveTextContent(`${CENTRE.withoutAir} at pixel 320, 240`));
    expect(api.callsTo('PUT', '/api/thermographyNote/n1')).toEqual([]);
  });

  it('offers the iron, rainbow and grey palettes', async () => {
    const { editor } = await openT420();
    const palettes = within(editor).getByRole('group', { name: 'Palette' });
    expect(within(palettes).getAllByRole('button').map((button) => button.textContent)).toEqual(['Iron', 'Rainbow', 'Grey']);
    expect(within(palettes).getByRole('button', { name: 'Iron' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(palettes).getByRole('button', { name: 'Grey' }));
    expect(within(palettes).getByRole('button', { name: 'Grey' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the stored picture when the note holds no temperatures', async () => {
    const { editor } = await openNote(noteView(), THERMO_ENGINEER);
    expect(await within(editor).findByRole('img', { name: 'Thermal image' })).toHaveAttribute('src');
    expect(within(editor).queryByTestId('thermal-canvas')).toBeNull();
    expect(within(editor).queryByText(/could not be loaded/)).toBeNull();
  });
});

/**
 * Tools placed on the picture (issue 43 §2): values from the same independent table as the API's
 * tools.test.ts (a Python transcription of the README formula at the README's raw values): the
 * T420's centre at emissivity 0.8 reads 145.0 °C; its whole picture 33.3 to 187.9 °C.
 */
const row = (editor: HTMLElement, label: string) => editor.querySelector<HTMLElement>(`[data-tool-row="${label}"]`)!;
const maxOf = (editor: HTMLElement, label: string) => row(editor, label).querySelector('[data-value="max"]')!.textContent;
const puts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/api/thermographyNote/n1');

describe('measurement tools on the thermal picture', () => {
  it('a spot placed by a tap reads the pixel; its own emissivity changes only its values', async () => {
    const { editor, canvas, at } = await openT420();
    fireEvent.click(within(editor).getByRole('button', { name: 'Spot' }));
    fireEvent.pointerDown(canvas, at(CENTRE.x, CENTRE.y));
    fireEvent.pointerDown(canvas, at(CENTRE.x, CENTRE.y));
    expect(maxOf(editor, 'Sp1')).toBe(CENTRE.singlePath);
    expect(maxOf(editor, 'Sp2')).toBe(CENTRE.singlePath);
    expect(within(row(editor, 'Sp1')).getByText('Preview')).toBeInTheDocument();
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Emissivity of Sp1' }), { target: { value: '0.8' } });
    expect(maxOf(editor, 'Sp1')).toBe('145.0 °C');
    expect(maxOf(editor, 'Sp2')).toBe(CENTRE.singlePath);
  });

  it('a box drawn by a drag reads its min, max and mean; a line its profile', async () => {
    const { editor, dragBetween } = await openT420();
    fireEvent.click(within(editor).getByRole('button', { name: 'Box' }));
    dragBetween([0, 0], [639, 479]);
    const box = row(editor, 'Bx1');
    expect(box).toHaveTextContent('187.9 °C');
    expect(box).toHaveTextContent('33.3 °C');
    fireEvent.click(within(editor).getByRole('button', { name: 'Line' }));
    dragBetween([0, CENTRE.y], [639, CENTRE.y]);
    expect(row(editor, 'Li1')).toBeInTheDocument();
    expect(within(editor).getByRole('figure', { name: 'Profile of Li1' })).toHaveTextContent('640 pixels along the line');
  });

  it('ΔT against the ambient, saved with the tools by Update; deleting a tool takes its ΔT', async () => {
    const { editor, canvas, at, api } = await openT420();
    fireEvent.click(within(editor).getByRole('button', { name: 'Spot' }));
    fireEvent.pointerDown(canvas, at(CENTRE.x, CENTRE.y));
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Emissivity of Sp1' }), { target: { value: '0.8' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Add ΔT' }));
    // The note's ambient is 21 °C (noteFixtures): 145.0 − 21.
    expect(within(editor).getByRole('list', { name: 'ΔT' })).toHaveTextContent('Sp1 − Ambient: 124.0 °C');
    fireEvent.click(within(editor).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(api.calls)).toHaveLength(1));
    const body = puts(api.calls)[0]!.body as { tools: Record<string, unknown>[]; deltaTs: Record<string, unknown>[] };
    expect(body.tools).toEqual([expect.objectContaining({ kind: 'spot', label: 'Sp1', x: CENTRE.x, y: CENTRE.y, emissivity: 0.8, reflectedTemperatureC: null })]);
    expect(body.deltaTs).toEqual([expect.objectContaining({ from: body.tools[0]!.id, to: 'ambient' })]);

    fireEvent.click(within(row(editor, 'Sp1')).getByRole('button', { name: 'Delete Sp1' }));
    expect(editor.querySelector('[data-tool-row="Sp1"]')).toBeNull();
    expect(within(editor).getByRole('list', { name: 'ΔT' })).toHaveTextContent('No ΔT yet');
  });

  it("an approved note shows the server's stored values, and places nothing", async () => {
    const stored = {
      id: 's1',
      kind: 'spot' as const,
      label: 'Hot lug',
      x: CENTRE.x,
      y: CENTRE.y,
      emissivity: null,
      reflectedTemperatureC: null,
      // The server's figure is what shows, not the page's own (130.4 here).
      reading: { minC: 130.37, maxC: 130.37, meanC: 130.37, minAt: { x: CENTRE.x, y: CENTRE.y }, maxAt: { x: CENTRE.x, y: CENTRE.y } },
    };
    const { editor } = await openT420({ status: 'approved', severityLevel: 'B', tools: [stored], deltaTs: [{ id: 'd', from: 's1', to: 'ambient', valueC: 109.37 }] });
    expect(maxOf(editor, 'Hot lug')).toBe(CENTRE.singlePath);
    expect(within(row(editor, 'Hot lug')).queryByText('Preview')).toBeNull();
    expect(within(editor).queryByRole('button', { name: 'Spot' })).toBeNull();
    expect(within(editor).getByRole('textbox', { name: 'Emissivity of Hot lug' })).toBeDisabled();
    expect(within(editor).getByRole('list', { name: 'ΔT' })).toHaveTextContent('Hot lug − Ambient: 109.4 °C');
  });
});
