import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

export interface QrVideoOptions {
  width?: number;
  height?: number;
  /** Pixels per QR module. */
  moduleSize?: number;
  frames?: number;
}

/**
 * A Y4M video of one QR code on white, for Chromium's fake camera
 * (--use-file-for-fake-video-capture), which plays it in a loop. The code is drawn from the QR
 * matrix the labels' generator builds (error correction M, as the printed labels use), centred
 * with a wide white quiet zone. 4:2:0 full-range: luma 0 or 255, chroma 128 (grey, no colour).
 */
export function writeQrY4m(file: string, text: string, options: QrVideoOptions = {}) {
  const { width = 640, height = 480, moduleSize = 10, frames = 3 } = options;
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const codePx = modules.size * moduleSize;
  if (codePx > Math.min(width, height) - 8 * moduleSize) throw new Error(`a ${modules.size}-module code does not fit ${width}×${height}`);
  const left = Math.floor((width - codePx) / 2);
  const top = Math.floor((height - codePx) / 2);

  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < moduleSize; y++) {
        const start = (top + row * moduleSize + y) * width + left + col * moduleSize;
        luma.fill(0, start, start + moduleSize);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
