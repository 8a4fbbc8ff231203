import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { formatCelsius } from '../../../common/thermography/temperatures';
import { paintThermal, paletteColours, PALETTE_SIZE, THERMAL_PALETTES, type ThermalPalette } from '../../../common/thermography/thermalPicture';
import type { ToolKind } from '../../../common/thermography/measurementTools';
import { NotePicture } from './NotePicture';
import { boxBetween, labelAnchor, movedTool, newToolId, nextLabel, type EditedTool } from './thermalTools';
import type { ShownReading, ThermalState } from './useThermalReading';

/** The palette as a CSS gradient, cold on the left, for the scale under the picture. */
function gradientOf(palette: ThermalPalette): string {
  const colours = paletteColours(palette);
  const stops: string[] = [];
  for (let i = 0; i < PALETTE_SIZE; i += 17) stops.push(`rgb(${colours[i * 3]}, ${colours[i * 3 + 1]}, ${colours[i * 3 + 2]}) ${((i / (PALETTE_SIZE - 1)) * 100).toFixed(1)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** One of a few choices as a row of toggle buttons, finger-sized on a phone. */
function ChoiceButtons<T extends string>({ label, choices, value, onChange, nameOf }: { label: string; choices: readonly T[]; value: T; onChange: (next: T) => void; nameOf: (choice: T) => string }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={label}
      onChange={(_, next: T | null) => {
        if (next) onChange(next);
      }}
    >
      {choices.map((choice) => (
        <ToggleButton key={choice} value={choice} sx={{ py: 0.25, minHeight: { xs: 44, sm: 0 }, textTransform: 'none' }}>
          {nameOf(choice)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

type Mode = 'read' | ToolKind;
const MODES: readonly Mode[] = ['read', 'spot', 'box', 'line'];
const TOOL_COLOUR = '#ffffff';
const SELECTED_COLOUR = '#4fc3f7';

export interface PictureTools {
  tools: readonly EditedTool[];
  readings: ReadonlyMap<string, ShownReading>;
  /** Placing, moving and deleting tools; without it they are shown only. */
  onChange?: (tools: EditedTool[]) => void;
  selected: string | null;
  onSelect: (id: string | null) => void;
}

interface ThermalPictureProps {
  thermal: ThermalState;
  /** The stored thermal image: shown until its raw data arrives, and if it cannot. */
  thermalFileId: string;
  alt: string;
  tools?: PictureTools;
}

/** A drag under way: drawing a box or line from `from`, or moving a tool by the pointer's travel. */
type Drag = { kind: 'draw'; tool: ToolKind; from: { x: number; y: number }; to: { x: number; y: number } } | { kind: 'move'; id: string; from: { x: number; y: number }; original: EditedTool };

/**
 * A radiometric note's thermal picture painted from its raw data (DESIGN §16, issue 43) in a
 * chosen palette with its temperature scale; a pointer or a finger reads the temperature of the
 * pixel under it, under the settings on screen. With `tools`, the note's spots, boxes and lines
 * are drawn on it; with `tools.onChange` they are placed (Spot: a tap; Box and Line: a drag),
 * moved by dragging them and deleted. Figures here are the page's preview; the server's are stored.
 */
export function ThermalPicture({ thermal, thermalFileId, alt, tools }: ThermalPictureProps) {
  const translate = useTranslate();
  const [palette, setPalette] = useState<ThermalPalette>('iron');
  const [mode, setMode] = useState<Mode>('read');
  const [pointed, setPointed] = useState<{ x: number; y: number } | null>(null);
  const [drag, setDragState] = useState<Drag | null>(null);
  // The drag as the events left it: a release can come before React has drawn the last move.
  const dragging = useRef<Drag | null>(null);
  const setDrag = (next: Drag | null) => {
    dragging.current = next;
    setDragState(next);
  };
  const canvas = useRef<HTMLCanvasElement>(null);
  const { reading } = thermal;

  useEffect(() => {
    const element = canvas.current;
    const context = element?.getContext('2d');
    if (!element || !context || !reading) return;
    const image = context.createImageData(reading.picture.width, reading.picture.height);
    paintThermal(reading, palette, image.data);
    context.putImageData(image, 0, 0);
    element.dataset.painted = palette;
  }, [reading, palette]);

  if (!reading) {
    const failed = thermal.error && (thermal.error as { status?: number }).status !== 404;
    return (
      <Stack spacing={1}>
        <NotePicture fileId={thermalFileId} alt={alt} />
        {/* A 404 is a picture without temperatures: the stored picture is all there is, nothing failed. */}
        {failed ? (
          <Typography variant="caption" color="text.secondary">
            {translate('app.thermography.thermal_picture_unavailable', { message: thermal.error!.message })}
          </Typography>
        ) : null}
      </Stack>
    );
  }

  const { width, height } = reading.picture;
  const editable = tools?.onChange !== undefined;
  const shownTools = (tools?.tools ?? []).map((tool) =>
    drag?.kind === 'move' && drag.id === tool.id ? movedTool(drag.original, pointed ? pointed.x - drag.from.x : 0, pointed ? pointed.y - drag.from.y : 0, width, height) : tool,
  );
  const pixelAt = (event: ReactPointerEvent): { x: number; y: number } => {
    const box = canvas.current!.getBoundingClientRect();
    return {
      x: Math.min(width - 1, Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * width))),
      y: Math.min(height - 1, Math.max(0, Math.floor(((event.clientY - box.top) / box.height) * height))),
    };
  };
  const onCanvasDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const at = pixelAt(event);
    setPointed(at);
    if (!editable || mode === 'read') {
      tools?.onSelect(null);
      return;
    }
    if (mode === 'spot') {
      const spot: EditedTool = { id: newToolId(), kind: 'spot', label: nextLabel('spot', tools.tools), emissivity: null, reflectedTemperatureC: null, x: at.x, y: at.y };
      tools.onChange!([...tools.tools, spot]);
      tools.onSelect(spot.id);
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    setDrag({ kind: 'draw', tool: mode, from: at, to: at });
  };
  const onToolDown = (event: ReactPointerEvent, tool: EditedTool) => {
    if (!tools) return;
    event.stopPropagation();
    tools.onSelect(tool.id);
    if (!editable) return;
    const at = pixelAt(event);
    setPointed(at);
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
    setDrag({ kind: 'move', id: tool.id, from: at, original: tool });
  };
  const onMove = (event: ReactPointerEvent) => {
    const at = pixelAt(event);
    setPointed(at);
    const current = dragging.current;
    if (current?.kind === 'draw') setDrag({ ...current, to: at });
  };
  const onUp = (event: ReactPointerEvent) => {
    const current = dragging.current;
    if (!current || !tools?.onChange) return setDrag(null);
    // Where the pointer was released, whatever was drawn last.
    const at = pixelAt(event);
    if (current.kind === 'move') {
      const moved = movedTool(current.original, at.x - current.from.x, at.y - current.from.y, width, height);
      tools.onChange(tools.tools.map((tool) => (tool.id === current.id ? moved : tool)));
      setDrag(null);
      return;
    }
    const drawn = { ...current, to: at };
    if (drawn.from.x !== drawn.to.x || drawn.from.y !== drawn.to.y) {
      const base = { id: newToolId(), label: nextLabel(drawn.tool, tools.tools), emissivity: null, reflectedTemperatureC: null };
      const made: EditedTool =
        drawn.tool === 'box' ? { ...base, kind: 'box', ...boxBetween(drawn.from, drawn.to) } : { ...base, kind: 'line', x1: drawn.from.x, y1: drawn.from.y, x2: drawn.to.x, y2: drawn.to.y };
      tools.onChange([...tools.tools, made]);
      tools.onSelect(made.id);
    }
    setDrag(null);
  };

  const temperature = pointed ? reading.celsiusAt(pointed.x, pointed.y) : Number.NaN;
  const low = formatCelsius(reading.low);
  const high = formatCelsius(reading.high);
  const percent = (value: number, of: number) => `${(value / of) * 100}%`;
  const selected = tools?.selected ?? null;
  const drawing = drag?.kind === 'draw' ? drag : null;

  return (
    <Stack spacing={1}>
      <Box sx={{ position: 'relative', lineHeight: 0 }} onPointerMove={onMove} onPointerUp={onUp} onPointerCancel={() => setDrag(null)}>
        {/* A plain canvas: Box would take width and height as CSS, not as the picture's pixels. */}
        <canvas
          ref={canvas}
          width={width}
          height={height}
          role="img"
          aria-label={alt}
          data-testid="thermal-canvas"
          onPointerDown={onCanvasDown}
          style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 4, cursor: 'crosshair', touchAction: editable && mode !== 'read' ? 'none' : 'pinch-zoom' }}
        />
        <svg
          viewBox={`0 0 ${width} ${height}`}
          preserveAspectRatio="none"
          data-testid="thermal-tools"
          style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none', overflow: 'visible' }}
        >
          {shownTools.map((tool) => {
            const colour = tool.id === selected ? SELECTED_COLOUR : TOOL_COLOUR;
            const grab = { pointerEvents: 'stroke' as const, cursor: editable ? 'move' : 'pointer', touchAction: 'none' as const };
            const hottest = tools?.readings.get(tool.id)?.reading?.maxAt;
            if (tool.kind === 'box') {
              return (
                <g key={tool.id} data-tool={tool.label}>
                  <rect x={tool.x} y={tool.y} width={tool.width} height={tool.height} fill="none" stroke={colour} strokeWidth={2} vectorEffect="non-scaling-stroke" />
                  <rect x={tool.x} y={tool.y} width={tool.width} height={tool.height} fill="none" stroke="transparent" strokeWidth={18} vectorEffect="non-scaling-stroke" style={grab} onPointerDown={(event) => onToolDown(event, tool)} />
                  {hottest ? <circle cx={hottest.x + 0.5} cy={hottest.y + 0.5} r={Math.max(width, height) / 120} fill="#ff1744" stroke="#fff" strokeWidth={1} vectorEffect="non-scaling-stroke" /> : null}
                </g>
              );
            }
            if (tool.kind === 'line') {
              return (
                <g key={tool.id} data-tool={tool.label}>
                  <line x1={tool.x1 + 0.5} y1={tool.y1 + 0.5} x2={tool.x2 + 0.5} y2={tool.y2 + 0.5} stroke={colour} strokeWidth={2} vectorEffect="non-scaling-stroke" />
                  <line x1={tool.x1 + 0.5} y1={tool.y1 + 0.5} x2={tool.x2 + 0.5} y2={tool.y2 + 0.5} stroke="transparent" strokeWidth={18} vectorEffect="non-scaling-stroke" style={grab} onPointerDown={(event) => onToolDown(event, tool)} />
                </g>
              );
            }
            return null;
          })}
          {drawing?.tool === 'box' ? (
            <rect {...boxBetween(drawing.from, drawing.to)} fill="none" stroke={SELECTED_COLOUR} strokeDasharray="4 3" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          ) : drawing?.tool === 'line' ? (
            <line x1={drawing.from.x + 0.5} y1={drawing.from.y + 0.5} x2={drawing.to.x + 0.5} y2={drawing.to.y + 0.5} stroke={SELECTED_COLOUR} strokeDasharray="4 3" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          ) : null}
        </svg>
        {shownTools.map((tool) => {
          const anchor = labelAnchor(tool);
          const isSpot = tool.kind === 'spot';
          return (
            <Box
              key={tool.id}
              data-tool-label={tool.label}
              onPointerDown={isSpot ? (event) => onToolDown(event, tool) : undefined}
              sx={{
                position: 'absolute',
                left: percent(anchor.x + 0.5, width),
                top: percent(anchor.y + 0.5, height),
                transform: isSpot ? 'translate(-50%, -50%)' : 'translate(0, -100%)',
                pointerEvents: isSpot ? 'auto' : 'none',
                touchAction: 'none',
                cursor: editable ? 'move' : 'pointer',
                lineHeight: 1,
              }}
            >
              {isSpot ? (
                <Box sx={{ width: 22, height: 22, position: 'relative', '&::before, &::after': { content: '""', position: 'absolute', bgcolor: tool.id === selected ? SELECTED_COLOUR : TOOL_COLOUR, boxShadow: '0 0 0 1px rgba(0,0,0,0.7)' }, '&::before': { left: 10, top: 0, width: 2, height: 22 }, '&::after': { top: 10, left: 0, height: 2, width: 22 } }} />
              ) : null}
              <Typography
                component="span"
                variant="caption"
                sx={{ position: isSpot ? 'absolute' : 'static', left: isSpot ? 20 : undefined, top: isSpot ? -14 : undefined, px: 0.5, bgcolor: 'rgba(0,0,0,0.6)', color: tool.id === selected ? SELECTED_COLOUR : '#fff', borderRadius: 0.5, whiteSpace: 'nowrap' }}
              >
                {tool.label}
              </Typography>
            </Box>
          );
        })}
        {pointed && mode === 'read' && !drag ? (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: percent(pointed.x + 0.5, width),
              top: percent(pointed.y + 0.5, height),
              width: 18,
              height: 18,
              transform: 'translate(-50%, -50%)',
              border: '2px solid #fff',
              borderRadius: '50%',
              boxShadow: '0 0 0 1px rgba(0,0,0,0.8)',
              pointerEvents: 'none',
            }}
          />
        ) : null}
      </Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="caption" sx={{ minWidth: 56 }}>
          {low}
        </Typography>
        <Box role="img" aria-label={translate('app.thermography.temperature_scale', { low, high })} sx={{ flex: 1, height: 12, borderRadius: 0.5, background: gradientOf(palette) }} />
        <Typography variant="caption" sx={{ minWidth: 56, textAlign: 'right' }}>
          {high}
        </Typography>
      </Stack>
      <Typography variant="body2" aria-live="polite" data-testid="thermal-readout" sx={{ fontVariantNumeric: 'tabular-nums' }}>
        {pointed && Number.isFinite(temperature)
          ? translate('app.thermography.readout', { temperature: formatCelsius(temperature), x: pointed.x, y: pointed.y })
          : translate(editable && mode !== 'read' ? `app.thermography.place_${mode}_hint` : 'app.thermography.readout_hint')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {editable ? <ChoiceButtons label={translate('app.thermography.tool_mode')} choices={MODES} value={mode} onChange={setMode} nameOf={(name) => translate(`app.thermography.mode_${name}`)} /> : null}
        {editable && selected ? (
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            sx={{ minHeight: { xs: 44, sm: 0 } }}
            onClick={() => {
              tools.onChange!(tools.tools.filter((tool) => tool.id !== selected));
              tools.onSelect(null);
            }}
          >
            {translate('app.thermography.delete_tool', { label: tools.tools.find((tool) => tool.id === selected)?.label ?? '' })}
          </Button>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <ChoiceButtons label={translate('app.thermography.palette')} choices={THERMAL_PALETTES} value={palette} onChange={setPalette} nameOf={(name) => translate(`app.thermography.palette_${name}`)} />
      </Stack>
    </Stack>
  );
}
