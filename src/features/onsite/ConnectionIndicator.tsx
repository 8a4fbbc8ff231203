import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { usePushConnection } from '../../platform/realtime/usePushConnection';

/** A drop shorter than this (a reconnect, the first connection) is not worth alarming a wall board. */
export const OFFLINE_AFTER_MS = 3000;

/**
 * Whether live pushes are arriving (DESIGN §6, §9): a green 'Live', or — once the socket has been
 * down for a few seconds — a red, pulsing 'Not receiving updates' that says what it means.
 */
export function ConnectionIndicator() {
  const translate = useTranslate();
  const connection = usePushConnection();
  const [offline, setOffline] = useState(false);
  // Back online: forget the last outage (adjusted while rendering, not in an effect).
  if (connection === 'connected' && offline) setOffline(false);
  useEffect(() => {
    if (connection === 'connected') return;
    const timer = setTimeout(() => setOffline(true), OFFLINE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [connection]);

  const live = connection === 'connected';
  const color = live ? 'success.main' : offline ? 'error.main' : 'text.disabled';
  return (
    <Box
      role="status"
      aria-label={translate('app.onsite.connection')}
      aria-live="polite"
      title={translate(live ? 'app.onsite.live_hint' : 'app.onsite.offline_hint')}
      data-connection={live ? 'live' : offline ? 'offline' : 'connecting'}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 0.75,
        borderRadius: 2,
        border: 1,
        borderColor: color,
        bgcolor: offline ? 'rgba(244, 67, 54, 0.15)' : 'transparent',
      }}
    >
      <Box
        sx={{
          width: 14,
          height: 14,
          borderRadius: '50%',
          bgcolor: color,
          flexShrink: 0,
          '@keyframes onsitePulse': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.3 } },
          animation: offline ? 'onsitePulse 1.2s ease-in-out infinite' : 'none',
        }}
      />
      <Box>
        <Typography variant="h6" component="span" sx={{ display: 'block', lineHeight: 1.2, color: offline ? 'error.light' : 'text.primary' }}>
          {translate(live ? 'app.onsite.live' : offline ? 'app.onsite.offline' : 'app.onsite.connecting')}
        </Typography>
        {offline && (
          <Typography variant="body2" component="span" color="text.secondary" sx={{ display: { xs: 'none', md: 'block' }, maxWidth: 320 }}>
            {translate('app.onsite.offline_hint')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
