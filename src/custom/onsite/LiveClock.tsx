import { useEffect, useState } from 'react';
import { Box, Typography } from '@mui/material';
import { formatClockDate, formatClockTime } from './clockFormat';

/** Date and time, ticking every second; smaller on a phone, where it shares a row with the connection. */
export const LiveClock = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Box component="time" dateTime={now.toISOString()} sx={{ textAlign: 'right', display: 'block' }}>
      <Typography variant="h4" component="span" sx={{ display: 'block', fontVariantNumeric: 'tabular-nums', typography: { xs: 'h6', md: 'h4' } }}>
        {formatClockTime(now)}
      </Typography>
      <Typography variant="h6" component="span" color="text.secondary" sx={{ display: 'block', typography: { xs: 'body2', md: 'h6' } }}>
        {formatClockDate(now)}
      </Typography>
    </Box>
  );
};
