import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { extractFlir } from '../../../../server/modules/thermography/flir/extract';
import type { NoteRadiometry } from '../../../../common/thermography/radiometry';
import { jsonResponse } from '../../helpers/mockApi';
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

async function openT420() {
  const { answer, parameters } = t420Radiometry();
  const opened = await openNote(noteView({ parameters }), THERMO_ENGINEER, { 'GET /api/thermographyNote/n1/radiometry': () => jsonResponse(200, answer) });
  const canvas = await within(opened.editor).findByTestId('thermal-canvas');
  vi.spyOn(canvas, 'getBoundingClientRect').mockReturnValue({ ...SHOWN, right: SHOWN.left + SHOWN.width, bottom: SHOWN.top + SHOWN.height, x: SHOWN.left, y: SHOWN.top, toJSON: () => SHOWN });
  /** Points at raw pixel (x, y): the middle of its CSS square. */
  const pointAt = (x: number, y: number) =>
    fireEvent.pointerMove(canvas, { clientX: SHOWN.left + ((x + 0.5) * SHOWN.width) / answer.width, clientY: SHOWN.top + ((y + 0.5) * SHOWN.height) / answer.height });
  return { ...opened, canvas, pointAt };
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
