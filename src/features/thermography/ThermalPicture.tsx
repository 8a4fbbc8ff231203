import { useEffect, useMemo, useRef, useState, type PointerEvent } from 'react';
import { Box, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { correctedSettings } from '../../../common/thermography/cameraSettings';
import { rawValuesOf, type NoteRadiometry } from '../../../common/thermography/radiometry';
import { formatCelsius } from '../../../common/thermography/temperatures';
import { paintThermal, paletteColours, PALETTE_SIZE, readThermal, THERMAL_PALETTES, type ThermalPalette } from '../../../common/thermography/thermalPicture';
import type { KeyValue } from './noteTypes';
import { NotePicture } from './NotePicture';

/** GET thermographyNote/{id}/radiometry: asked whenever the picture shows; the browser's copy answers a 304 (ETag). */
export const radiometryQuery = (noteId: string) => apiQuery<NoteRadiometry>(`/thermographyNote/${noteId}/radiometry`);

/** The palette as a CSS gradient, cold on the left, for the scale under the picture. */
function gradientOf(palette: ThermalPalette): string {
  const colours = paletteColours(palette);
  const stops: string[] = [];
  for (let i = 0; i < PALETTE_SIZE; i += 17) stops.push(`rgb(${colours[i * 3]}, ${colours[i * 3 + 1]}, ${colours[i * 3 + 2]}) ${((i / (PALETTE_SIZE - 1)) * 100).toFixed(1)}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

interface ThermalPictureProps {
  noteId: string;
  /** The note's thermal image (`/api/file/<id>`): shown as stored until its raw data arrives, and if it cannot. */
  thermalImage: string;
  thermalFileId: string;
  /** The note's parameters as being edited: corrected settings repaint the picture and its readout at once (default: as saved). */
  parameters?: readonly KeyValue[];
  alt: string;
}

/**
 * A radiometric note's thermal picture painted from its raw data (DESIGN §16, issue 43 §1) in a
 * chosen palette with its temperature scale; a pointer or a finger on it reads the temperature
 * of the pixel under it, with the note's parameters and the single-path correction of DESIGN §8.
 * The figures are the page's preview; the note's stored measurements are the server's.
 */
export function ThermalPicture({ noteId, thermalImage, thermalFileId, parameters, alt }: ThermalPictureProps) {
  const translate = useTranslate();
  const { data, error, refetch } = useApiQuery(radiometryQuery(noteId));
  const current = data?.thermalImage === thermalImage ? data : undefined;
  // A new picture on the note (an upload): its raw data is asked again.
  useEffect(() => {
    if (data && data.thermalImage !== thermalImage) refetch();
  }, [data, thermalImage, refetch]);

  const [palette, setPalette] = useState<ThermalPalette>('iron');
  const [pointed, setPointed] = useState<{ x: number; y: number } | null>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  const picture = useMemo(() => (current ? { width: current.width, height: current.height, values: rawValuesOf(current) } : null), [current]);
  const parametersKey = parameters ? JSON.stringify(parameters) : null;
  const reading = useMemo(() => {
    if (!current || !picture) return null;
    const settings = parametersKey === null ? current.settings : correctedSettings(current.cameraSettings, JSON.parse(parametersKey) as KeyValue[], current.cameraParameters);
    return readThermal(picture, current, settings);
  }, [current, picture, parametersKey]);

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
    return (
      <Stack spacing={1}>
        <NotePicture fileId={thermalFileId} alt={alt} />
        {/* A 404 is a picture without temperatures: the stored picture is all there is, nothing failed. */}
        {error && (error as { status?: number }).status !== 404 ? (
          <Typography variant="caption" color="text.secondary">
            {translate('app.thermography.thermal_picture_unavailable', { message: error.message })}
          </Typography>
        ) : null}
      </Stack>
    );
  }

  const { width, height } = reading.picture;
  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.floor(((event.clientX - box.left) / box.width) * width);
    const y = Math.floor(((event.clientY - box.top) / box.height) * height);
    setPointed(x >= 0 && y >= 0 && x < width && y < height ? { x, y } : null);
  };
  const temperature = pointed ? reading.celsiusAt(pointed.x, pointed.y) : Number.NaN;
  const low = formatCelsius(reading.low);
  const high = formatCelsius(reading.high);

  return (
    <Stack spacing={1}>
      <Box sx={{ position: 'relative', lineHeight: 0 }}>
        {/* A plain canvas: Box would take width and height as CSS, not as the picture's pixels. */}
        <canvas
          ref={canvas}
          width={width}
          height={height}
          role="img"
          aria-label={alt}
          data-testid="thermal-canvas"
          onPointerDown={point}
          onPointerMove={point}
          style={{ width: '100%', height: 'auto', display: 'block', borderRadius: 4, cursor: 'crosshair', touchAction: 'pinch-zoom' }}
        />
        {pointed ? (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: `${((pointed.x + 0.5) / width) * 100}%`,
              top: `${((pointed.y + 0.5) / height) * 100}%`,
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
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="body2" aria-live="polite" data-testid="thermal-readout" sx={{ fontVariantNumeric: 'tabular-nums' }}>
          {pointed && Number.isFinite(temperature)
            ? translate('app.thermography.readout', { temperature: formatCelsius(temperature), x: pointed.x, y: pointed.y })
            : translate('app.thermography.readout_hint')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={palette}
          aria-label={translate('app.thermography.palette')}
          onChange={(_, next: ThermalPalette | null) => {
            if (next) setPalette(next);
          }}
        >
          {THERMAL_PALETTES.map((name) => (
            <ToggleButton key={name} value={name} sx={{ py: 0.25, minHeight: { xs: 44, sm: 0 }, textTransform: 'none' }}>
              {translate(`app.thermography.palette_${name}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
    </Stack>
  );
}
