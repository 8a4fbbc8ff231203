import type { ObjectSettings } from './radiometricFormula';
import { readThermal, type Radiometric, type RawPicture, type ThermalReading } from './thermalPicture';

/**
 * A thermographer's measurement tools on a radiometric picture (DESIGN §16, issue 43 §2): a spot,
 * a box (min, max, mean and where they are) and a line (a temperature profile), each placed in the
 * raw picture's pixels (0-based from the top left, as stored) and each with its own emissivity and
 * reflected temperature when its surface differs from the rest; and ΔT between two tools or a tool
 * and the reference. The server measures what is stored; a page measures the same way to preview.
 */

export const TOOL_KINDS = ['spot', 'box', 'line'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];
/** Tools on one note: more than a report's measurements table holds is a mistake. */
export const MAX_TOOLS = 30;
export const MAX_DELTAS = 30;
export const MAX_TOOL_LABEL = 40;

interface ToolBase {
  /** Stable within the note: ΔT names tools by it. */
  id: string;
  /** As the thermographer calls it: Sp1, Bx1, Li1 (FLIR's names), or their own. */
  label: string;
  /** This surface's emissivity, when it differs from the note's (null: the note's). */
  emissivity: number | null;
  /** This surface's reflected temperature, °C, when it differs (null: the note's). */
  reflectedTemperatureC: number | null;
}
export interface SpotTool extends ToolBase {
  kind: 'spot';
  x: number;
  y: number;
}
/** The pixels x … x + width − 1, y … y + height − 1. */
export interface BoxTool extends ToolBase {
  kind: 'box';
  x: number;
  y: number;
  width: number;
  height: number;
}
/** From (x1, y1) to (x2, y2), both ends included. */
export interface LineTool extends ToolBase {
  kind: 'line';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}
export type MeasurementTool = SpotTool | BoxTool | LineTool;

export interface PixelPoint {
  x: number;
  y: number;
}

/**
 * What a tool measures, °C as computed (rounded only where shown: a value rounded twice, 24.349 to
 * 24.35 to 24.4, would disagree with the note's own Min of the same pixel). A spot's min, max and
 * mean are its one temperature.
 */
export interface ToolReading {
  minC: number;
  maxC: number;
  meanC: number;
  minAt: PixelPoint;
  maxAt: PixelPoint;
  /** A line's temperatures, pixel by pixel from its first end. */
  profile?: number[];
}

/** A tool as stored on a note: where it is, and what the server measured there. */
export type StoredTool = MeasurementTool & { reading: ToolReading | null };

/** ΔT: `from`'s hottest temperature minus `to`'s — another tool, the note's ambient or its reference note's Max. */
export interface DeltaT {
  id: string;
  from: string;
  to: string;
}
export const DELTA_AMBIENT = 'ambient';
export const DELTA_REFERENCE = 'reference';
/** A ΔT as a note's view shows it: its value worked out on every read, from the tools' stored readings. */
export type ShownDeltaT = DeltaT & { valueC: number | null };

/** The pixels a line covers, from its first end to its last (Bresenham). */
export function linePixels(tool: Pick<LineTool, 'x1' | 'y1' | 'x2' | 'y2'>): PixelPoint[] {
  const points: PixelPoint[] = [];
  let { x1: x, y1: y } = tool;
  const dx = Math.abs(tool.x2 - x);
  const dy = -Math.abs(tool.y2 - y);
  const sx = x < tool.x2 ? 1 : -1;
  const sy = y < tool.y2 ? 1 : -1;
  let error = dx + dy;
  for (;;) {
    points.push({ x, y });
    if (x === tool.x2 && y === tool.y2) return points;
    const twice = 2 * error;
    if (twice >= dy) {
      error += dy;
      x += sx;
    }
    if (twice <= dx) {
      error += dx;
      y += sy;
    }
  }
}

/**
 * Calls `visit` for every pixel the tool covers inside a picture `width` pixels wide, in order (a
 * box row by row, a line from its first end), with the pixel's index in the picture.
 */
function forEachPixel(tool: MeasurementTool, width: number, visit: (index: number, x: number, y: number) => void): void {
  switch (tool.kind) {
    case 'spot':
      visit(tool.y * width + tool.x, tool.x, tool.y);
      return;
    case 'box':
      for (let y = tool.y; y < tool.y + tool.height; y++) {
        const row = y * width;
        for (let x = tool.x; x < tool.x + tool.width; x++) visit(row + x, x, y);
      }
      return;
    case 'line':
      for (const point of linePixels(tool)) visit(point.y * width + point.x, point.x, point.y);
  }
}

/** A tool's first and last pixel: inside the picture, everything between them is. */
const firstPixel = (tool: MeasurementTool): [number, number] => (tool.kind === 'line' ? [tool.x1, tool.y1] : [tool.x, tool.y]);
function lastPixel(tool: MeasurementTool): [number, number] {
  switch (tool.kind) {
    case 'spot':
      return [tool.x, tool.y];
    case 'box':
      return [tool.x + tool.width - 1, tool.y + tool.height - 1];
    case 'line':
      return [tool.x2, tool.y2];
  }
}

/** The settings a tool reads with: the note's, with the tool's own emissivity and reflected temperature. */
export function toolSettings(tool: Pick<ToolBase, 'emissivity' | 'reflectedTemperatureC'>, settings: ObjectSettings): ObjectSettings {
  return {
    ...settings,
    emissivity: tool.emissivity ?? settings.emissivity,
    reflectedTemperatureC: tool.reflectedTemperatureC ?? settings.reflectedTemperatureC,
  };
}

/** Measures `tool` on a picture read under its settings (`toolSettings`); null where the formula gives no temperature. */
export function measureTool(tool: MeasurementTool, reading: ThermalReading): ToolReading | null {
  // Visited without building a list of points: a box may cover the whole picture, and a page measures again as a tool is dragged.
  let count = 0;
  let sum = 0;
  let missing = false;
  let minC = Infinity;
  let maxC = -Infinity;
  const minAt = { x: 0, y: 0 };
  const maxAt = { x: 0, y: 0 };
  const profile: number[] | null = tool.kind === 'line' ? [] : null;
  const { width, height } = reading.picture;
  // Outside the picture there is nothing to read (toolProblems refuses such a tool before).
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height;
  if (!inside(...firstPixel(tool)) || !inside(...lastPixel(tool))) return null;
  forEachPixel(tool, width, (index, x, y) => {
    const value = reading.celsiusAtIndex(index);
    if (!Number.isFinite(value)) {
      missing = true;
      return;
    }
    count++;
    sum += value;
    profile?.push(value);
    if (value < minC) [minC, minAt.x, minAt.y] = [value, x, y];
    if (value > maxC) [maxC, maxAt.x, maxAt.y] = [value, x, y];
  });
  if (count === 0 || missing) return null;
  return { minC, maxC, meanC: sum / count, minAt, maxAt, ...(profile ? { profile } : {}) };
}

/** Every tool measured on the picture under the note's `settings`, each with its own overrides; tools sharing settings share one reading. */
export function measureTools<T extends MeasurementTool>(tools: readonly T[], picture: RawPicture, radiometric: Radiometric, settings: ObjectSettings): (T & { reading: ToolReading | null })[] {
  const readings = new Map<string, ThermalReading>();
  return tools.map((tool) => {
    const own = toolSettings(tool, settings);
    const key = `${own.emissivity}|${own.reflectedTemperatureC}`;
    let reading = readings.get(key);
    if (!reading) readings.set(key, (reading = readThermal(picture, radiometric, own)));
    return { ...tool, reading: measureTool(tool, reading) };
  });
}

/** ΔT values: null where one side is unknown (a tool without a reading, no ambient, no reference). */
export function deltaValues(deltas: readonly DeltaT[], tools: readonly StoredTool[], ambientC: number | null, referenceMaxC: number | null): ShownDeltaT[] {
  const hottest = (id: string): number | null => {
    if (id === DELTA_AMBIENT) return ambientC;
    if (id === DELTA_REFERENCE) return referenceMaxC;
    return tools.find((tool) => tool.id === id)?.reading?.maxC ?? null;
  };
  return deltas.map((delta) => {
    const from = hottest(delta.from);
    const to = hottest(delta.to);
    return { ...delta, valueC: from === null || to === null ? null : from - to };
  });
}

/**
 * What is wrong with tools and ΔTs sent for a picture of `width` × `height` raw pixels: each
 * problem with its field path (`tools.2.x`), in words for the user; none when all is well.
 */
export function toolProblems(tools: readonly MeasurementTool[], deltas: readonly DeltaT[], width: number, height: number): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const add = (field: string, message: string) => problems.push({ field, message: `${field} ${message}` });
  const within = (field: string, value: number, limit: number) => {
    if (!Number.isInteger(value) || value < 0 || value >= limit) add(field, `must be a whole pixel from 0 to ${limit - 1}`);
  };
  const ids = new Set<string>();
  tools.forEach((tool, i) => {
    const at = `tools.${i}`;
    if (ids.has(tool.id)) add(`${at}.id`, 'is used by another tool');
    ids.add(tool.id);
    if (tool.emissivity !== null && !(tool.emissivity > 0 && tool.emissivity <= 1)) add(`${at}.emissivity`, 'must be more than 0 and at most 1');
    if (tool.reflectedTemperatureC !== null && !(tool.reflectedTemperatureC >= -100 && tool.reflectedTemperatureC <= 1000)) add(`${at}.reflectedTemperatureC`, 'must be from -100 to 1000 °C');
    switch (tool.kind) {
      case 'spot':
        within(`${at}.x`, tool.x, width);
        within(`${at}.y`, tool.y, height);
        break;
      case 'box':
        within(`${at}.x`, tool.x, width);
        within(`${at}.y`, tool.y, height);
        if (!Number.isInteger(tool.width) || tool.width < 1 || tool.x + tool.width > width) add(`${at}.width`, `must keep the box inside the picture (${width} pixels wide)`);
        if (!Number.isInteger(tool.height) || tool.height < 1 || tool.y + tool.height > height) add(`${at}.height`, `must keep the box inside the picture (${height} pixels high)`);
        break;
      case 'line':
        within(`${at}.x1`, tool.x1, width);
        within(`${at}.y1`, tool.y1, height);
        within(`${at}.x2`, tool.x2, width);
        within(`${at}.y2`, tool.y2, height);
        break;
    }
  });
  const known = (id: string) => ids.has(id) || id === DELTA_AMBIENT || id === DELTA_REFERENCE;
  deltas.forEach((delta, i) => {
    if (!ids.has(delta.from)) add(`deltaTs.${i}.from`, 'must name a tool of this note');
    if (!known(delta.to)) add(`deltaTs.${i}.to`, `must name a tool of this note, '${DELTA_AMBIENT}' or '${DELTA_REFERENCE}'`);
    else if (delta.to === delta.from) add(`deltaTs.${i}.to`, 'must differ from its from');
  });
  return problems;
}
