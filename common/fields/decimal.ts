import * as yup from 'yup';
import { registerFieldKind, type FieldKind, type FieldMeta } from './fieldKind';

export interface NumberSettings {
  min?: number;
  max?: number;
  /** What the input steps by; a decimal's places follow it (0.01 → 2) unless `scale` says. */
  step?: number;
  /** Digits after the point a decimal keeps (default 2). */
  scale?: number;
  /** Shown after the value ('h', 'kg', 'EUR'). */
  unit?: string;
}

/** Digits a decimal column holds in all: numeric(15, scale). */
export const DECIMAL_PRECISION = 15;
/** PostgreSQL `integer`. */
export const INTEGER_RANGE = { min: -(2 ** 31), max: 2 ** 31 - 1 } as const;

const placesOf = (step: number) => (Number.isInteger(step) ? 0 : (String(step).split('.')[1]?.length ?? 0));

interface NumberShape {
  name: string;
  whole: boolean;
  /** Settings the kind implies (money: 2 places, not below 0). */
  defaults?: NumberSettings;
}

/** The limits a field's values keep: its own within what its column can hold (a declaration past them is refused as it loads). */
function limitsOf(shape: NumberShape, meta: FieldMeta<NumberSettings>) {
  const settings = { ...shape.defaults, ...meta.settings };
  const scale = shape.whole ? 0 : (settings.scale ?? (settings.step !== undefined ? placesOf(settings.step) : 2));
  const held = shape.whole ? INTEGER_RANGE : { min: -(10 ** (DECIMAL_PRECISION - scale)) + 10 ** -scale, max: 10 ** (DECIMAL_PRECISION - scale) - 10 ** -scale };
  const min = settings.min ?? held.min;
  const max = settings.max ?? held.max;
  if (min < held.min || max > held.max || min > max) throw new Error(`${meta.label}: ${min}…${max} is not within what its column holds (${held.min}…${held.max})`);
  return { min, max, scale, unit: settings.unit, step: settings.step };
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** A number kind: stored as a number (integer, or numeric with its scale), null when empty unless required. */
export function numberKind(shape: NumberShape): FieldKind<NumberSettings> {
  const shown = (value: unknown, meta: FieldMeta<NumberSettings>) => {
    if (!isNumber(value)) return '';
    const { scale, unit } = limitsOf(shape, meta);
    const number = shape.whole ? String(value) : value.toFixed(scale);
    return unit ? `${number} ${unit}` : number;
  };
  return {
    name: shape.name,
    schema(meta) {
      const { label } = meta;
      const { min, max, scale } = limitsOf(shape, meta);
      let schema = yup
        .number()
        .typeError(shape.whole ? `${label} must be a whole number` : `${label} must be a number`)
        .min(min, `${label} must be at least ${min}`)
        .max(max, `${label} must be at most ${max}`);
      schema = shape.whole
        ? schema.integer(`${label} must be a whole number`)
        : schema.test('places', `${label} must have at most ${scale} decimal places`, (value) => value === undefined || value === null || Number(value.toFixed(scale)) === value);
      return meta.required ? schema.required(`${label} is required`) : schema.nullable().default(null);
    },
    column: (meta) => (shape.whole ? { type: 'integer' } : { type: 'numeric', precision: DECIMAL_PRECISION, scale: limitsOf(shape, meta).scale }),
    input(meta) {
      const { min, unit } = limitsOf(shape, meta);
      // Phones' number pads have no minus: a field that takes one gets the full keyboard.
      return { control: 'number', inputMode: min < 0 ? 'text' : shape.whole ? 'numeric' : 'decimal', unit };
    },
    text: shown,
    sortValue: (value) => (isNumber(value) ? value : Number.NEGATIVE_INFINITY),
    align: 'right',
    searched: false,
    sheetValue: (value) => (isNumber(value) ? value : null),
    openApi(meta) {
      const { min, max } = limitsOf(shape, meta);
      return { type: shape.whole ? 'integer' : 'number', minimum: min, maximum: max, nullable: !meta.required };
    },
  };
}

/** A decimal number (a cost, a rating in kW), `scale` places after the point. */
export const decimalField = registerFieldKind(numberKind({ name: 'decimal', whole: false }));
