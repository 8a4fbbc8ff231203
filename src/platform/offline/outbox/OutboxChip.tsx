import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Box, Chip } from '@mui/material';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';
import { useSessionUser } from '../../authProvider/useSession';
import { startOutboxReplays } from './outboxService';
import { useOutboxItems } from './useOutboxItems';

export const OUTBOX_PATH = '/inspection/outbox';

/**
 * The technician app bar's "3 waiting to send" (docs/offline.md): shown while the signed-in user
 * has unsent items, opening the queue. Mounted for the whole technician area, it also starts the
 * outbox's replays (online, focus, start, timer).
 */
export const OutboxChip = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  const items = useOutboxItems(user?._id);

  useEffect(() => startOutboxReplays(), []);

  const refused = items?.filter((item) => item.state === 'refused').length ?? 0;
  const waiting = (items?.length ?? 0) - refused;
  if (waiting === 0 && refused === 0) return null;
  const parts = [
    ...(waiting > 0 ? [translate('app.outbox.chip_waiting', { smart_count: waiting })] : []),
    ...(refused > 0 ? [translate('app.outbox.chip_refused', { smart_count: refused })] : []),
  ];
  const label = parts.join(', ');
  return (
    <Chip
      component={Link}
      to={OUTBOX_PATH}
      clickable
      aria-label={label}
      color={refused > 0 ? 'error' : 'warning'}
      icon={refused > 0 ? <ErrorOutlineIcon /> : <CloudUploadIcon />}
      label={
        <>
          {/* On a phone the bar has room for the number only; the link's name says it all. */}
          <Box component="span" aria-hidden="true" sx={{ display: { xs: 'inline', sm: 'none' } }}>
            {waiting + refused}
          </Box>
          <Box component="span" aria-hidden="true" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {label}
          </Box>
        </>
      }
      sx={{ minHeight: 40, mx: 0.5, flexShrink: 0 }}
    />
  );
};
