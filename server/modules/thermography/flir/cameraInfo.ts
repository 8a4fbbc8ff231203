import { recordView, type ByteView } from './byteView';
import type { AtmosphereConstants, PlanckConstants } from './radiometryTypes';

/** What the CameraInfo record (FFF type 0x20) tells; a field the record is too short for, or that is not a finite number, is null. */
export interface CameraInfo {
  cameraModel: string | null;
  emissivity: number | null;
  objectDistanceM: number | null;
  reflectedTemperatureC: number | null;
  atmosphericTemperatureC: number | null;
  /** A fraction (0.5 = 50 %). */
  relativeHumidity: number | null;
  planck: PlanckConstants | null;
  atmosphere: AtmosphereConstants | null;
  /** The RawValueMedian tag: kept for reference only, it is wrong in some files (docs/thermography.md). */
  rawValueMedian: number | null;
  /** The capture time: UTC instant, and the camera's clock offset from UTC in minutes (east positive). */
  date: { utcMs: number; offsetMinutes: number } | null;
}

const KELVIN = 273.15;

/** Offsets within CameraInfo, as in ExifTool's FLIR.pm (and checked against the fixtures' exiftool output). */
const AT = {
  emissivity: 0x20,
  objectDistance: 0x24,
  reflectedTemperature: 0x28,
  atmosphericTemperature: 0x2c,
  relativeHumidity: 0x3c,
  planckR1: 0x58,
  planckB: 0x5c,
  planckF: 0x60,
  atmosphericTransAlpha1: 0x70,
  atmosphericTransAlpha2: 0x74,
  atmosphericTransBeta1: 0x78,
  atmosphericTransBeta2: 0x7c,
  atmosphericTransX: 0x80,
  cameraModel: 0xd4,
  planckO: 0x308,
  planckR2: 0x30c,
  rawValueMedian: 0x338,
  dateTime: 0x384,
} as const;

const finite = (value: number) => (Number.isFinite(value) ? value : null);

function float(view: ByteView, offset: number): number | null {
  return view.has(offset, 4) ? finite(view.f32(offset)) : null;
}

function allPresent<T extends Record<string, number | null>>(values: T): { [K in keyof T]: number } | null {
  return Object.values(values).every((value) => value !== null) ? (values as { [K in keyof T]: number }) : null;
}

export function readCameraInfo(record: Uint8Array): CameraInfo {
  const view = recordView(record, 'FLIR camera information');
  const kelvin = (offset: number) => {
    const value = float(view, offset);
    return value === null ? null : value - KELVIN;
  };
  const humidity = float(view, AT.relativeHumidity);
  return {
    cameraModel: view.has(AT.cameraModel, 32) ? view.text(AT.cameraModel, 32) || null : null,
    emissivity: float(view, AT.emissivity),
    objectDistanceM: float(view, AT.objectDistance),
    reflectedTemperatureC: kelvin(AT.reflectedTemperature),
    atmosphericTemperatureC: kelvin(AT.atmosphericTemperature),
    // Some files store percent; ExifTool's rule: above 2 it is percent.
    relativeHumidity: humidity === null ? null : humidity > 2 ? humidity / 100 : humidity,
    planck: allPresent({
      r1: float(view, AT.planckR1),
      r2: float(view, AT.planckR2),
      b: float(view, AT.planckB),
      f: float(view, AT.planckF),
      o: view.has(AT.planckO, 4) ? view.i32(AT.planckO) : null,
    }),
    atmosphere: allPresent({
      alpha1: float(view, AT.atmosphericTransAlpha1),
      alpha2: float(view, AT.atmosphericTransAlpha2),
      beta1: float(view, AT.atmosphericTransBeta1),
      beta2: float(view, AT.atmosphericTransBeta2),
      x: float(view, AT.atmosphericTransX),
    }),
    rawValueMedian: view.has(AT.rawValueMedian, 2) ? view.u16(AT.rawValueMedian) : null,
    date: readDate(view),
  };
}

/**
 * The capture time: u32 seconds since 1970 (UTC), a u32 whose low 16 bits are the milliseconds,
 * and an i16 of minutes *west* of UTC for the camera's clock (as FLIR.pm reads it).
 */
function readDate(view: ByteView): CameraInfo['date'] {
  if (!view.has(AT.dateTime, 10)) return null;
  const seconds = view.u32(AT.dateTime);
  if (seconds === 0) return null;
  const millis = view.u32(AT.dateTime + 4) & 0xffff;
  const minutesWest = view.i16(AT.dateTime + 8);
  if (millis > 999 || Math.abs(minutesWest) > 18 * 60) return null;
  return { utcMs: seconds * 1000 + millis, offsetMinutes: -minutesWest };
}
