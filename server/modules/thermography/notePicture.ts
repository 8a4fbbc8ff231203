import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import { fileBytes } from '../../db/fileBytes';
import sharp, { type OverlayOptions } from 'sharp';
import type { AuthUser } from '../../auth/access';
import type { Database } from '../../db/client';
import { files, thermographyNotes } from '../../db/schema';
import { decoded, type NotePictureSource } from '../../reports/reportImages';
import { ReportModelError, type ReportImage } from '../../reports/reportTypes';
import { correctedSettings } from '../../../common/thermography/cameraSettings';
import type { NotePicture } from '../../../common/reports/documentModel';
import type { StoredTool } from '../../../common/thermography/measurementTools';
import { paintThermal, paletteColours, PALETTE_SIZE, readThermal, type ThermalPalette } from '../../../common/thermography/thermalPicture';
import type { CameraReading } from './cameraReading';
import { FlirReadError, readFlirRaw } from './flir/readFlir';

/**
 * A thermography note's pictures as a report shows them (DESIGN §16, issue 43 §4): the thermal
 * picture painted from the stored file's raw data under the note's parameters — the same palette
 * and the same temperatures as the editor (common/thermography/thermalPicture.ts) — with its
 * measurement tools and their labels drawn on it and the temperature scale beside it; the visible
 * picture as stored. Drawn with sharp (libvips) and the DejaVu font the PDFs embed.
 */

/** The painted picture is at least this wide: an 80 × 60 sensor's picture is enlarged to it. */
const MIN_WIDTH = 640;
const SCALE_WIDTH = 92;
const TOOL_COLOUR = '#ffffff';
const OUTLINE = '#000000';
const HOTTEST_COLOUR = '#ff1744';
const JPEG_QUALITY = 90;

const require = createRequire(import.meta.url);
const FONT_FILE = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** Text escaped for Pango markup (sharp's text input). */
const markup = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface TextImage {
  data: Buffer;
  width: number;
  height: number;
}

/** A label as a transparent PNG: white on a dark band on the picture, black on the white scale. */
async function textImage(text: string, { onPicture, size }: { onPicture: boolean; size: number }): Promise<TextImage> {
  const body = onPicture ? `<span foreground="white" background="#000000b0"> ${markup(text)} </span>` : `<span foreground="black">${markup(text)}</span>`;
  const { data, info } = await sharp({ text: { text: body, font: `DejaVu Sans Bold ${size}`, fontfile: FONT_FILE, rgba: true, dpi: 72 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const clamp = (value: number, low: number, high: number) => Math.round(Math.min(Math.max(value, low), Math.max(low, high)));

/** A tool's outline twice, black under white, so it shows on every colour of the palette. */
function outlined(shape: (stroke: string, width: number) => string): string {
  return shape(OUTLINE, 4) + shape(TOOL_COLOUR, 2);
}

/** The tools as SVG over a picture `scale` times the raw one; where each label goes. */
function toolsOverlay(tools: readonly StoredTool[], scale: number): { svg: string; anchors: { label: string; x: number; y: number }[] } {
  const at = (value: number) => (value + 0.5) * scale;
  const parts: string[] = [];
  const anchors: { label: string; x: number; y: number }[] = [];
  for (const tool of tools) {
    switch (tool.kind) {
      case 'spot': {
        const [x, y] = [at(tool.x), at(tool.y)];
        const arm = 11;
        parts.push(outlined((stroke, width) => `<path d="M${x - arm} ${y}H${x + arm}M${x} ${y - arm}V${y + arm}" stroke="${stroke}" stroke-width="${width}" fill="none"/>`));
        anchors.push({ label: tool.label, x: x + 8, y: y - 24 });
        break;
      }
      case 'box': {
        const [x, y, w, h] = [tool.x * scale, tool.y * scale, tool.width * scale, tool.height * scale];
        parts.push(outlined((stroke, width) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" stroke="${stroke}" stroke-width="${width}" fill="none"/>`));
        const hottest = tool.reading?.maxAt;
        if (hottest) parts.push(`<circle cx="${at(hottest.x)}" cy="${at(hottest.y)}" r="5" fill="${HOTTEST_COLOUR}" stroke="#ffffff" stroke-width="1.5"/>`);
        anchors.push({ label: tool.label, x: x + 3, y: y + 3 });
        break;
      }
      case 'line': {
        const [x1, y1, x2, y2] = [at(tool.x1), at(tool.y1), at(tool.x2), at(tool.y2)];
        parts.push(outlined((stroke, width) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${width}"/>`));
        anchors.push({ label: tool.label, x: x1 + 6, y: y1 - 24 });
        break;
      }
    }
  }
  return { svg: parts.join(''), anchors };
}

/** The palette from hottest (top) to coldest as raw RGB, `width` × `height`. */
function scaleStrip(palette: ThermalPalette, width: number, height: number): Buffer {
  const colours = paletteColours(palette);
  const strip = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const index = Math.round((1 - y / Math.max(1, height - 1)) * (PALETTE_SIZE - 1)) * 3;
    for (let x = 0; x < width; x++) strip.set(colours.subarray(index, index + 3), (y * width + x) * 3);
  }
  return strip;
}

const celsius = (value: number) => `${value.toFixed(1)} °C`;

/**
 * The note's radiometric picture painted in `palette` over its own coldest to hottest, enlarged to
 * at least MIN_WIDTH, its tools drawn (a box's hottest pixel as a red dot) with their labels, and
 * the scale with both ends' temperatures on a white band at the right. JPEG: a tenth of a PNG's size.
 */
export async function paintedThermalPicture(
  thermalFile: Uint8Array,
  camera: CameraReading,
  parameters: Parameters<typeof correctedSettings>[1],
  tools: readonly StoredTool[],
  palette: ThermalPalette = 'iron',
): Promise<{ data: Buffer; width: number; height: number; low: number; high: number } | null> {
  if (!camera.radiometry) return null;
  const reading = await readFlirRaw(thermalFile);
  const raw = reading.rawImage;
  if (!raw || !reading.radiometry) return null;
  const thermal = readThermal(raw, reading.radiometry, correctedSettings(camera.radiometry.settings, parameters, camera.parameters));
  const rgba = new Uint8ClampedArray(raw.width * raw.height * 4);
  paintThermal(thermal, palette, rgba);

  const scale = Math.max(1, MIN_WIDTH / raw.width);
  const width = Math.round(raw.width * scale);
  const height = Math.round(raw.height * scale);
  const { svg, anchors } = toolsOverlay(tools, scale);
  const [labels, high, low] = await Promise.all([
    Promise.all(anchors.map((anchor) => textImage(anchor.label, { onPicture: true, size: 13 }))),
    textImage(celsius(thermal.high), { onPicture: false, size: 12 }),
    textImage(celsius(thermal.low), { onPicture: false, size: 12 }),
  ]);
  const stripTop = high.height + 8;
  const stripHeight = Math.max(10, height - stripTop - low.height - 8);
  const stripWidth = 18;
  const layers: OverlayOptions[] = [
    { input: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${svg}</svg>`), left: 0, top: 0 },
    ...labels.map((label, i) => ({ input: label.data, left: clamp(anchors[i]!.x, 0, width - label.width), top: clamp(anchors[i]!.y, 0, height - label.height) })),
    { input: scaleStrip(palette, stripWidth, stripHeight), raw: { width: stripWidth, height: stripHeight, channels: 3 as const }, left: width + (SCALE_WIDTH - stripWidth) / 2, top: stripTop },
    { input: high.data, left: width + clamp((SCALE_WIDTH - high.width) / 2, 0, SCALE_WIDTH), top: 4 },
    { input: low.data, left: width + clamp((SCALE_WIDTH - low.width) / 2, 0, SCALE_WIDTH), top: stripTop + stripHeight + 4 },
  ];
  // One pipeline: enlarged, widened by the white band of the scale, then the layers (sharp composites after resizing and extending).
  const data = await sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), { raw: { width: raw.width, height: raw.height, channels: 4 } })
    .removeAlpha()
    .resize(width, height, { kernel: 'mitchell' })
    .extend({ right: SCALE_WIDTH, background: '#ffffff' })
    .composite(layers)
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
  return { data, width: width + SCALE_WIDTH, height, low: thermal.low, high: thermal.high };
}

const PROFILE_WIDTH = 420;
const PROFILE_HEIGHT = 130;

/** A line tool's temperature profile as a chart (PNG): the curve over its pixels, its lowest and highest temperature marked. */
export async function profileChart(tool: StoredTool): Promise<Buffer | null> {
  const profile = tool.reading?.profile?.filter(Number.isFinite);
  if (!profile || profile.length < 2) return null;
  const low = Math.min(...profile);
  const high = Math.max(...profile);
  const [labelHigh, labelLow, labelAxis] = await Promise.all([
    textImage(celsius(high), { onPicture: false, size: 11 }),
    textImage(celsius(low), { onPicture: false, size: 11 }),
    textImage(`${tool.label}: ${profile.length} pixels from its first end`, { onPicture: false, size: 11 }),
  ]);
  const left = Math.max(labelHigh.width, labelLow.width) + 8;
  const [top, right, bottom] = [8, 8, labelAxis.height + 10];
  const plotWidth = PROFILE_WIDTH - left - right;
  const plotHeight = PROFILE_HEIGHT - top - bottom;
  const span = high - low || 1;
  const points = profile.map((value, i) => `${(left + (i / (profile.length - 1)) * plotWidth).toFixed(1)},${(top + (1 - (value - low) / span) * plotHeight).toFixed(1)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PROFILE_WIDTH}" height="${PROFILE_HEIGHT}">
<rect x="${left}" y="${top}" width="${plotWidth}" height="${plotHeight}" fill="#f3f5f7" stroke="#999999"/>
<polyline points="${points}" fill="none" stroke="#e65100" stroke-width="2"/></svg>`;
  return sharp({ create: { width: PROFILE_WIDTH, height: PROFILE_HEIGHT, channels: 3, background: '#ffffff' } })
    .composite([
      { input: Buffer.from(svg), left: 0, top: 0 },
      { input: labelHigh.data, left: left - labelHigh.width - 4, top },
      { input: labelLow.data, left: left - labelLow.width - 4, top: top + plotHeight - labelLow.height },
      { input: labelAxis.data, left, top: top + plotHeight + 6 },
    ])
    // No alpha channel: a PDF embeds an opaque PNG's data as it is, and needs no mask.
    .removeAlpha()
    .png()
    .toBuffer();
}

/**
 * The `thermographyNote` images of a document for `user` (server/reports/reportImages.ts): only a
 * reader of notes gets them, and only of a note not deleted. `thermal` is painted when the file
 * holds temperatures, else the camera's own picture; `real` is the visible picture as stored.
 */
export function notePictureSource(db: Database, user: AuthUser): NotePictureSource {
  return async (noteId, picture: NotePicture, path, caption): Promise<ReportImage> => {
    const [note] = user.permissions.has('read-thermography-note')
      ? await db
          .select({ status: thermographyNotes.status, thermalImage: thermographyNotes.thermalImage, realImage: thermographyNotes.realImage, camera: thermographyNotes.camera, parameters: thermographyNotes.parameters, tools: thermographyNotes.tools })
          .from(thermographyNotes)
          .where(eq(thermographyNotes._id, noteId))
      : [];
    if (!note || note.status === 'deleted') throw new ReportModelError(`${path}.thermographyNote: no thermography note ${noteId} that you may read`);
    const fileId = picture === 'thermal' ? note.thermalImage : note.realImage;
    const [file] = fileId ? await db.select({ data: fileBytes }).from(files).where(eq(files._id, fileId)) : [];
    if (!file) throw new ReportModelError(`${path}.picture: thermography note ${noteId} has no ${picture} picture`);
    const camera = note.camera as CameraReading | null;
    if (picture === 'thermal' && camera?.radiometry) {
      try {
        const painted = await paintedThermalPicture(file.data, camera, note.parameters, note.tools);
        if (painted) return { data: painted.data, type: 'jpeg', width: painted.width, height: painted.height, ...(caption === undefined ? {} : { caption }) };
      } catch (error) {
        // It was read on upload; a read failing now (the reader's time limit on a loaded server) shows the camera's picture instead.
        if (!(error instanceof FlirReadError)) throw error;
      }
    }
    return decoded(file.data, `${path}.picture`, caption);
  };
}
