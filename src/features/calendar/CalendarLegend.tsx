import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { cssColorOrNone } from '../../../common/cssColor';
import type { CalendarLegendItem } from './calendarConfig';

/** The config's legend (spec §2.7; served from the coloured entry types when the config has none): a swatch and its meaning for each item. */
export function CalendarLegend({ items }: { items: readonly CalendarLegendItem[] }) {
  const translate = useTranslate();
  if (items.length === 0) return null;
  return (
    <Stack component="ul" direction="row" aria-label={translate('app.calendar.legend')} useFlexGap spacing={2} sx={{ flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
      {items.map((item) => (
        <Stack component="li" key={item.label} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: '3px', bgcolor: cssColorOrNone(item.color) ?? 'transparent', border: 1, borderColor: 'divider' }} />
          <Typography variant="body2">{item.label}</Typography>
        </Stack>
      ))}
    </Stack>
  );
}
