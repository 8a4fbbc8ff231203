import { useEffect, useMemo } from 'react';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { correctedSettings } from '../../../common/thermography/cameraSettings';
import { measureTool, toolSettings, type StoredTool, type ToolReading } from '../../../common/thermography/measurementTools';
import type { ObjectSettings } from '../../../common/thermography/radiometricFormula';
import { rawValuesOf, type NoteRadiometry } from '../../../common/thermography/radiometry';
import { readThermal, type RawPicture, type ThermalReading } from '../../../common/thermography/thermalPicture';
import type { KeyValue } from './noteTypes';
import { sameTool, editedToolOf, type EditedTool } from './thermalTools';

/** GET thermographyNote/{id}/radiometry: asked whenever the picture shows; the browser's copy answers a 304 (ETag). */
export const radiometryQuery = (noteId: string) => apiQuery<NoteRadiometry>(`/thermographyNote/${encodeURIComponent(noteId)}/radiometry`);

/** A radiometric note's picture as the page reads it. */
export interface ThermalState {
  picture: RawPicture | null;
  /** The picture under the settings on screen (null until its raw data arrives). */
  reading: ThermalReading | null;
  radiometry: NoteRadiometry | null;
  /** The settings on screen: the parameters as edited, else as saved. */
  settings: ObjectSettings | null;
  /** The read failed (a 404: the picture holds no temperatures). */
  error: Error | null;
}

/**
 * The note's raw picture (DESIGN §16) read with the parameters as they are being edited (as saved
 * without them), for painting, the readout and the tools' previews. `enabled`: only a
 * radiometric note's picture is asked for.
 */
export function useThermalReading(noteId: string, thermalImage: string | null, parameters: readonly KeyValue[] | undefined, enabled: boolean): ThermalState {
  const { data, error, refetch } = useApiQuery({ ...radiometryQuery(noteId), enabled });
  const current = enabled && data && data.thermalImage === thermalImage ? data : null;
  // A new picture on the note (an upload): its raw data is asked again.
  useEffect(() => {
    if (enabled && data && data.thermalImage !== thermalImage) refetch();
  }, [enabled, data, thermalImage, refetch]);
  const picture = useMemo(() => (current ? { width: current.width, height: current.height, values: rawValuesOf(current) } : null), [current]);
  const parametersKey = parameters ? JSON.stringify(parameters) : null;
  const settings = useMemo(
    () => (!current ? null : parametersKey === null ? current.settings : correctedSettings(current.cameraSettings, JSON.parse(parametersKey) as KeyValue[], current.cameraParameters)),
    [current, parametersKey],
  );
  const reading = useMemo(() => (current && picture && settings ? readThermal(picture, current, settings) : null), [current, picture, settings]);
  const failure = enabled ? error : null;
  // One object while nothing changed: what is measured from it is not measured again at every render.
  return useMemo(() => ({ picture, reading, radiometry: current, settings, error: failure }), [picture, reading, current, settings, failure]);
}

/** What a tool reads as shown: the server's stored reading while the tool and the settings are as saved, else the page's preview. */
export interface ShownReading {
  reading: ToolReading | null;
  preview: boolean;
}

/** Each tool's reading (by id), previews measured as the server measures. */
export function useToolReadings(thermal: ThermalState, tools: readonly EditedTool[], saved: readonly StoredTool[]): Map<string, ShownReading> {
  // Readings of the picture per tool settings, kept while the picture and the note's settings stay:
  // dragging a tool measures it again without reading the whole picture again.
  const readingsBySettings = useMemo(() => (thermal.reading ? new Map<string, ThermalReading>() : null), [thermal.reading]);
  return useMemo(() => {
    const shown = new Map<string, ShownReading>();
    const { picture, radiometry, settings } = thermal;
    const settingsAsSaved = radiometry && settings ? JSON.stringify(settings) === JSON.stringify(radiometry.settings) : false;
    for (const tool of tools) {
      const stored = saved.find((item) => item.id === tool.id);
      if (stored && settingsAsSaved && sameTool(editedToolOf(stored), tool)) {
        shown.set(tool.id, { reading: stored.reading, preview: false });
        continue;
      }
      if (!picture || !radiometry || !settings || !readingsBySettings) {
        shown.set(tool.id, { reading: null, preview: true });
        continue;
      }
      const own = toolSettings(tool, settings);
      const key = `${own.emissivity}|${own.reflectedTemperatureC}`;
      let reading = readingsBySettings.get(key);
      if (!reading) readingsBySettings.set(key, (reading = readThermal(picture, radiometry, own)));
      shown.set(tool.id, { reading: measureTool(tool, reading), preview: true });
    }
    return shown;
  }, [thermal, tools, saved, readingsBySettings]);
}
