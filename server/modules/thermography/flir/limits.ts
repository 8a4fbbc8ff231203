/**
 * Bounds on what the reader accepts, so a hostile file costs bounded time and memory
 * (docs/thermography.md "FLIR reader"). Real files are far inside them: the largest fixture has
 * 11 FLIR segments, a 640×512 raw image and a 2048×1536 embedded picture.
 */
export const FLIR_LIMITS = {
  /** Input larger than this is refused before parsing (uploads stop at 1 MiB anyway). */
  maxFileBytes: 16 * 1024 * 1024,
  /** JPEG markers read before the image data starts. */
  maxJpegSegments: 4096,
  /** FFF directory entries. */
  maxFffRecords: 1024,
  /** Width and height of the raw thermal image and of an embedded PNG picture. */
  maxImageSide: 4096,
  /** width × height of either image (4096 × 4096). */
  maxImagePixels: 4096 * 4096,
  /** PNG chunks read in one embedded PNG. */
  maxPngChunks: 10_000,
  /** A read that takes longer than this in the worker is stopped (the worker is terminated). */
  timeLimitMs: 5_000,
  /** Heap of one reader worker. */
  workerHeapMb: 256,
} as const;
