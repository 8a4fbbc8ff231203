import { Box, Chip } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslate } from 'react-admin';
import { formatTimeOfDay, formatTimestamp, sameDay } from '../../../common/formatTime';
import { useOfflineStatus } from './offlineStatus';

/** "10:42 AM" today, the full timestamp (spec §9) on an earlier day. */
export function savedAtLabel(storedAt: number, now = Date.now()): string {
  return sameDay(storedAt, now) ? formatTimeOfDay(storedAt) : formatTimestamp(storedAt);
}

/**
 * A small chip under the technician app bar's buttons while there is no network, or while screens show this
 * phone's saved copies because the server did not answer: says how old what is shown may be.
 */
export const OfflineStatus = () => {
  const translate = useTranslate();
  const { online, copyShownFrom } = useOfflineStatus();
  if (online && copyShownFrom === null) return null;
  let label = translate('app.offline.offline');
  if (copyShownFrom !== null) {
    label = translate(online ? 'app.offline.server_unreachable_copy' : 'app.offline.offline_copy', { time: savedAtLabel(copyShownFrom) });
  }
  return (
    <Box sx={{ px: { xs: 1, sm: 2 }, pb: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <Chip
        role="status"
        icon={<CloudOffIcon />}
        label={label}
        size="small"
        color="warning"
        variant="outlined"
        sx={{ maxWidth: '100%', height: 'auto', minHeight: 24, '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
      />
    </Box>
  );
};
