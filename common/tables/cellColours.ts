import { isCssColor } from '../cssColor';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A {…, color} cell (severityLevel, level) without its colour when that is not a CSS colour. */
function withCellColour(value: unknown): unknown {
  if (!isObject(value) || value.color === undefined || value.color === null || isCssColor(value.color)) return value;
  const { color: _dropped, ...rest } = value;
  return rest;
}

/** A level cell may be just its colour (spec §2.5 coloured circle); a text that is none is its name. */
function withLevelColour(value: unknown): unknown {
  if (typeof value === 'string') return value === '' || isCssColor(value) ? value : { name: value };
  return withCellColour(value);
}

/**
 * A row a script returned, its coloured cells (spec §2.5: `level` a coloured circle, `severityLevel` a
 * coloured chip) holding CSS colours only (DESIGN §7, issue 16 §4): any other colour is dropped, so
 * the cell is drawn as if none was given. The row itself is answered when nothing changes.
 */
export function withCssCellColours(row: Record<string, unknown>): Record<string, unknown> {
  const hasSeverity = 'severityLevel' in row;
  const hasLevel = 'level' in row;
  const severityLevel = hasSeverity ? withCellColour(row.severityLevel) : undefined;
  const level = hasLevel ? withLevelColour(row.level) : undefined;
  if (severityLevel === row.severityLevel && level === row.level) return row;
  return { ...row, ...(hasSeverity ? { severityLevel } : {}), ...(hasLevel ? { level } : {}) };
}
