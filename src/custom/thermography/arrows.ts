/** Spec §9: the image editor's arrow is red, line width 2.5 (in the picture's own pixels). */
export const ARROW_COLOR = '#ff0000';
export const ARROW_LINE_WIDTH = 2.5;
/** A press that moved less than this (picture pixels) is a tap, not an arrow. */
export const MIN_ARROW_LENGTH = 6;

export interface Point {
  x: number;
  y: number;
}

export interface Arrow {
  from: Point;
  to: Point;
}

/**
 * The two ends of the arrowhead's barbs at `to`: 30° either side of the shaft, as long as a
 * fortieth of the picture's larger side (so a head reads the same on a 640 and a 2048 px picture),
 * never longer than half the shaft.
 */
export function arrowHead(arrow: Arrow, pictureSide: number): [Point, Point] {
  const dx = arrow.to.x - arrow.from.x;
  const dy = arrow.to.y - arrow.from.y;
  const length = Math.hypot(dx, dy);
  const head = Math.min(Math.max(10, pictureSide / 40), length / 2);
  const angle = Math.atan2(dy, dx);
  const barb = (turn: number): Point => ({
    x: arrow.to.x - head * Math.cos(angle + turn),
    y: arrow.to.y - head * Math.sin(angle + turn),
  });
  return [barb(Math.PI / 6), barb(-Math.PI / 6)];
}

/** Draws the arrows over whatever the context already holds. */
export function drawArrows(context: CanvasRenderingContext2D, arrows: readonly Arrow[], pictureSide: number): void {
  context.save();
  context.strokeStyle = ARROW_COLOR;
  context.lineWidth = ARROW_LINE_WIDTH;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const arrow of arrows) {
    const [left, right] = arrowHead(arrow, pictureSide);
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
