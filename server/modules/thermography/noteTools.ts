import { eq } from 'drizzle-orm';
import { fileBytes } from '../../db/fileBytes';
import type { Database } from '../../db/client';
import { files } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { KeyValue } from '../../../common/thermography/note';
import { correctedSettings } from '../../../common/thermography/cameraSettings';
import {
  MAX_DELTAS,
  MAX_TOOL_LABEL,
  MAX_TOOLS,
  TOOL_KINDS,
  toolProblems,
  type DeltaT,
  type MeasurementTool,
  type StoredTool,
} from '../../../common/thermography/measurementTools';
import type { CameraReading } from './cameraReading';
import { FlirReadError, readFlirMeasuring } from './flir/readFlir';
import type { NoteProblems } from './noteInput';

const MAX_ID = 40;
const pixel = { type: 'integer', minimum: -1_000_000, maximum: 1_000_000 } as const;

/** PUT thermographyNote/{id} `tools`: what a tool is; where it may be is checked against the picture (toolProblems). */
export const toolsBodySchema = {
  type: 'array',
  maxItems: MAX_TOOLS,
  items: {
    type: 'object',
    required: ['id', 'kind'],
    additionalProperties: false,
    properties: {
      id: { type: 'string', minLength: 1, maxLength: MAX_ID },
      kind: { type: 'string', enum: [...TOOL_KINDS] },
      label: { type: 'string', maxLength: MAX_TOOL_LABEL },
      emissivity: { type: ['number', 'null'] },
      reflectedTemperatureC: { type: ['number', 'null'] },
      x: pixel,
      y: pixel,
      width: pixel,
      height: pixel,
      x1: pixel,
      y1: pixel,
      x2: pixel,
      y2: pixel,
      // The view's measured values, sent back with the rest: the server measures again.
      reading: {},
    },
  },
} as const;

export const deltaTsBodySchema = {
  type: 'array',
  maxItems: MAX_DELTAS,
  items: {
    type: 'object',
    required: ['id', 'from', 'to'],
    additionalProperties: false,
    properties: { id: { type: 'string', minLength: 1, maxLength: MAX_ID }, from: { type: 'string', maxLength: MAX_ID }, to: { type: 'string', maxLength: MAX_ID }, valueC: {} },
  },
} as const;

export type ToolInput = Partial<Record<'x' | 'y' | 'width' | 'height' | 'x1' | 'y1' | 'x2' | 'y2', number>> & {
  id: string;
  kind: MeasurementTool['kind'];
  label?: string;
  emissivity?: number | null;
  reflectedTemperatureC?: number | null;
};

const PLACES: Record<MeasurementTool['kind'], readonly ('x' | 'y' | 'width' | 'height' | 'x1' | 'y1' | 'x2' | 'y2')[]> = {
  spot: ['x', 'y'],
  box: ['x', 'y', 'width', 'height'],
  line: ['x1', 'y1', 'x2', 'y2'],
};
/** FLIR's names: Sp1, Bx1, Li1. */
const LABEL_PREFIX: Record<MeasurementTool['kind'], string> = { spot: 'Sp', box: 'Bx', line: 'Li' };

/** The tools as sent, each in its kind's shape; a missing place is a problem naming it. */
export function toolsOf(input: readonly ToolInput[], problems: NoteProblems): MeasurementTool[] {
  const counts: Record<string, number> = {};
  return input.map((tool, i) => {
    const place: Record<string, number> = {};
    for (const name of PLACES[tool.kind]) {
      const value = tool[name];
      if (value === undefined) problems.add(`tools.${i}.${name}`, `tools.${i}.${name} is required for a ${tool.kind}`);
      place[name] = value ?? 0;
    }
    counts[tool.kind] = (counts[tool.kind] ?? 0) + 1;
    const label = tool.label?.trim() || `${LABEL_PREFIX[tool.kind]}${counts[tool.kind]}`;
    return { id: tool.id, kind: tool.kind, label, emissivity: tool.emissivity ?? null, reflectedTemperatureC: tool.reflectedTemperatureC ?? null, ...place } as MeasurementTool;
  });
}

/** The ΔTs as sent (their values are the view's, worked out on read). */
export const deltaTsOf = (input: readonly DeltaT[]): DeltaT[] => input.map(({ id, from, to }) => ({ id, from, to }));

/**
 * The tools measured on the note's thermal picture (DESIGN §16: the server's values are the
 * stored ones), under the note's parameters as they will be saved, each tool with its own
 * emissivity and reflected temperature. The picture's raw data is read again from the stored file
 * in a FLIR reader thread. Problems name the field (`tools`, `tools.2.x`, `deltaTs.0.to`).
 */
export async function measuredTools(
  db: Database,
  note: { thermalImage: string | null; camera: unknown },
  tools: readonly MeasurementTool[],
  deltaTs: readonly DeltaT[],
  parameters: readonly KeyValue[],
  problems: NoteProblems,
): Promise<StoredTool[]> {
  if (tools.length === 0 && deltaTs.length === 0) return [];
  const camera = note.camera as CameraReading | null;
  if (!note.thermalImage || !camera?.radiometry) {
    problems.add('tools', 'tools need a thermal image with temperatures (a FLIR radiometric picture read with extractMoreInfo)');
    return [];
  }
  const { width, height } = camera.radiometry.raw;
  for (const problem of toolProblems(tools, deltaTs, width, height)) problems.add(problem.field, problem.message);
  if (problems.any || tools.length === 0) return [];
  const [file] = await db.select({ data: fileBytes }).from(files).where(eq(files._id, note.thermalImage));
  let reading;
  try {
    reading = file ? await readFlirMeasuring(new Uint8Array(file.data), { tools: [...tools], settings: correctedSettings(camera.radiometry.settings, parameters, camera.parameters) }) : null;
  } catch (error) {
    if (error instanceof FlirReadError) throw new HttpError(503, `The thermal picture could not be read just now: ${error.message}`);
    throw error;
  }
  if (!reading?.measuredTools) {
    problems.add('tools', 'tools need a thermal image with temperatures');
    return [];
  }
  return reading.measuredTools;
}
