import { Box, IconButton } from '@mui/material';
import SettingsIcon from '@mui/icons-material/Settings';
import { useTranslate } from 'react-admin';
import { formatTimeOfDay } from '../../../common/formatTime';
import type { CalendarEvent } from '../../shared/ui/calendar';
import type { CalendarEntry } from './calendarConfig';

interface CalendarEntryEventProps {
  event: CalendarEvent<CalendarEntry>;
  onEdit: (entry: CalendarEntry) => void;
}

/** An entry as drawn in the calendar: its time (timed ones), its title and the edit cog (spec §2.7). */
export function CalendarEntryEvent({ event, onEdit }: CalendarEntryEventProps) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0, width: '100%', px: 0.5, overflow: 'hidden' }}>
      <Box component="span" sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {!event.allDay && <b>{formatTimeOfDay(event.start)} </b>}
        {event.title}
      </Box>
      <IconButton
        size="small"
        aria-label={translate('app.calendar.edit_entry', { title: event.title })}
        data-edit-cog
        onClick={(click) => {
          // The event's own click would open the same dialog: one opening is enough.
          click.stopPropagation();
          onEdit(event.data);
        }}
        sx={{ color: 'inherit', p: 0.25, flexShrink: 0 }}
      >
        <SettingsIcon sx={{ fontSize: 14 }} />
      </IconButton>
    </Box>
  );
}
