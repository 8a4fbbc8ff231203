import { Box, Button, Stack, ToggleButton, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import type { ChecklistOption } from '../../../../common/resources/asset';
import type { InspectChecklist } from './inspectTypes';

interface ChecklistPickerProps {
  checklists: readonly InspectChecklist[];
  options: readonly ChecklistOption[];
  selected: readonly string[];
  onToggle: (checklistId: string) => void;
  onSelect: (checklistIds: string[]) => void;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Which checklists to fill in: the asset's checklistOptions as buttons, each selecting its set of
 * checklists (labelled by btnName, or its name), then one toggle per checklist (several may be on).
 */
export const ChecklistPicker = ({ checklists, options, selected, onToggle, onSelect }: ChecklistPickerProps) => {
  const translate = useTranslate();
  const known = new Set(checklists.map((checklist) => checklist._id));
  const usable = options
    .map((option) => ({ label: option.btnName.trim() || option.name, ids: option.checklistIds.filter((id) => known.has(id)) }))
    .filter((option) => option.ids.length > 0);

  return (
    <Stack spacing={1.5}>
      {usable.length ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {usable.map((option) => (
            <Button
              key={option.label}
              variant={sameSet(option.ids, selected) ? 'contained' : 'outlined'}
              aria-pressed={sameSet(option.ids, selected)}
              onClick={() => onSelect(option.ids)}
              sx={{ minHeight: 48 }}
            >
              {option.label}
            </Button>
          ))}
        </Box>
      ) : null}
      <Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
          {translate('app.inspection.checklists')}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {checklists.map((checklist) => {
            const on = selected.includes(checklist._id);
            return (
              <ToggleButton
                key={checklist._id}
                value={checklist._id}
                selected={on}
                onChange={() => onToggle(checklist._id)}
                sx={{
                  minHeight: 48,
                  px: 2,
                  gap: 1,
                  textTransform: 'none',
                  fontSize: '0.9375rem',
                  border: 1,
                  borderColor: 'divider',
                  borderRadius: '24px !important',
                  color: 'text.primary',
                  // Selected must read at a glance in a dim plant room: filled, with a tick.
                  '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' },
                }}
              >
                {on ? <CheckIcon fontSize="small" aria-hidden /> : null}
                {checklist.name}
              </ToggleButton>
            );
          })}
        </Box>
      </Box>
    </Stack>
  );
};
