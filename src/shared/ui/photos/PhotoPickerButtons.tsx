import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ImageIcon from '@mui/icons-material/Image';
import { useTranslate } from 'react-admin';

interface PickerButtonProps {
  label: string;
  icon: ReactNode;
  /** Opens the rear camera rather than the gallery. */
  capture?: boolean;
  error: boolean;
  disabled: boolean;
  onPick: (file: File) => void;
}

/** A plain button that opens its own hidden file input beside it (axe: no control nested in another). */
const PickerButton = ({ label, icon, capture = false, error, disabled, onPick }: PickerButtonProps) => {
  const input = useRef<HTMLInputElement>(null);
  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once: the same photo chosen again is a change too.
    event.target.value = '';
    if (file) onPick(file);
  };
  return (
    <>
      <Button variant="outlined" color={error ? 'error' : 'primary'} startIcon={icon} disabled={disabled} onClick={() => input.current?.click()} sx={{ minHeight: 48 }}>
        {label}
      </Button>
      {/*
        `hidden`: out of the layout, the tab order and the accessibility tree, so nothing lies over the
        buttons — an input kept in the layout but transparent took the taps meant for them (issue 40).
      */}
      <input ref={input} type="file" accept="image/*" {...(capture ? { capture: 'environment' } : {})} onChange={picked} hidden aria-label={label} />
    </>
  );
};

interface PhotoPickerButtonsProps {
  onPick: (file: File) => void;
  /** A photo is on its way up: the buttons wait, and 'Uploading photo…' says why. */
  uploading: boolean;
  disabled?: boolean;
  error?: boolean;
}

/**
 * Take photo (the rear camera, capture="environment") and Choose file (the gallery or files), each
 * a plain button opening its own hidden file input, with the upload's progress beside them.
 */
export function PhotoPickerButtons({ onPick, uploading, disabled = false, error = false }: PhotoPickerButtonsProps) {
  const translate = useTranslate();
  const off = disabled || uploading;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
      <PickerButton label={translate('app.inspection.take_photo')} icon={<PhotoCameraIcon />} capture error={error} disabled={off} onPick={onPick} />
      <PickerButton label={translate('app.inspection.choose_file')} icon={<ImageIcon />} error={error} disabled={off} onPick={onPick} />
      {uploading ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography variant="body2">{translate('app.inspection.uploading')}</Typography>
        </Stack>
      ) : null}
    </Stack>
  );
}
