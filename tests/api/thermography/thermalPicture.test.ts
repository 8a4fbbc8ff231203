import { describe, expect, it } from 'vitest';
import { extractFlir } from '../../../server/modules/thermography/flir/extract';
import { paintThermal, paletteColours, readThermal, type ThermalReading } from '../../../common/thermography/thermalPicture';
import { FLIR_FIXTURES, fixtureBytes, type FlirFixture } from './flirFixtures';

/**
 * The painted picture's temperatures (DESIGN §16, issue 43 §1): what the pointer reads at a pixel
 * is the fixture set's reference, kept here by hand from its README ("Reference temperatures",
 * °C): the single-path values under the camera's settings, and the "emissivity + reflected only"
 * variant — the formula without air, which is what distance 0 gives (transmission exactly 1).
 */
const REFERENCE: Record<FlirFixture, { singlePath: [number, number, number]; withoutAir: [number, number, number] }> = {
  'flir-one': { singlePath: [25.9, 62.2, 30.5], withoutAir: [25.9, 62.0, 30.4] },
  'flir-ax8': { singlePath: [24.3, 25.5, 25.4], withoutAir: [24.3, 25.4, 25.4] },
  'flir-t420': { singlePath: [33.3, 187.9, 130.4], withoutAir: [33.2, 187.2, 129.8] },
  'flir-i7': { singlePath: [7.2, 23.2, 14.5], withoutAir: [7.3, 23.2, 14.5] },
  'dji-zenmuse-xtr': { singlePath: [16.3, 59.4, 26.0], withoutAir: [17.1, 58.6, 26.4] },
};

function pictureOf(fixture: FlirFixture) {
  const reading = extractFlir(fixtureBytes(`${fixture}.jpg`), { keepRaw: true });
  const raw = reading.rawImage!;
  const radiometry = reading.radiometry!;
  return { raw, radiometry };
}

/** The pixels holding the smallest and largest raw value, and the centre (floor(w/2), floor(h/2)). */
function pixelsOf(raw: { width: number; height: number; values: Uint16Array }) {
  let coldest = 0;
  let hottest = 0;
  raw.values.forEach((value, i) => {
    if (value < raw.values[coldest]!) coldest = i;
    if (value > raw.values[hottest]!) hottest = i;
  });
  const at = (i: number) => [i % raw.width, Math.floor(i / raw.width)] as const;
  return { coldest: at(coldest), hottest: at(hottest), centre: [Math.floor(raw.width / 2), Math.floor(raw.height / 2)] as const };
}

const readAt = (reading: ThermalReading, [x, y]: readonly [number, number]) => reading.celsiusAt(x + 0.5, y + 0.5);

describe('the temperature under the pointer', () => {
  it.each(FLIR_FIXTURES)('%s: coldest, hottest and centre pixel equal the reference within 0.1 °C, and move as the settings say', (fixture) => {
    const { raw, radiometry } = pictureOf(fixture);
    const pixels = pixelsOf(raw);
    const camera = readThermal(raw, radiometry, radiometry.settings);
    const [min, max, centre] = REFERENCE[fixture].singlePath;
    expect(Math.abs(readAt(camera, pixels.coldest) - min)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(readAt(camera, pixels.hottest) - max)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(readAt(camera, pixels.centre) - centre)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(camera.low - min)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(camera.high - max)).toBeLessThanOrEqual(0.1);

    const withoutAir = readThermal(raw, radiometry, { ...radiometry.settings, objectDistanceM: 0 });
    const [airlessMin, airlessMax, airlessCentre] = REFERENCE[fixture].withoutAir;
    expect(Math.abs(readAt(withoutAir, pixels.coldest) - airlessMin)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(readAt(withoutAir, pixels.hottest) - airlessMax)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(readAt(withoutAir, pixels.centre) - airlessCentre)).toBeLessThanOrEqual(0.1);
  });

  it('reads nothing outside the picture', () => {
    const { raw, radiometry } = pictureOf('flir-i7');
    const reading = readThermal(raw, radiometry, radiometry.settings);
    for (const [x, y] of [[-0.5, 3], [3, -0.1], [raw.width, 3], [3, raw.height]] as const) expect(reading.celsiusAt(x, y)).toBeNaN();
  });
});

describe('the painted picture', () => {
  const { raw, radiometry } = pictureOf('flir-t420');
  const reading = readThermal(raw, radiometry, radiometry.settings);
  const pixels = pixelsOf(raw);
  const colourAt = (rgba: Uint8ClampedArray, [x, y]: readonly [number, number]) => Array.from(rgba.slice((y * raw.width + x) * 4, (y * raw.width + x) * 4 + 4));

  it('runs the palette from the coldest pixel to the hottest, opaque', () => {
    for (const palette of ['iron', 'rainbow', 'grey'] as const) {
      const rgba = new Uint8ClampedArray(raw.width * raw.height * 4);
      paintThermal(reading, palette, rgba);
      const colours = paletteColours(palette);
      expect(colourAt(rgba, pixels.coldest), palette).toEqual([colours[0], colours[1], colours[2], 255]);
      expect(colourAt(rgba, pixels.hottest), palette).toEqual([...colours.slice(255 * 3, 256 * 3), 255]);
    }
    // Grey is white-hot: black to white, a pixel halfway in temperature halfway in grey.
    const grey = new Uint8ClampedArray(raw.width * raw.height * 4);
    paintThermal(reading, 'grey', grey);
    expect(colourAt(grey, pixels.coldest)).toEqual([0, 0, 0, 255]);
    expect(colourAt(grey, pixels.hottest)).toEqual([255, 255, 255, 255]);
    const centre = readAt(reading, pixels.centre);
    const expectedGrey = Math.round(((centre - reading.low) / (reading.high - reading.low)) * 255);
    expect(Math.abs(colourAt(grey, pixels.centre)[0]! - expectedGrey)).toBeLessThanOrEqual(1);
  });

  it('paints a chosen span: colder pixels take the first colour, hotter the last', () => {
    const rgba = new Uint8ClampedArray(raw.width * raw.height * 4);
    paintThermal(reading, 'grey', rgba, { low: 100, high: 120 });
    expect(colourAt(rgba, pixels.coldest)).toEqual([0, 0, 0, 255]);
    expect(colourAt(rgba, pixels.hottest)).toEqual([255, 255, 255, 255]);
    // The centre reads 130.4 °C, above the span.
    expect(colourAt(rgba, pixels.centre)).toEqual([255, 255, 255, 255]);
  });
});
