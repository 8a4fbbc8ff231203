import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { formatDate, formatTimeOfDay } from '../../../common/formatTime';
import { useTimeZone } from '../../shared/ui/timeZone';
import { useHydrated } from '../../shared/ui/useHydrated';

/**
 * Date and time (spec §9's YYYY/MM/DD, and hh:mm:ss A so a wall board visibly ticks), every second;
 * smaller on a phone, where it shares a row with the connection. In the board's zone where the
 * server drew it (formatTime.ts). Blank lines of the same height until the page is the phone's own
 * (useHydrated): a drawn second is stale by the time it is hydrated.
 */
export const LiveClock = () => {
  const timeZone = useTimeZone();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box component="time" dateTime={hydrated ? new Date(now).toISOString() : undefined} sx={{ textAlign: 'right', display: 'block' }}>
      <Typography variant="h4" component="span" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums', typography: { xs: 'h6', md: 'h4' } }}>
        {hydrated ? formatTimeOfDay(now, timeZone, { seconds: true }) : '\u00a0'}
      </Typography>
      <Typography variant="h6" component="span" color="text.secondary" sx={{ display: 'block', typography: { xs: 'body2', md: 'h6' } }}>
        {hydrated ? formatDate(now, timeZone) : '\u00a0'}
      </Typography>
    </Box>
  );
};
