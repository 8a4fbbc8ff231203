import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useRelatedList } from '../mechanism/useRelatedList';

interface AlertLevel {
  id: string;
  name: string;
  color: string;
}

const NONE = '';

function Swatch({ color }: { color: string }) {
  return <Box component="span" sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'divider', flexShrink: 0 }} />;
}

/**
 * The alert level a threshold raises (DESIGN §5), each shown with its colour; none chosen means
 * the most severe level.
 */
export function AlertLevelSelect({ value, onChange, label }: { value: string | null | undefined; onChange: (level: string | null) => void; label: string }) {
  const translate = useTranslate();
  const levels = useRelatedList<AlertLevel>('alertLevel');
  const known = levels.some((level) => level.id === value);
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      sx={{ width: 220 }}
      value={known ? value : NONE}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      onChange={(event) => onChange(event.target.value === NONE ? null : event.target.value)}
    >
      <MenuItem value={NONE}>
        <em>{translate('app.checklist.fields.most_severe_level')}</em>
      </MenuItem>
      {levels.map((level) => (
        <MenuItem key={level.id} value={level.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Swatch color={level.color} />
            <span>{level.name}</span>
          </Stack>
        </MenuItem>
      ))}
    </TextField>
  );
}
