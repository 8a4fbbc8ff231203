import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ValueInputProps } from './valueInputProps';

/** Yes / No as two large toggle buttons; tapping the chosen one again clears it. */
export const BooleanValueInput = ({ value, onChange, describedBy, error }: ValueInputProps) => {
  const translate = useTranslate();
  return (
    <ToggleButtonGroup
      exclusive
      value={typeof value === 'boolean' ? String(value) : null}
      onChange={(_, next: string | null) => onChange(next === null ? null : next === 'true')}
      aria-describedby={describedBy}
      color={error ? 'error' : 'primary'}
      sx={{ '& .MuiToggleButton-root': { minWidth: 96, minHeight: 48, fontSize: '1rem' } }}
    >
      <ToggleButton value="true">{translate('app.inspection.yes')}</ToggleButton>
      <ToggleButton value="false">{translate('app.inspection.no')}</ToggleButton>
    </ToggleButtonGroup>
  );
};
