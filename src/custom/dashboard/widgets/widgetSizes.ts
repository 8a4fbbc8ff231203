import type { ElementSize } from '../../../common-ui/useElementSize';

/** Spec §9: a chart is drawn at 90% of its item's size. */
export const CHART_SCALE = 0.9;
/** Spec §9: a progress circle is 65% of the smaller dimension. */
export const PROGRESS_SCALE = 0.65;

export function chartBox(size: ElementSize): ElementSize {
  return { width: Math.floor(size.width * CHART_SCALE), height: Math.floor(size.height * CHART_SCALE) };
}

export function progressDiameter(size: ElementSize): number {
  return Math.floor(Math.min(size.width, size.height) * PROGRESS_SCALE);
}

/** A big number that fits its box: at most 40% of the height, narrower for longer texts. */
export function valueFontSize(size: ElementSize, text: string): number {
  const byHeight = size.height * 0.4;
  const byWidth = size.width / Math.max(1, text.length * 0.62);
  return Math.max(14, Math.floor(Math.min(byHeight, byWidth)));
}

/** A size worked out in CSS pixels, as rem (16 px = 1 rem): it grows with the browser's text size (200 % zoom, WCAG 1.4.4). */
export function remOf(px: number): string {
  return `${Math.round((px / 16) * 1000) / 1000}rem`;
}
