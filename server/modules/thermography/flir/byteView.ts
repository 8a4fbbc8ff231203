import { FlirReadError } from './flirReadError';

/**
 * Reads numbers and strings from one span of bytes in one byte order. Every read is checked
 * against the span: reading past its end throws a FlirReadError naming `what`, never an
 * index error and never a value from neighbouring data.
 */
export class ByteView {
  private readonly view: DataView;

  constructor(
    readonly bytes: Uint8Array,
    readonly littleEndian: boolean,
    private readonly what: string,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  get length(): number {
    return this.bytes.byteLength;
  }

  /** Whether `size` bytes at `offset` lie inside the span. */
  has(offset: number, size: number): boolean {
    return Number.isInteger(offset) && offset >= 0 && size >= 0 && offset + size <= this.bytes.byteLength;
  }

  private check(offset: number, size: number): void {
    if (!this.has(offset, size)) throw new FlirReadError(`The ${this.what} is truncated or damaged.`);
  }

  u8(offset: number): number {
    this.check(offset, 1);
    return this.view.getUint8(offset);
  }

  u16(offset: number): number {
    this.check(offset, 2);
    return this.view.getUint16(offset, this.littleEndian);
  }

  i16(offset: number): number {
    this.check(offset, 2);
    return this.view.getInt16(offset, this.littleEndian);
  }

  u32(offset: number): number {
    this.check(offset, 4);
    return this.view.getUint32(offset, this.littleEndian);
  }

  i32(offset: number): number {
    this.check(offset, 4);
    return this.view.getInt32(offset, this.littleEndian);
  }

  f32(offset: number): number {
    this.check(offset, 4);
    return this.view.getFloat32(offset, this.littleEndian);
  }

  /** `size` bytes at `offset`, sharing memory with the span. */
  slice(offset: number, size: number): Uint8Array {
    this.check(offset, size);
    return this.bytes.subarray(offset, offset + size);
  }

  /** A NUL-terminated string of at most `size` bytes, printable ASCII only (others dropped). */
  text(offset: number, size: number): string {
    const raw = this.slice(offset, size);
    let out = '';
    for (const byte of raw) {
      if (byte === 0) break;
      if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    }
    return out.trim();
  }

  /** The same bytes read in the other byte order. */
  swapped(): ByteView {
    return new ByteView(this.bytes, !this.littleEndian, this.what);
  }
}

/**
 * FLIR records start with a 16-bit word that is small (2 or 3) in the record's own byte order:
 * read little-endian it is below 0x100 exactly when the record is little-endian.
 */
export function recordView(record: Uint8Array, what: string): ByteView {
  const view = new ByteView(record, true, what);
  return view.u16(0) < 0x100 ? view : view.swapped();
}
