import type { MeasurementTool, StoredTool, ToolKind } from '../../../common/thermography/measurementTools';

/** A tool as the editor holds it: where it is and its own settings; what it reads is worked out. */
export type EditedTool = MeasurementTool;

/** FLIR's names for a new tool: Sp1, Bx1, Li1 — the first number of its kind not taken. */
const LABEL_PREFIX: Record<ToolKind, string> = { spot: 'Sp', box: 'Bx', line: 'Li' };
export function nextLabel(kind: ToolKind, tools: readonly EditedTool[]): string {
  const taken = new Set(tools.map((tool) => tool.label));
  for (let n = 1; ; n++) if (!taken.has(`${LABEL_PREFIX[kind]}${n}`)) return `${LABEL_PREFIX[kind]}${n}`;
}

let counter = 0;
/** An id unique within the note (the server checks it): time and a counter. */
export const newToolId = () => `t${Date.now().toString(36)}${(counter++).toString(36)}`;

/** The tool without the server's reading: what the editor sends back. */
export const editedToolOf = ({ reading: _reading, ...tool }: StoredTool): EditedTool => tool;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** A box from two corner pixels, both included. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }) {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.abs(a.x - b.x) + 1, height: Math.abs(a.y - b.y) + 1 };
}

/** The tool moved by (dx, dy) pixels, kept whole inside a picture of width × height. */
export function movedTool<T extends EditedTool>(tool: T, dx: number, dy: number, width: number, height: number): T {
  switch (tool.kind) {
    case 'spot':
      return { ...tool, x: clamp(tool.x + dx, 0, width - 1), y: clamp(tool.y + dy, 0, height - 1) };
    case 'box':
      return { ...tool, x: clamp(tool.x + dx, 0, width - tool.width), y: clamp(tool.y + dy, 0, height - tool.height) };
    case 'line': {
      const ddx = clamp(dx, -Math.min(tool.x1, tool.x2), width - 1 - Math.max(tool.x1, tool.x2));
      const ddy = clamp(dy, -Math.min(tool.y1, tool.y2), height - 1 - Math.max(tool.y1, tool.y2));
      return { ...tool, x1: tool.x1 + ddx, x2: tool.x2 + ddx, y1: tool.y1 + ddy, y2: tool.y2 + ddy };
    }
  }
}

/** Where a tool's label goes (a pixel): by a spot, at a box's top left, at a line's first end. */
export function labelAnchor(tool: EditedTool): { x: number; y: number } {
  switch (tool.kind) {
    case 'spot':
      return { x: tool.x, y: tool.y };
    case 'box':
      return { x: tool.x, y: tool.y };
    case 'line':
      return { x: tool.x1, y: tool.y1 };
  }
}

/** Whether two tools are placed and set alike (their readings aside). */
export function sameTool(a: EditedTool, b: EditedTool): boolean {
  const left = a as unknown as Record<string, unknown>;
  const right = b as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  return [...keys].every((key) => left[key] === right[key]);
}
