import { objectTemperatures, type AtmosphereConstants, type ObjectSettings, type PlanckConstants } from './radiometricFormula';

/**
 * A radiometric picture painted in a palette, and the temperature at any of its pixels (DESIGN
 * §16), in common/ so a page and the server's report draw the same picture. Every raw value is
 * turned into a temperature once (a table over the picture's raw range, at most 65,536 entries),
 * so painting and reading a pixel cost a look-up each: a 640×480 picture repaints in a frame.
 */

export const THERMAL_PALETTES = ['iron', 'rainbow', 'grey'] as const;
export type ThermalPalette = (typeof THERMAL_PALETTES)[number];

/** Colour stops from cold to hot, [position 0–1, r, g, b]: FLIR's Iron, a rainbow, and white-hot grey. */
const PALETTE_STOPS: Record<ThermalPalette, readonly (readonly [number, number, number, number])[]> = {
  iron: [
    [0, 0, 0, 0],
    [0.15, 32, 0, 140],
    [0.35, 145, 0, 155],
    [0.55, 225, 50, 60],
    [0.72, 250, 130, 0],
    [0.88, 255, 210, 20],
    [1, 255, 255, 245],
  ],
  rainbow: [
    [0, 0, 0, 130],
    [0.2, 0, 60, 255],
    [0.4, 0, 220, 220],
    [0.6, 40, 230, 40],
    [0.8, 255, 220, 0],
    [1, 230, 0, 0],
  ],
  grey: [
    [0, 0, 0, 0],
    [1, 255, 255, 255],
  ],
};

export const PALETTE_SIZE = 256;

/** A palette as PALETTE_SIZE colours, r, g, b each. */
export function paletteColours(palette: ThermalPalette): Uint8Array {
  const stops = PALETTE_STOPS[palette];
  const colours = new Uint8Array(PALETTE_SIZE * 3);
  for (let i = 0; i < PALETTE_SIZE; i++) {
    const at = i / (PALETTE_SIZE - 1);
    let upper = stops.findIndex((stop) => stop[0] >= at);
    if (upper <= 0) upper = Math.max(upper, 1);
    const [p0, ...from] = stops[upper - 1]!;
    const [p1, ...to] = stops[upper]!;
    const share = p1 === p0 ? 0 : (at - p0) / (p1 - p0);
    for (let c = 0; c < 3; c++) colours[i * 3 + c] = Math.round(from[c]! + (to[c]! - from[c]!) * share);
  }
  return colours;
}

export interface RawPicture {
  width: number;
  height: number;
  /** Row by row from the top left. */
  values: Uint16Array;
}

export interface Radiometric {
  planck: PlanckConstants;
  atmosphere: AtmosphereConstants;
}

/** The picture's temperatures under one set of settings. */
export interface ThermalReading {
  picture: RawPicture;
  /** °C at (x, y), 0-based from the top left; NaN outside the picture or where the formula gives none. */
  celsiusAt(x: number, y: number): number;
  /** °C of a raw value of this picture. */
  celsiusOfRaw(raw: number): number;
  /** °C of the pixel at `index` (row × width + column), without a bounds check: for passes over many pixels. */
  celsiusAtIndex(index: number): number;
  /** The coldest and hottest temperatures of the picture (finite ones). */
  low: number;
  high: number;
  /** The picture's smallest and largest raw values. */
  rawMin: number;
  rawMax: number;
}

const rawRanges = new WeakMap<Uint16Array, { rawMin: number; rawMax: number }>();

/** The smallest and largest raw value of a picture, found once per picture (tools read it under many settings). */
function rawRangeOf(values: Uint16Array): { rawMin: number; rawMax: number } {
  let range = rawRanges.get(values);
  if (range) return range;
  let rawMin = 0xffff;
  let rawMax = 0;
  for (const value of values) {
    if (value < rawMin) rawMin = value;
    if (value > rawMax) rawMax = value;
  }
  range = rawMax < rawMin ? { rawMin: 0, rawMax: 0 } : { rawMin, rawMax };
  rawRanges.set(values, range);
  return range;
}

/** Reads `picture` with the formula of DESIGN §8 (single path) under `settings`. */
export function readThermal(picture: RawPicture, radiometric: Radiometric, settings: ObjectSettings): ThermalReading {
  const { rawMin, rawMax } = rawRangeOf(picture.values);
  const { celsius } = objectTemperatures(radiometric.planck, radiometric.atmosphere, settings);
  const table = new Float64Array(rawMax - rawMin + 1);
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < table.length; i++) {
    const value = celsius(rawMin + i);
    table[i] = value;
    if (Number.isFinite(value)) {
      if (value < low) low = value;
      if (value > high) high = value;
    }
  }
  const { width, height, values } = picture;
  const celsiusOfRaw = (raw: number) => (raw >= rawMin && raw <= rawMax ? table[raw - rawMin]! : celsius(raw));
  return {
    picture,
    celsiusOfRaw,
    celsiusAtIndex: (index) => table[values[index]! - rawMin]!,
    celsiusAt(x, y) {
      const column = Math.floor(x);
      const row = Math.floor(y);
      if (column < 0 || row < 0 || column >= width || row >= height) return Number.NaN;
      return table[values[row * width + column]! - rawMin]!;
    },
    low: Number.isFinite(low) ? low : 0,
    high: Number.isFinite(high) ? high : 0,
    rawMin,
    rawMax,
  };
}

const littleEndian = new Uint8Array(new Uint32Array([0x01020304]).buffer)[0] === 0x04;

/**
 * Paints `reading` into `rgba` (width × height × 4 bytes, as a canvas's ImageData holds them):
 * `span` (°C) runs from the palette's first colour to its last, colder and hotter pixels take the
 * end colours. Default span: the picture's own coldest to hottest.
 */
export function paintThermal(reading: ThermalReading, palette: ThermalPalette, rgba: Uint8ClampedArray, span: { low: number; high: number } = reading): void {
  const { values } = reading.picture;
  if (rgba.length !== values.length * 4) throw new Error(`rgba holds ${rgba.length} bytes, not ${values.length * 4}`);
  const colours = paletteColours(palette);
  const { rawMin, rawMax } = reading;
  // One 32-bit colour per raw value of the picture, then one look-up per pixel.
  const byRaw = new Uint32Array(Math.max(0, rawMax - rawMin + 1));
  const width = span.high - span.low;
  for (let i = 0; i < byRaw.length; i++) {
    const value = reading.celsiusOfRaw(rawMin + i);
    const share = !Number.isFinite(value) ? 0 : width > 0 ? (value - span.low) / width : 0.5;
    const index = Math.min(PALETTE_SIZE - 1, Math.max(0, Math.round(share * (PALETTE_SIZE - 1)))) * 3;
    const [r, g, b] = [colours[index]!, colours[index + 1]!, colours[index + 2]!];
    byRaw[i] = littleEndian ? ((0xff << 24) | (b << 16) | (g << 8) | r) >>> 0 : ((r << 24) | (g << 16) | (b << 8) | 0xff) >>> 0;
  }
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, values.length);
  for (let i = 0; i < values.length; i++) pixels[i] = byRaw[values[i]! - rawMin]!;
}
