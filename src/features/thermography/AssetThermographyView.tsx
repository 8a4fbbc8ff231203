import { Suspense, useMemo, useState } from 'react';
import { Box, Button, Paper, Stack, Table, TableBody, TableCell, TableRow, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { useTranslate } from 'react-admin';
import type { Alert, Inspection } from '../../../common/resources/inspection';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { formatTimestamp } from '../../../common/formatTime';
import { AlertsSubTable } from '../tables/details/AlertsSubTable';
import { ImageViewerDialog, type ViewerImage } from '../../shared/ui/ImageViewer';
import { useDetail } from '../tables/details/useDetail';
import { fileIdOf } from '../../../common/thermography/note';
import { NotePicture } from './NotePicture';
import { ThermalPicture } from './ThermalPicture';
import { MeasurementTools } from './MeasurementTools';
import { editedToolOf } from './thermalTools';
import { useThermalReading, useToolReadings } from './useThermalReading';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import type { ThermographyNote } from './noteTypes';
import { PriorityChip } from './PriorityChip';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import { thermographyRecordsOf, type PagedRecord } from './thermographyRecords';
import { ThermographyReportButton } from './ThermographyReportButton';

// Its own chunk, with chart.js: loaded when an asset's thermography view opens, not with every table.
const ThermographyTrendChart = lazyWithTimeout('ThermographyTrendChart', () => import('./ThermographyTrendChart').then((module) => module.ThermographyTrendChart));

/** `thermal`: the note's thermal picture, painted from its raw data for a reader of notes. */
function Picture({ fileId, title, onZoom, thermal }: { fileId: string | null; title: string; onZoom: () => void; thermal?: { noteId: string; image: string } }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1, flex: 1, minWidth: 0 }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 0.5 }}>
        <Typography variant="subtitle2" component="h5" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {fileId ? (
          <Button size="small" startIcon={<ZoomInIcon />} onClick={onZoom} aria-label={translate('app.thermography.zoom', { name: title })}>
            {translate('app.thermography.zoom_short')}
          </Button>
        ) : null}
      </Stack>
      {fileId && thermal ? (
        <RecordThermalPicture noteId={thermal.noteId} thermalImage={thermal.image} thermalFileId={fileId} alt={title} />
      ) : fileId ? (
        <NotePicture fileId={fileId} alt={title} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          {translate('app.thermography.no_picture')}
        </Typography>
      )}
    </Paper>
  );
}

/**
 * A record's thermal picture painted from its raw data, with the note's measurement tools as the
 * server measured them (read only: tools are placed in the note editor).
 */
function RecordThermalPicture({ noteId, thermalImage, thermalFileId, alt }: { noteId: string; thermalImage: string; thermalFileId: string; alt: string }) {
  const { data: note } = useApiQuery(apiQuery<ThermographyNote>(`/thermographyNote/${noteId}`));
  const thermal = useThermalReading(noteId, thermalImage, undefined, true);
  const saved = useMemo(() => note?.tools ?? [], [note]);
  const tools = useMemo(() => saved.map(editedToolOf), [saved]);
  const readings = useToolReadings(thermal, tools, saved);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Stack spacing={1}>
      <ThermalPicture thermal={thermal} thermalFileId={thermalFileId} alt={alt} tools={{ tools, readings, selected, onSelect: setSelected }} />
      {tools.length > 0 || (note?.deltaTs.length ?? 0) > 0 ? (
        <MeasurementTools
          tools={tools}
          readings={readings}
          deltaTs={note?.deltaTs ?? []}
          savedDeltaTs={note?.deltaTs ?? []}
          ambientC={note?.ambientTemperature ?? null}
          noteEmissivity={thermal.settings?.emissivity ?? null}
          noteReflectedC={thermal.settings?.reflectedTemperatureC ?? null}
          selected={selected}
          onSelect={setSelected}
        />
      ) : null}
    </Stack>
  );
}

function RecordAlerts({ record }: { record: PagedRecord }) {
  const path = `/inspection/${encodeURIComponent(record.inspectionId)}/${encodeURIComponent(record._id)}/alert`;
  const alerts = useDetail<Alert[]>(path, (event) => event.type === 'alert' || (event.type === 'thermographyNote' && event._id === record._id));
  return <AlertsSubTable alerts={alerts.data ?? []} onResolved={alerts.reload} />;
}

/**
 * Spec §2.5 asset detail, thermography view: pages through the image records ('image N of M'),
 * each with its identification, a 'Priority {level}' chip, the thermal and real images (zoomable),
 * ambient temperature, measurements, observations as a bulleted list and that record's alerts;
 * above them the chart of each approved note's hottest spot over time.
 */
export function AssetThermographyView({ assetId, inspections }: { assetId: string; inspections: readonly Inspection[] }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const may = (permission: string) => user?.permissions.includes(permission) ?? false;
  const records = useMemo(() => thermographyRecordsOf(inspections), [inspections]);
  const [index, setIndex] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const shown = Math.min(index, Math.max(0, records.length - 1));
  const record = records[shown];

  const images: ViewerImage[] = [];
  const thermalId = fileIdOf(record?.thermalImage);
  const realId = fileIdOf(record?.realImage);
  if (thermalId) images.push({ fileId: thermalId, caption: translate('app.thermography.thermal_image') });
  if (realId) images.push({ fileId: realId, caption: translate('app.thermography.real_image') });

  return (
    <Stack spacing={2}>
      {may('read-thermography-note') ? (
        <Suspense fallback={null}>
          <ThermographyTrendChart assetId={assetId} />
        </Suspense>
      ) : null}
      {!record ? (
        <Typography color="text.secondary">{translate('app.thermography.no_records')}</Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={translate('app.table.image_of', { n: shown + 1, m: records.length })}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Button startIcon={<ChevronLeftIcon />} disabled={shown === 0} onClick={() => setIndex(shown - 1)}>
              {translate('app.detail.previous_image')}
            </Button>
            <Typography data-testid="record-position">{translate('app.table.image_of', { n: shown + 1, m: records.length })}</Typography>
            <Button endIcon={<ChevronRightIcon />} disabled={shown >= records.length - 1} onClick={() => setIndex(shown + 1)}>
              {translate('app.detail.next_image')}
            </Button>
            <Box sx={{ flexGrow: 1 }} />
            <Typography variant="body2" color="text.secondary">
              {formatTimestamp(record.timestamp)}
            </Typography>
            {may('read-thermography-note') ? <ThermographyReportButton inspection={{ id: record.inspectionId, timestamp: record.timestamp }} asset={{ id: assetId }} /> : null}
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h6" component="h4">
              {record.identification || translate('app.thermography.image_heading', { number: String(record.imageNumber ?? shown + 1) })}
            </Typography>
            <PriorityChip severity={record.severityLevel} />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <Picture
              key={record._id}
              fileId={thermalId}
              title={translate('app.thermography.thermal_image')}
              onZoom={() => setViewing(0)}
              thermal={may('read-thermography-note') && record.thermalImage ? { noteId: record._id, image: record.thermalImage } : undefined}
            />
            <Picture fileId={realId} title={translate('app.thermography.real_image')} onZoom={() => setViewing(thermalId ? 1 : 0)} />
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: 2, mb: 2 }}>
            <Box>
              <Table size="small" aria-label={translate('app.thermography.measurements')}>
                <TableBody>
                  <TableRow>
                    <TableCell component="th" scope="row">
                      {translate('app.thermography.ambient_temperature')}
                    </TableCell>
                    <TableCell>{record.ambientTemperature === null ? '—' : `${record.ambientTemperature} °C`}</TableCell>
                  </TableRow>
                  {record.measurements.map((row) => (
                    <TableRow key={row.k}>
                      <TableCell component="th" scope="row">
                        {row.k}
                      </TableCell>
                      <TableCell>{row.v === null ? '' : String(row.v)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h5">
                {translate('app.thermography.observations')}
              </Typography>
              {record.observations.length ? (
                <Box component="ul" sx={{ mt: 0.5, pl: 3 }}>
                  {record.observations.map((item, at) => (
                    <li key={at}>
                      <Typography variant="body2">{item}</Typography>
                    </li>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.thermography.no_observations')}
                </Typography>
              )}
            </Box>
          </Box>
          {may('read-alert') ? <RecordAlerts key={record._id} record={record} /> : null}
        </Paper>
      )}
      {viewing !== null && images.length > 0 && <ImageViewerDialog images={images} start={Math.min(viewing, images.length - 1)} onClose={() => setViewing(null)} />}
    </Stack>
  );
}
