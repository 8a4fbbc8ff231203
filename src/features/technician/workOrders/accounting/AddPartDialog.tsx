import { Suspense, useCallback, useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslate } from 'react-admin';
import { parsePartLabel } from '../../../../../common/resources/partLabel';
import { MAX_PART_QUANTITY, type PartChoice } from '../../../../../common/resources/workAccounting';
import { apiQuery } from '../../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../../platform/dataProvider/useApiQuery';
import { isOffline } from '../../../../platform/offline/serverReach';
import { errorMessageOf } from '../../../../shared/ui/errorMessageOf';
import { lazyWithTimeout } from '../../../../shared/ui/lazyWithTimeout';
import { useDebouncedValue } from '../../../../shared/ui/useDebouncedValue';
import type { ChosenPart } from '../useWorkOrderActions';

// The asset scanner's camera (src/features/technician/scanner), with the code reader's wasm: loaded when Scan is pressed.
const CameraScanner = lazyWithTimeout('CameraScanner', () => import('../../scanner/CameraScanner').then((module) => module.CameraScanner));

/** Typing pauses this long before the stores are asked. */
const SEARCH_PAUSE_MS = 300;

/** GET /workOrder/parts?search= — offline, the phone's catalogue answers by the same rule (docs/offline.md). */
const partChoicesQuery = (search: string) => apiQuery<PartChoice[]>('/workOrder/parts', { query: { search }, offline: true });

function quantityOf(text: string): number | null {
  const quantity = Number(text.trim());
  return /^\d+$/.test(text.trim()) && quantity >= 1 && quantity <= MAX_PART_QUANTITY ? quantity : null;
}

interface Props {
  onClose: () => void;
  /** Resolves true once recorded (or kept on the phone); `onRefused` is told the server's message. */
  onAdd: (part: ChosenPart, quantity: number, onRefused: (message: string) => void) => Promise<boolean>;
}

/**
 * 'Add part' (DESIGN §18): find the part by its number or name — or scan its QR label with the
 * camera (the label holds the part number, or a URL ending in it: docs/qr-labels.md) — choose how
 * many, Add. The stock shown is the stores' when the list was read; the server takes the quantity
 * from it and refuses more than it holds, and that refusal is shown here.
 */
export function AddPartDialog({ onClose, onAdd }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [scanning, setScanning] = useState(false);
  /** A part number read from a label: chosen as soon as the list holds it. */
  const [scanned, setScanned] = useState<string | null>(null);
  const [hint, setHint] = useState<string | null>(null);
  /** The part tapped in the list. */
  const [picked, setPicked] = useState<PartChoice | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_PAUSE_MS);
  const wanted = scanned ?? settledSearch;
  // While a new search is on its way the last list stays: the parts do not blink away under a finger.
  const { data, error, isFetching } = useApiQuery({ ...partChoicesQuery(wanted), placeholderData: (previous) => previous });
  const choices = data ?? [];
  const quantity = quantityOf(quantityText);

  // A scanned label chooses its part once the list holds it; a number no part has is said.
  const scanSettled = scanned !== null && data !== undefined && !isFetching;
  const scannedPart = scanSettled ? data.find((part) => part.partNumber.toLowerCase() === scanned.toLowerCase()) : undefined;
  const chosen = picked ?? scannedPart ?? null;
  const shownHint = hint ?? (scanSettled && !scannedPart ? translate('app.technician.work_order.part_label_unknown', { partNumber: scanned }) : null);

  const onCodes = useCallback(
    (texts: string[]) => {
      const labels = texts.map(parsePartLabel);
      const part = labels.find((label) => label.kind === 'part');
      if (part) {
        setScanning(false);
        setHint(null);
        setPicked(null);
        setSearch(part.partNumber);
        setScanned(part.partNumber);
      } else if (labels.some((label) => label.kind === 'asset')) setHint(translate('app.technician.work_order.not_part_label'));
    },
    [translate],
  );
  const onCameraProblem = useCallback(() => {
    setScanning(false);
    setHint(translate('app.technician.work_order.part_camera_failed'));
  }, [translate]);

  const add = async () => {
    if (!chosen || quantity === null) return;
    setSaving(true);
    setRefusal(null);
    const done = await onAdd({ _id: chosen._id, partNumber: chosen.partNumber, name: chosen.name }, quantity, setRefusal);
    setSaving(false);
    if (done) onClose();
  };

  const stockText = (part: PartChoice) =>
    [
      part.quantityOnHand === null ? translate('app.technician.work_order.part_not_counted') : translate('app.technician.work_order.part_in_stock', { count: part.quantityOnHand }),
      part.location,
    ]
      .filter(Boolean)
      .join(' · ');

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>{translate('app.technician.work_order.add_part_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label={translate('app.technician.work_order.part_search')}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setScanned(null);
                setHint(null);
                setPicked(null);
              }}
              slotProps={{ htmlInput: { enterKeyHint: 'search', autoComplete: 'off' } }}
              sx={{ flex: 1 }}
            />
            <Button variant={scanning ? 'contained' : 'outlined'} onClick={() => setScanning((on) => !on)} startIcon={<QrCodeScannerIcon />} aria-pressed={scanning} sx={{ minHeight: 56, flexShrink: 0 }}>
              {translate('app.technician.work_order.scan_part')}
            </Button>
          </Stack>
          {scanning && (
            <Suspense fallback={<CircularProgress size={24} />}>
              <CameraScanner onCodes={onCodes} onProblem={onCameraProblem} />
            </Suspense>
          )}
          {/* Always there, so a hint is announced when it appears; empty, it takes no room between the fields. */}
          <Box role="status" aria-live="polite" sx={shownHint ? undefined : { '&&': { mt: 0 } }}>
            {shownHint && <Alert severity="info">{shownHint}</Alert>}
          </Box>
          {isOffline() && <Typography variant="body2" color="text.secondary">{translate('app.technician.work_order.parts_offline')}</Typography>}
          {error && <Alert severity="error">{errorMessageOf(error, translate)}</Alert>}
          {!data && isFetching && <CircularProgress size={24} aria-label={translate('app.technician.work_order.parts_loading')} />}
          {data && !isFetching && choices.length === 0 && (
            <Typography color="text.secondary">{translate('app.technician.work_order.parts_none_found', { search: wanted })}</Typography>
          )}
          {choices.length > 0 && (
            <List disablePadding aria-label={translate('app.technician.work_order.part_choices')} sx={{ maxHeight: phone ? 'none' : 320, overflowY: 'auto' }}>
              {choices.map((part) => (
                <ListItemButton
                  key={part._id}
                  selected={chosen?._id === part._id}
                  aria-pressed={chosen?._id === part._id}
                  onClick={() => {
                    setPicked(part);
                    setRefusal(null);
                  }}
                  divider
                  sx={{ minHeight: 56 }}
                >
                  <ListItemText primary={`${part.partNumber} · ${part.name}`} secondary={stockText(part)} />
                </ListItemButton>
              ))}
            </List>
          )}
          {chosen && (
            <TextField
              label={translate('app.technician.work_order.quantity')}
              value={quantityText}
              onChange={(event) => {
                setQuantityText(event.target.value);
                setRefusal(null);
              }}
              error={quantity === null}
              helperText={
                quantity === null
                  ? translate('app.technician.work_order.quantity_invalid', { max: MAX_PART_QUANTITY })
                  : translate('app.technician.work_order.quantity_of', { part: `${chosen.partNumber} · ${chosen.name}` })
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          )}
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void add()} disabled={saving || !chosen || quantity === null} sx={{ minHeight: 48 }}>
          {translate('app.technician.work_order.part_add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
