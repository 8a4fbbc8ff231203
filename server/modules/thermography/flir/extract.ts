import { readCameraInfo, type CameraInfo } from './cameraInfo';
import { showCameraDate, showCelsius, showDistance, showEmissivity, showHumidity, type KeyValue } from './displayValues';
import { readEmbeddedImage } from './embeddedImage';
import { readExifCamera, type ExifCamera } from './exifCamera';
import { FFF_RECORD, findRecord, readFffRecords } from './fffRecords';
import { joinFlirChunks } from './flirChunks';
import { FlirReadError } from './flirReadError';
import { readJpegSegments } from './jpegSegments';
import { FLIR_LIMITS } from './limits';
import { measurementsFor, settingsAreUsable } from './radiometry';
import type { ObjectSettings, RadiometryData } from './radiometryTypes';
import { readRawThermal, type RawThermalImage } from './rawThermal';
import type { FlirReading } from './flirReading';
import { NO_TEMPERATURES, notFlirReason } from './noTemperatures';

const NOT_FLIR: Omit<FlirReading, 'noTemperatures'> = { isFlir: false, realImage: null, parameters: [], measurements: [], radiometry: null };

/**
 * Reads a FLIR radiometric JPEG (DESIGN §8, `extractMoreInfo=true`), synchronously: the reader
 * worker runs this, off the server's event loop. A JPEG without FLIR segments answers isFlir
 * false; anything damaged throws a FlirReadError with a message in plain words — also for
 * failures this code did not foresee, so the caller only ever sees a reading or that error.
 */
export function extractFlir(bytes: Uint8Array, options: { keepRaw?: boolean } = {}): FlirReading {
  try {
    return extract(bytes, options.keepRaw === true);
  } catch (error) {
    if (error instanceof FlirReadError) throw error;
    throw new FlirReadError('The FLIR data in this file could not be read.', { cause: error });
  }
}

function extract(bytes: Uint8Array, keepRaw: boolean): FlirReading {
  if (bytes.length > FLIR_LIMITS.maxFileBytes) throw new FlirReadError('The file is too large to read.');
  const segments = readJpegSegments(bytes);
  const block = joinFlirChunks(segments);
  if (!block) return { ...NOT_FLIR, noTemperatures: notFlirReason(segments) };
  const records = readFffRecords(block);
  const cameraRecord = findRecord(records, FFF_RECORD.cameraInfo);
  const rawRecord = findRecord(records, FFF_RECORD.rawData);
  const pictureRecord = findRecord(records, FFF_RECORD.embeddedImage);
  const camera = cameraRecord ? readCameraInfo(cameraRecord.data) : null;
  const raw = rawRecord ? readRawThermal(rawRecord.data) : null;
  const settings = camera ? settingsOf(camera) : null;
  const radiometry = camera && raw && settings ? radiometryOf(camera, raw, settings) : null;
  return {
    isFlir: true,
    realImage: pictureRecord ? readEmbeddedImage(pictureRecord.data) : null,
    parameters: camera ? parametersOf(camera, readExifCamera(segments)) : [],
    measurements: radiometry ? measurementsFor(radiometry, radiometry.settings) : [],
    radiometry,
    noTemperatures: radiometry ? null : whyNoRadiometry(camera, rawRecord !== undefined, raw, settings),
    ...(keepRaw ? { rawImage: radiometry && raw ? { width: raw.width, height: raw.height, values: raw.values } : null } : {}),
  };
}

/** The first thing a FLIR file lacks for temperatures, as radiometryOf asks for them. */
function whyNoRadiometry(camera: CameraInfo | null, hasRawRecord: boolean, raw: RawThermalImage | null, settings: ObjectSettings | null): string {
  if (!hasRawRecord) return NO_TEMPERATURES.noRawData;
  if (!raw) return NO_TEMPERATURES.rawLayout;
  if (!camera?.planck || !camera.atmosphere) return NO_TEMPERATURES.noCalibration;
  if (!settings || !settingsAreUsable(settings)) return NO_TEMPERATURES.unusableSettings;
  return NO_TEMPERATURES.noCalibration;
}

function settingsOf(camera: CameraInfo): ObjectSettings | null {
  const { emissivity, reflectedTemperatureC, atmosphericTemperatureC, objectDistanceM, relativeHumidity } = camera;
  if (emissivity === null || reflectedTemperatureC === null || atmosphericTemperatureC === null || objectDistanceM === null || relativeHumidity === null) {
    return null;
  }
  return { emissivity, reflectedTemperatureC, atmosphericTemperatureC, objectDistanceM, relativeHumidityPercent: relativeHumidity * 100 };
}

/** Only with Planck and atmosphere constants and settings the formula can use (a file's own values may be nonsense). */
function radiometryOf(camera: CameraInfo, raw: RawThermalImage, settings: ObjectSettings): RadiometryData | null {
  if (!camera.planck || !camera.atmosphere || !settingsAreUsable(settings)) return null;
  let min = 0xffff;
  let max = 0;
  for (const value of raw.values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  const centre = raw.values[Math.floor(raw.height / 2) * raw.width + Math.floor(raw.width / 2)]!;
  return { planck: camera.planck, atmosphere: camera.atmosphere, settings, raw: { min, max, centre, width: raw.width, height: raw.height } };
}

/** A name that says something: not empty and not a placeholder such as the FLIR ONE's "*". */
const meaningful = (name: string | null | undefined): name is string => !!name && /[A-Za-z0-9]/.test(name);

/** The FLIR camera model, else EXIF Make and Model ("DJI FLIR" for the Zenmuse XT-R), else none. */
function cameraName(camera: CameraInfo, exif: ExifCamera | null): string | null {
  if (meaningful(camera.cameraModel)) return camera.cameraModel;
  if (!exif || !meaningful(exif.model)) return null;
  const brand = exif.make.split(/\s+/)[0] ?? '';
  return meaningful(brand) && !exif.model.toLowerCase().startsWith(brand.toLowerCase()) ? `${brand} ${exif.model}` : exif.model;
}

/** DESIGN §8's parameters, in its order, each only when the file has it. */
function parametersOf(camera: CameraInfo, exif: ExifCamera | null): KeyValue[] {
  const name = cameraName(camera, exif);
  const { emissivity, reflectedTemperatureC, atmosphericTemperatureC, objectDistanceM, relativeHumidity, date } = camera;
  const shown: [string, string | null][] = [
    ['Camera model', name],
    ['Emissivity', emissivity === null ? null : showEmissivity(emissivity)],
    ['Reflected temperature', reflectedTemperatureC === null ? null : showCelsius(reflectedTemperatureC)],
    ['Atmospheric temperature', atmosphericTemperatureC === null ? null : showCelsius(atmosphericTemperatureC)],
    ['Object distance', objectDistanceM === null ? null : showDistance(objectDistanceM)],
    ['Relative humidity', relativeHumidity === null ? null : showHumidity(relativeHumidity * 100)],
    ['Date', date === null ? null : showCameraDate(date)],
  ];
  return shown.filter((entry): entry is [string, string] => entry[1] !== null).map(([k, v]) => ({ k, v }));
}
