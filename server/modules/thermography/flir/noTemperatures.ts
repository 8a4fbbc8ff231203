import { readExifCamera } from './exifCamera';
import type { JpegSegment } from './jpegSegments';

/**
 * Why a picture gives no temperatures, in the user's words (DESIGN §16: a file without FLIR
 * radiometric data is kept as a picture, and the answer says why). Shown as the upload's answer.
 */
export const NO_TEMPERATURES = {
  djiRJpeg: "This camera's format (DJI R-JPEG) carries no FLIR radiometric data that FacilityOps can read",
  plainJpeg: 'This picture carries no radiometric data: it is a plain JPEG, not a FLIR radiometric image',
  noRawData: 'This FLIR picture carries no raw thermal data, so no temperatures can be read from it',
  rawLayout: 'This FLIR picture stores its raw thermal data in a layout FacilityOps cannot read, so no temperatures can be read from it',
  noCalibration: "This FLIR picture lacks the camera's calibration constants, so no temperatures can be read from it",
  unusableSettings: 'The camera settings stored in this FLIR picture are missing or out of range (emissivity, distance, temperatures or humidity), so no temperatures can be read from it',
} as const;

const APP3 = 0xe3;
const APP4 = 0xe4;
/** DJI's thermal parameter header in APP4, 0xaa551206 stored little-endian (ExifTool's DJI::ThermalParams). */
const DJI_THERMAL_PARAMS = [0x06, 0x12, 0x55, 0xaa];

/**
 * A DJI radiometric JPEG (H20T, M30T, M3T, M2EA…): raw thermal data in APP3 segments of a file
 * whose EXIF Make is DJI, and its parameters in APP4 — as ExifTool tells them ("DJI ThermalData").
 * DJI's Zenmuse XT/XT2/XT-R write FLIR's own records instead, which are read.
 */
export function isDjiRJpeg(segments: readonly JpegSegment[]): boolean {
  const paramsHeader = segments.some((s) => s.marker === APP4 && DJI_THERMAL_PARAMS.every((byte, i) => s.data[i] === byte));
  const djiMake = (readExifCamera([...segments])?.make ?? '').trim().toUpperCase().startsWith('DJI');
  return paramsHeader || (djiMake && segments.some((s) => s.marker === APP3));
}

/** Why a JPEG without FLIR segments gives no temperatures. */
export const notFlirReason = (segments: readonly JpegSegment[]): string => (isDjiRJpeg(segments) ? NO_TEMPERATURES.djiRJpeg : NO_TEMPERATURES.plainJpeg);
