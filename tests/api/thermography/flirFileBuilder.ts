/**
 * Builds FLIR radiometric JPEGs byte by byte for the reader's tests: the layouts of the fixtures'
 * README ("Structure notes") and ExifTool's FLIR.pm, written independently of the reader so a
 * test can make variants no fixture has (an embedded PNG picture, big-endian raw samples) and
 * damage of every kind.
 */

export const RECORD = { rawData: 0x01, embeddedImage: 0x0e, cameraInfo: 0x20 } as const;

export interface RecordSpec {
  type: number;
  data: Uint8Array;
}

/** An FFF block: 64-byte header, the directory right after it, then the records. */
export function fffBlock(records: RecordSpec[], options: { littleEndian?: boolean; version?: number } = {}): Uint8Array {
  const le = options.littleEndian ?? false;
  const directoryAt = 64;
  let at = directoryAt + records.length * 32;
  const total = at + records.reduce((sum, r) => sum + r.data.length, 0);
  const block = new Uint8Array(total);
  const view = new DataView(block.buffer);
  block.set([0x46, 0x46, 0x46, 0x00]);
  block.set(new TextEncoder().encode('TEST BUILDER'), 4);
  view.setUint32(20, options.version ?? 100, le);
  view.setUint32(24, directoryAt, le);
  view.setUint32(28, records.length, le);
  records.forEach((record, i) => {
    const entry = directoryAt + i * 32;
    view.setUint16(entry, record.type, le);
    view.setUint16(entry + 2, 1, le);
    view.setUint32(entry + 4, 100, le);
    view.setUint32(entry + 8, 1, le);
    view.setUint32(entry + 12, at, le);
    view.setUint32(entry + 16, record.data.length, le);
    block.set(record.data, at);
    at += record.data.length;
  });
  return block;
}

/**
 * A JPEG carrying `block` in FLIR APP1 segments of at most `chunkBytes` each ("FLIR\0", one byte,
 * index, last index, data). `indexes`/`lastIndexes` override the bytes written per segment. The
 * image part is a bare SOS header, a few bytes and EOI: enough for a reader that stops at SOS.
 */
export function flirJpeg(block: Uint8Array, options: { chunkBytes?: number; indexes?: number[]; lastIndexes?: number[] } = {}): Uint8Array {
  const chunkBytes = options.chunkBytes ?? 65_000;
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < block.length; at += chunkBytes) chunks.push(block.subarray(at, at + chunkBytes));
  const parts: number[][] = [[0xff, 0xd8]];
  chunks.forEach((chunk, i) => {
    const length = 2 + 8 + chunk.length;
    const index = options.indexes?.[i] ?? i;
    const last = options.lastIndexes?.[i] ?? chunks.length - 1;
    parts.push([0xff, 0xe1, length >> 8, length & 0xff, 0x46, 0x4c, 0x49, 0x52, 0x00, 0x01, index, last, ...chunk]);
  });
  parts.push([0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34, 0x56, 0xff, 0xd9]);
  return Uint8Array.from(parts.flat());
}

export interface CameraSpec {
  model: string;
  emissivity: number;
  distanceM: number;
  reflectedC: number;
  atmosphericC: number;
  humidity: number;
  planck: { r1: number; r2: number; b: number; f: number; o: number };
  atmosphere: { alpha1: number; alpha2: number; beta1: number; beta2: number; x: number };
  /** UTC seconds, milliseconds and the offset east of UTC in minutes. */
  date: { seconds: number; millis: number; offsetMinutes: number };
}

/** A CameraInfo record (little-endian, as in every fixture) with FLIR.pm's offsets. */
export function cameraInfoRecord(spec: CameraSpec, littleEndian = true): Uint8Array {
  const data = new Uint8Array(0x470);
  const view = new DataView(data.buffer);
  const le = littleEndian;
  view.setUint16(0, 2, le);
  view.setFloat32(0x20, spec.emissivity, le);
  view.setFloat32(0x24, spec.distanceM, le);
  view.setFloat32(0x28, spec.reflectedC + 273.15, le);
  view.setFloat32(0x2c, spec.atmosphericC + 273.15, le);
  view.setFloat32(0x30, 293.15, le);
  view.setFloat32(0x34, 1, le);
  view.setFloat32(0x3c, spec.humidity, le);
  view.setFloat32(0x58, spec.planck.r1, le);
  view.setFloat32(0x5c, spec.planck.b, le);
  view.setFloat32(0x60, spec.planck.f, le);
  view.setFloat32(0x70, spec.atmosphere.alpha1, le);
  view.setFloat32(0x74, spec.atmosphere.alpha2, le);
  view.setFloat32(0x78, spec.atmosphere.beta1, le);
  view.setFloat32(0x7c, spec.atmosphere.beta2, le);
  view.setFloat32(0x80, spec.atmosphere.x, le);
  data.set(new TextEncoder().encode(spec.model.slice(0, 31)), 0xd4);
  view.setInt32(0x308, spec.planck.o, le);
  view.setFloat32(0x30c, spec.planck.r2, le);
  view.setUint32(0x384, spec.date.seconds, le);
  view.setUint32(0x388, spec.date.millis, le);
  view.setInt16(0x38c, -spec.date.offsetMinutes, le);
  return data;
}

/** A RawData record: 32-byte header (order word, width, height), then `payload`. */
export function rawDataRecord(width: number, height: number, payload: Uint8Array, littleEndian = true): Uint8Array {
  const data = new Uint8Array(32 + payload.length);
  const view = new DataView(data.buffer);
  view.setUint16(0, 2, littleEndian);
  view.setUint16(2, width, littleEndian);
  view.setUint16(4, height, littleEndian);
  data.set(payload, 32);
  return data;
}

/** Bare 16-bit samples in the given byte order. */
export function uncompressedSamples(values: ArrayLike<number>, littleEndian: boolean): Uint8Array {
  const data = new Uint8Array(values.length * 2);
  const view = new DataView(data.buffer);
  for (let i = 0; i < values.length; i++) view.setUint16(i * 2, values[i]!, littleEndian);
  return data;
}

/** An EmbeddedImage record: 32-byte header (order word 3, width, height), then the picture's bytes. */
export function embeddedImageRecord(width: number, height: number, picture: Uint8Array): Uint8Array {
  const data = new Uint8Array(32 + picture.length);
  const view = new DataView(data.buffer);
  view.setUint16(0, 3, true);
  view.setUint16(2, width, true);
  view.setUint16(4, height, true);
  data.set(picture, 32);
  return data;
}

/** Swaps the two bytes of every 16-bit value: how FLIR cameras put samples into their PNGs. */
export function byteSwapped(values: Uint16Array): Uint16Array {
  return values.map((v) => ((v & 0xff) << 8) | (v >> 8));
}
