import { ByteView } from './byteView';
import { FlirReadError } from './flirReadError';
import { FLIR_LIMITS } from './limits';

/** Record types of the FFF directory that the reader uses (ExifTool's FLIR.pm names them). */
export const FFF_RECORD = {
  rawData: 0x01,
  embeddedImage: 0x0e,
  cameraInfo: 0x20,
} as const;

export interface FffRecord {
  type: number;
  /** The record's bytes, inside the FFF block. */
  data: Uint8Array;
}

const MAGIC = [0x46, 0x46, 0x46, 0x00]; // "FFF\0"
const HEADER_BYTES = 0x40;
const ENTRY_BYTES = 0x20;

/** Versions 100 and 101 are seen; FLIR.pm accepts 100–199. The byte order is the one that reads so. */
const knownVersion = (version: number) => version >= 100 && version < 200;

/**
 * The records of an FFF block. Header: magic, 16-byte creator, then version, directory offset and
 * entry count (32-bit, at 20, 24 and 28) in the block's byte order — big-endian from FLIR cameras,
 * little-endian from DJI — found by which order reads a known version. Directory entries are 32
 * bytes: type (u16), subtype (u16), version, index id, offset and length (u32) of the record.
 * Empty entries (type 0) are skipped; a record outside the block means the block is damaged.
 */
export function readFffRecords(block: Uint8Array): FffRecord[] {
  if (block.length < HEADER_BYTES || !MAGIC.every((byte, i) => block[i] === byte)) {
    throw new FlirReadError('The FLIR data in this file is damaged (no FFF header).');
  }
  let view = new ByteView(block, false, 'FLIR data');
  if (!knownVersion(view.u32(20))) view = view.swapped();
  if (!knownVersion(view.u32(20))) throw new FlirReadError('The FLIR data has a format version this reader does not know.');
  const directory = view.u32(24);
  const count = view.u32(28);
  if (count > FLIR_LIMITS.maxFffRecords) throw new FlirReadError('The FLIR data is damaged (too many records).');
  if (!view.has(directory, count * ENTRY_BYTES)) throw new FlirReadError('The FLIR data is truncated or damaged (record directory).');
  const records: FffRecord[] = [];
  for (let i = 0; i < count; i++) {
    const entry = directory + i * ENTRY_BYTES;
    const type = view.u16(entry);
    if (type === 0) continue;
    const offset = view.u32(entry + 12);
    const length = view.u32(entry + 16);
    if (!view.has(offset, length)) throw new FlirReadError('The FLIR data is truncated or damaged (a record lies outside it).');
    records.push({ type, data: view.slice(offset, length) });
  }
  return records;
}

/** The first record of a type, if any. */
export const findRecord = (records: FffRecord[], type: number) => records.find((record) => record.type === type);
