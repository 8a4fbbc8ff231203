import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { arrowLineWidth, drawArrows, MIN_ARROW_LENGTH, pictureScale, type Arrow, type Point } from './arrows';
import type { PictureState } from './usePicture';

interface RealImageEditorProps {
  picture: PictureState;
  arrows: readonly Arrow[];
  /** Painting mode (spec §4): a drag draws an arrow; otherwise the picture only shows. */
  painting: boolean;
  onArrow: (arrow: Arrow) => void;
  label: string;
}

/**
 * The real image on a canvas at the picture's own size (scaled by CSS to the box), with the arrows
 * drawn so far and the one being dragged. An arrow's line is 2.5 CSS pixels wide on screen whatever
 * the picture's size (arrows.ts), and a tap is told from a drag in CSS pixels too. Pointer events
 * cover mouse, pen and a gloved finger; in painting mode the canvas keeps touches from scrolling
 * the page.
 */
export function RealImageEditor({ picture, arrows, painting, onArrow, label }: RealImageEditorProps) {
  const translate = useTranslate();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [dragging, setDragging] = useState<Arrow | null>(null);
  const [drawn, setDrawn] = useState(false);
  const bitmap = picture.status === 'ready' ? picture.bitmap : null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !bitmap) return;
    if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
    if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(bitmap, 0, 0);
    drawArrows(context, dragging ? [...arrows, dragging] : arrows, Math.max(bitmap.width, bitmap.height));
    setDrawn(true);
  }, [bitmap, arrows, dragging]);

  /** Picture pixels per CSS pixel as the canvas is shown now. */
  const scaleOf = (canvas: HTMLCanvasElement) => pictureScale(canvas.width, canvas.getBoundingClientRect().width);
  /** Where the pointer is, in the picture's own pixels. */
  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const canvas = event.currentTarget;
    const box = canvas.getBoundingClientRect();
    return { x: (event.clientX - box.left) * pictureScale(canvas.width, box.width), y: (event.clientY - box.top) * pictureScale(canvas.height, box.height) };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!painting || !bitmap) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const start = pointOf(event);
    setDragging({ from: start, to: start, lineWidth: arrowLineWidth(scaleOf(event.currentTarget)) });
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (dragging) setDragging({ ...dragging, to: pointOf(event) });
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!dragging) return;
    const arrow = { ...dragging, to: pointOf(event) };
    setDragging(null);
    const length = Math.hypot(arrow.to.x - arrow.from.x, arrow.to.y - arrow.from.y);
    if (length >= MIN_ARROW_LENGTH * scaleOf(event.currentTarget)) onArrow(arrow);
  };

  if (picture.status === 'none') return null;
  if (picture.status === 'failed') {
    return <Typography color="error" variant="body2">{translate('app.thermography.picture_failed')}</Typography>;
  }
  return (
    <Box sx={{ position: 'relative', lineHeight: 0 }}>
      <Box
        component="canvas"
        ref={canvasRef}
        role="img"
        aria-label={label}
        data-drawn={drawn && bitmap ? 'true' : undefined}
        data-arrows={arrows.length}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDragging(null)}
        sx={{
          width: '100%',
          height: 'auto',
          aspectRatio: bitmap ? `${bitmap.width} / ${bitmap.height}` : '4 / 3',
          display: 'block',
          borderRadius: 1,
          bgcolor: 'action.hover',
          cursor: painting ? 'crosshair' : 'default',
          touchAction: painting ? 'none' : 'auto',
          outline: painting ? 2 : 0,
          outlineColor: 'error.main',
        }}
      />
    </Box>
  );
}
