import './zxingWasm';
import { useCallback, useRef } from 'react';
import { Scanner, type IDetectedBarcode, type IScannerError, type IScannerHandle } from '@yudiel/react-qr-scanner';
import { Box, Button } from '@mui/material';
import FlashOnIcon from '@mui/icons-material/FlashOn';
import FlashOffIcon from '@mui/icons-material/FlashOff';
import { useTranslate } from 'react-admin';
import { useTorch } from './useTorch';

/*
 * The back camera when there is one. Sizes are only 'ideal': the library's default minimum
 * (640×640) makes cameras that cannot meet it fail with OverconstrainedError instead of scanning.
 * A module constant, because a new object each render would restart the camera.
 */
const CONSTRAINTS: MediaTrackConstraints = { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } };
const FORMATS: BarcodeFormat[] = ['qr_code'];
// The library's own torch button is unlabelled for us; ours says 'Toggle Flash' (spec §2.3).
const COMPONENTS = { finder: true, torch: false, onOff: false, zoom: false };
/** While a code stays in view it is reported again this often, so a wrong label keeps its hint up. */
const REPEAT_MS = 1000;

interface CameraScannerProps {
  /** The texts of the codes in one frame. */
  onCodes: (texts: string[]) => void;
  onProblem: (error: IScannerError) => void;
}

/** The live camera picture with its finder, decoding QR codes, and Toggle Flash where a torch exists. */
export const CameraScanner = ({ onCodes, onProblem }: CameraScannerProps) => {
  const translate = useTranslate();
  const scanner = useRef<IScannerHandle>(null);
  const torch = useTorch(scanner);
  const handleScan = useCallback(
    (codes: IDetectedBarcode[]) => onCodes(codes.map((code) => code.rawValue)),
    [onCodes],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box
        data-testid="camera"
        sx={{ width: '100%', maxWidth: 480, mx: 'auto', aspectRatio: '1 / 1', borderRadius: 2, overflow: 'hidden', bgcolor: 'common.black' }}
      >
        <Scanner
          ref={scanner}
          onScan={handleScan}
          onError={onProblem}
          constraints={CONSTRAINTS}
          formats={FORMATS}
          components={COMPONENTS}
          allowMultiple
          scanDelay={REPEAT_MS}
          // A beep in a noisy plant room helps little, and the data: audio would break our CSP.
          sound={false}
        />
      </Box>
      {torch.supported && (
        <Button
          variant="outlined"
          size="large"
          onClick={() => void torch.toggle()}
          aria-pressed={torch.on}
          startIcon={torch.on ? <FlashOffIcon /> : <FlashOnIcon />}
          sx={{ minHeight: 48, alignSelf: 'center' }}
        >
          {translate('app.scanner.toggle_flash')}
        </Button>
      )}
    </Box>
  );
};
