import type { ReactNode } from 'react';
import { Box, Button, IconButton, ToggleButton, ToggleButtonGroup, Tooltip, Typography } from '@mui/material';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { useTranslate } from 'react-admin';
import type { CalendarViewName } from './types';

/** 'month': Previous Month / Next Month (the schedule, spec §2.6); 'full': Today, ‹ ›, and the view switch (spec §2.8). */
export type CalendarToolbarVariant = 'month' | 'full';

const VIEW_LABELS: Record<CalendarViewName, string> = {
  month: 'app.event_calendar.view_month',
  week: 'app.event_calendar.view_week',
  day: 'app.event_calendar.view_day',
  fourDays: 'app.event_calendar.view_four_days',
};

interface CalendarToolbarProps {
  variant: CalendarToolbarVariant;
  /** The heading: month and year in the month view (spec §9). */
  title: string;
  views: readonly CalendarViewName[];
  view: CalendarViewName;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: CalendarViewName) => void;
  /** The screen's own controls (Add item, filters), at the end of the bar. */
  extras?: ReactNode;
}

/** The calendar's header in MUI controls, so it looks like the rest of the app. */
export function CalendarToolbar({ variant, title, views, view, onPrevious, onNext, onToday, onView, extras }: CalendarToolbarProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
      {variant === 'month' ? (
        <>
          <Button variant="outlined" size="small" startIcon={<ChevronLeftIcon />} onClick={onPrevious}>
            {translate('app.event_calendar.previous_month')}
          </Button>
          <Button variant="outlined" size="small" endIcon={<ChevronRightIcon />} onClick={onNext}>
            {translate('app.event_calendar.next_month')}
          </Button>
        </>
      ) : (
        <>
          <Button variant="outlined" size="small" onClick={onToday}>
            {translate('app.event_calendar.today')}
          </Button>
          <Tooltip title={translate('app.event_calendar.previous')}>
            <IconButton size="small" aria-label={translate('app.event_calendar.previous')} onClick={onPrevious}>
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={translate('app.event_calendar.next')}>
            <IconButton size="small" aria-label={translate('app.event_calendar.next')} onClick={onNext}>
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
        </>
      )}
      <Typography variant="h6" component="h2" sx={{ mx: 1, minWidth: 150 }} aria-live="polite">
        {title}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      {extras}
      {variant === 'full' && views.length > 1 && (
        <ToggleButtonGroup size="small" exclusive value={view} onChange={(_event, next: CalendarViewName | null) => next && onView(next)}>
          {views.map((name) => (
            <ToggleButton key={name} value={name}>
              {translate(VIEW_LABELS[name])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
    </Box>
  );
}
