import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { IScannerError } from '@yudiel/react-qr-scanner';
import { parseAssetQrPayload } from '../../../../common/resources/asset';
import { assetInspectPath } from '../assetInspectPath';
import { CameraScanner } from './CameraScanner';
import { cameraProblemOf, type CameraProblem } from './cameraProblem';
import { ManualEntry } from './ManualEntry';

/** How long 'Not an asset label' stays after the last foreign code was seen. */
const HINT_MS = 2500;

/**
 * The QR scanner (spec §2.3, §5): a code carrying the ASSET_ID prefix opens the asset's inspect view;
 * any other code is ignored, with a short hint so the technician knows the camera did read it.
 */
export const ScannerPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  // A new attempt remounts the camera, which asks for it again.
  const [attempt, setAttempt] = useState(0);
  const [foreignCode, setForeignCode] = useState(false);
  const hintTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Codes keep arriving while the label is in view: open the asset once.
  const opened = useRef(false);

  useEffect(() => () => clearTimeout(hintTimer.current), []);

  const open = useCallback(
    (identification: string) => {
      if (opened.current) return;
      opened.current = true;
      navigate(assetInspectPath(identification));
    },
    [navigate],
  );

  const handleCodes = useCallback(
    (texts: string[]) => {
      const identification = texts.map(parseAssetQrPayload).find((found) => found !== null);
      if (identification) {
        open(identification);
        return;
      }
      setForeignCode(true);
      clearTimeout(hintTimer.current);
      hintTimer.current = setTimeout(() => setForeignCode(false), HINT_MS);
    },
    [open],
  );

  const handleProblem = useCallback((error: IScannerError) => setProblem(cameraProblemOf(error)), []);

  const retry = () => {
    setProblem(null);
    setAttempt((count) => count + 1);
  };

  return (
    <Stack spacing={2} sx={{ maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {translate('app.scanner.title')}
      </Typography>
      {problem ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="large" onClick={retry}>
              {translate('app.scanner.retry')}
            </Button>
          }
        >
          {translate(`app.scanner.${problem}`)}
        </Alert>
      ) : (
        <CameraScanner key={attempt} onCodes={handleCodes} onProblem={handleProblem} />
      )}
      {/* Always in the page so screen readers announce the hint when it appears. */}
      <Box role="status" aria-live="polite" sx={{ minHeight: problem ? 0 : 48 }}>
        {foreignCode ? (
          <Alert severity="info" variant="filled">
            {translate('app.scanner.not_asset_label')}
          </Alert>
        ) : (
          !problem && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', pt: 1 }}>
              {translate('app.scanner.aim_hint')}
            </Typography>
          )
        )}
      </Box>
      <Divider />
      <ManualEntry onOpen={open} />
    </Stack>
  );
};
