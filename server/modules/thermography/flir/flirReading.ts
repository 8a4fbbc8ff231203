import type { KeyValue } from './displayValues';
import type { RadiometryData } from './radiometryTypes';
import type { StoredTool } from '../../../../common/thermography/measurementTools';

/** What a FLIR radiometric JPEG tells about itself (DESIGN §8, `extractMoreInfo=true`). */
export interface FlirReading {
  isFlir: boolean;
  /** Embedded visible picture, ready to store as a file (JPEG as is; PNG re-encoded as RGB PNG if stored in YCbCr). */
  realImage: { bytes: Uint8Array; contentType: 'image/jpeg' | 'image/png' } | null;
  /** DESIGN §8 keys in this order when present: Camera model, Emissivity, Reflected temperature,
   *  Atmospheric temperature, Object distance, Relative humidity, Date. Values as display strings
   *  (temperatures °C one decimal e.g. "20.0 °C", humidity "50 %", distance "1.0 m", emissivity "0.95"). */
  parameters: KeyValue[];
  /** Min, Max, Center (°C, one decimal, singlePath correction) e.g. {k:'Max', v:'25.5 °C'} — only with raw data + Planck constants. */
  measurements: KeyValue[];
  /** What recomputation needs (kept on the note so an engineer can correct camera settings later). */
  radiometry: RadiometryData | null;
  /** Why there are no temperatures, in the user's words (noTemperatures.ts); null when they were read. */
  noTemperatures: string | null;
  /** Every pixel's raw value, only when asked for (`extractFlir(bytes, { keepRaw: true })`) and there is radiometry. */
  rawImage?: RawImage | null;
  /** Tools measured on the picture, when asked for (`readFlirMeasuring`) and there is radiometry. */
  measuredTools?: StoredTool[];
}

/** The raw thermal image: one 16-bit sensor value per pixel, row by row. */
export interface RawImage {
  width: number;
  height: number;
  values: Uint16Array;
}
