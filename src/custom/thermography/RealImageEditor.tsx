import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { drawArrows, MIN_ARROW_LENGTH, type Arrow, type Point } from './arrows';
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
 * drawn so far and the one being dragged. Pointer events cover mouse, pen and a gloved finger; in
 * painting mode the canvas keeps touches from scrolling the page.
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

  /** Where the pointer is, in the picture's own pixels. */
  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    const scaleX = box.width ? event.currentTarget.width / box.width : 1;
    const scaleY = box.height ? event.currentTarget.height / box.height : 1;
    return { x: (event.clientX - box.left) * scaleX, y: (event.clientY - box.top) * scaleY };
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!painting || !bitmap) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const start = pointOf(event);
    setDragging({ from: start, to: start });
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (dragging) setDragging({ from: dragging.from, to: pointOf(event) });
  };
  const onPointerUp = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!dragging) return;
    const arrow = { from: dragging.from, to: pointOf(event) };
    setDragging(null);
    if (Math.hypot(arrow.to.x - arrow.from.x, arrow.to.y - arrow.from.y) >= MIN_ARROW_LENGTH) onArrow(arrow);
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
