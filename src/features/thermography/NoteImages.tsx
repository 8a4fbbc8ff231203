import { useRef, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, IconButton, Paper, Stack, ToggleButton, Tooltip, Typography } from '@mui/material';
import BrushIcon from '@mui/icons-material/Brush';
import ClearAllIcon from '@mui/icons-material/ClearAll';
import HistoryIcon from '@mui/icons-material/History';
import UndoIcon from '@mui/icons-material/Undo';
import UploadIcon from '@mui/icons-material/Upload';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import { useTranslate } from 'react-admin';
import { ImageViewerDialog, type ViewerImage } from '../../shared/ui/ImageViewer';
import type { Arrow } from './arrows';
import { fileIdOf } from '../../../common/thermography/note';
import { NotePicture } from './NotePicture';
import { RealImageEditor } from './RealImageEditor';
import type { ThermalImageUpload, ThermographyNote } from './noteTypes';
import { ThermalPicture, type PictureTools } from './ThermalPicture';
import type { ThermalState } from './useThermalReading';
import type { PictureState } from './usePicture';
import { useThermalUpload } from './useThermalUpload';

interface NoteImagesProps {
  note: Pick<ThermographyNote, '_id' | 'thermalImage' | 'realImage' | 'originalRealImage' | 'radiometric'>;
  /** The note's raw picture as read with the parameters on screen (useThermalReading). */
  thermal: ThermalState;
  pictureTools: PictureTools;
  realPicture: PictureState;
  arrows: readonly Arrow[];
  onArrowsChange: (arrows: Arrow[]) => void;
  editable: boolean;
  onThermalUploaded: (upload: ThermalImageUpload) => void;
}

/** `grow`: the card's share of the row beside the other (the thermal picture, where tools are placed, gets more). */
function PictureCard({ title, actions, children, grow = 1 }: { title: string; actions?: ReactNode; children: ReactNode; grow?: number }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: grow, minWidth: 0 }}>
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', mb: 1, minHeight: 40, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle2" component="h4" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <Box sx={{ aspectRatio: '4 / 3', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 2, textAlign: 'center' }}>
      <Typography color="text.secondary" variant="body2">
        {text}
      </Typography>
    </Box>
  );
}

/**
 * The note's thermal and real images side by side (stacked on a phone), each zoomable in the
 * detail's image viewer. The real image is the image editor (spec §4): a painting-mode toggle,
 * red arrows by dragging, undo and clear, and "View original" once an edited picture was saved.
 */
export function NoteImages({ note, thermal, pictureTools, realPicture, arrows, onArrowsChange, editable, onThermalUploaded }: NoteImagesProps) {
  const translate = useTranslate();
  const [painting, setPainting] = useState(false);
  const [showOriginal, setShowOriginal] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { upload, uploading } = useThermalUpload(note._id, onThermalUploaded);

  const thermalId = fileIdOf(note.thermalImage);
  const realId = fileIdOf(note.realImage);
  const originalId = fileIdOf(note.originalRealImage);
  const hasOriginal = originalId !== null && originalId !== realId;
  const viewingOriginal = hasOriginal && showOriginal;
  const thermalTitle = translate('app.thermography.thermal_image');
  const realTitle = translate(viewingOriginal ? 'app.thermography.original_real_image' : 'app.thermography.real_image');

  const viewerImages: ViewerImage[] = [
    ...(thermalId ? [{ fileId: thermalId, caption: thermalTitle }] : []),
    ...(realId ? [{ fileId: realId, caption: translate('app.thermography.real_image') }] : []),
    ...(hasOriginal ? [{ fileId: originalId, caption: translate('app.thermography.original_real_image') }] : []),
  ];
  const zoom = (fileId: string | null, caption: string) =>
    fileId ? (
      <Tooltip title={translate('app.thermography.zoom', { name: caption })}>
        <IconButton size="small" aria-label={translate('app.thermography.zoom', { name: caption })} onClick={() => setViewing(fileId)}>
          <ZoomInIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ) : null;

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <PictureCard
        title={thermalTitle}
        grow={note.radiometric ? 3 : 1}
        actions={
          <>
            {zoom(thermalId, thermalTitle)}
            {editable ? (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/jpeg"
                  hidden
                  aria-label={translate('app.thermography.upload_thermal_image')}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = '';
                    if (file) void upload(file);
                  }}
                />
                <Button
                  size="small"
                  startIcon={uploading ? <CircularProgress size={16} color="inherit" /> : <UploadIcon />}
                  disabled={uploading}
                  onClick={() => fileInput.current?.click()}
                >
                  {translate(uploading ? 'app.thermography.uploading' : 'app.thermography.upload_thermal_image')}
                </Button>
              </>
            ) : null}
          </>
        }
      >
        {thermalId && note.thermalImage && note.radiometric ? (
          <ThermalPicture thermal={thermal} thermalFileId={thermalId} alt={thermalTitle} tools={pictureTools} />
        ) : thermalId ? (
          <NotePicture fileId={thermalId} alt={thermalTitle} />
        ) : (
          <Missing text={translate('app.thermography.no_thermal_image')} />
        )}
      </PictureCard>

      <PictureCard
        title={realTitle}
        grow={note.radiometric ? 2 : 1}
        actions={
          <>
            {zoom(viewingOriginal ? originalId : realId, realTitle)}
            {hasOriginal ? (
              <ToggleButton
                size="small"
                value="original"
                selected={viewingOriginal}
                onChange={() => {
                  setShowOriginal(!showOriginal);
                  setPainting(false);
                }}
                sx={{ border: 0, gap: 0.5, textTransform: 'none' }}
              >
                <HistoryIcon fontSize="small" />
                {translate('app.thermography.view_original')}
              </ToggleButton>
            ) : null}
            {editable && realId && !viewingOriginal ? (
              <>
                <ToggleButton
                  size="small"
                  value="paint"
                  selected={painting}
                  onChange={() => setPainting(!painting)}
                  sx={{ border: 0, gap: 0.5, textTransform: 'none' }}
                >
                  <BrushIcon fontSize="small" />
                  {translate('app.thermography.painting_mode')}
                </ToggleButton>
                <Tooltip title={translate('app.thermography.undo_arrow')}>
                  <span>
                    <IconButton size="small" aria-label={translate('app.thermography.undo_arrow')} disabled={arrows.length === 0} onClick={() => onArrowsChange(arrows.slice(0, -1))}>
                      <UndoIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
                <Tooltip title={translate('app.thermography.clear_arrows')}>
                  <span>
                    <IconButton size="small" aria-label={translate('app.thermography.clear_arrows')} disabled={arrows.length === 0} onClick={() => onArrowsChange([])}>
                      <ClearAllIcon fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </>
            ) : null}
          </>
        }
      >
        {viewingOriginal ? (
          <NotePicture fileId={originalId} alt={realTitle} />
        ) : realId ? (
          <RealImageEditor picture={realPicture} arrows={arrows} painting={painting && editable} onArrow={(arrow) => onArrowsChange([...arrows, arrow])} label={realTitle} />
        ) : (
          <Missing text={translate('app.thermography.no_real_image')} />
        )}
        {painting && editable && !viewingOriginal ? (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {translate('app.thermography.painting_hint')}
          </Typography>
        ) : null}
      </PictureCard>

      {viewing !== null && (
        <ImageViewerDialog images={viewerImages} start={Math.max(0, viewerImages.findIndex((image) => image.fileId === viewing))} onClose={() => setViewing(null)} />
      )}
    </Stack>
  );
}
