import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { formatDate, formatTimeOfDay } from '../../../common/formatTime';
import { useTimeZone } from '../../shared/ui/timeZone';

/**
 * Date and time (spec §9's YYYY/MM/DD, and hh:mm:ss A so a wall board visibly ticks), every second;
 * smaller on a phone, where it shares a row with the connection. In the board's zone where the
 * server drew it (formatTime.ts).
 */
export const LiveClock = () => {
  const timeZone = useTimeZone();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box component="time" dateTime={new Date(now).toISOString()} sx={{ textAlign: 'right', display: 'block' }}>
      <Typography variant="h4" component="span" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums', typography: { xs: 'h6', md: 'h4' } }}>
        {formatTimeOfDay(now, timeZone, { seconds: true })}
      </Typography>
      <Typography variant="h6" component="span" color="text.secondary" sx={{ display: 'block', typography: { xs: 'body2', md: 'h6' } }}>
        {formatDate(now, timeZone)}
      </Typography>
    </Box>
  );
};
