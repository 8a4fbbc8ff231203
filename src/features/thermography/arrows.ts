/**
 * Spec §9: the image editor's arrow is red, line width 2.5. The width is in CSS pixels on screen: a
 * camera picture is drawn at its own size (2048 px wide for a T420) and shown scaled down, so 2.5 of
 * its own pixels would be less than half a pixel on screen.
 */
export const ARROW_COLOR = '#ff0000';
export const ARROW_LINE_WIDTH = 2.5;
/** A press that moved less than this (CSS pixels on screen) is a tap, not an arrow. */
export const MIN_ARROW_LENGTH = 6;

export interface Point {
  x: number;
  y: number;
}

export interface Arrow {
  from: Point;
  to: Point;
  /**
   * In the picture's own pixels: ARROW_LINE_WIDTH on screen at the scale the picture was shown when
   * the arrow was drawn. The saved picture keeps it, so it shows the arrow as it was seen.
   */
  lineWidth: number;
}

/**
 * Picture pixels per CSS pixel of a picture `pictureWidth` wide shown `shownWidth` wide; 1 while it
 * is not laid out (nothing to scale by).
 */
export const pictureScale = (pictureWidth: number, shownWidth: number): number => (shownWidth > 0 && pictureWidth > 0 ? pictureWidth / shownWidth : 1);

/** The line width, in picture pixels, of an arrow drawn on a picture shown at `scale` (pictureScale). */
export const arrowLineWidth = (scale: number): number => ARROW_LINE_WIDTH * scale;

/**
 * The two ends of the arrowhead's barbs at `to`: 30° either side of the shaft, as long as a
 * fortieth of the picture's larger side (so a head reads the same on a 640 and a 2048 px picture)
 * and at least four line widths (so a thick line does not swallow it), never longer than half the
 * shaft.
 */
export function arrowHead(arrow: Arrow, pictureSide: number): [Point, Point] {
  const dx = arrow.to.x - arrow.from.x;
  const dy = arrow.to.y - arrow.from.y;
  const length = Math.hypot(dx, dy);
  const head = Math.min(Math.max(4 * arrow.lineWidth, pictureSide / 40), length / 2);
  const angle = Math.atan2(dy, dx);
  const barb = (turn: number): Point => ({
    x: arrow.to.x - head * Math.cos(angle + turn),
    y: arrow.to.y - head * Math.sin(angle + turn),
  });
  return [barb(Math.PI / 6), barb(-Math.PI / 6)];
}

/** Draws the arrows over whatever the context already holds (the picture, at its own size). */
export function drawArrows(context: CanvasRenderingContext2D, arrows: readonly Arrow[], pictureSide: number): void {
  context.save();
  context.strokeStyle = ARROW_COLOR;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const arrow of arrows) {
    const [left, right] = arrowHead(arrow, pictureSide);
    context.lineWidth = arrow.lineWidth;
    context.beginPath();
    context.moveTo(arrow.from.x, arrow.from.y);
    context.lineTo(arrow.to.x, arrow.to.y);
    context.moveTo(left.x, left.y);
    context.lineTo(arrow.to.x, arrow.to.y);
    context.lineTo(right.x, right.y);
    context.stroke();
  }
  context.restore();
}
