import { Box, Button, FormControlLabel, Radio, RadioGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ValueInputProps } from './valueInputProps';

/** Real radio buttons inside large bordered rows (gloves), with Clear since a radio cannot be unticked. */
export const RadioValueInput = ({ attribute, value, onChange, labelId, describedBy, error, required }: ValueInputProps) => {
  const translate = useTranslate();
  const chosen = typeof value === 'string' ? value : '';
  return (
    <Box>
      <RadioGroup
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        aria-required={required}
        sx={{ flexDirection: 'row', flexWrap: 'wrap', gap: 1 }}
      >
        {attribute.options.values.map((option) => (
          <FormControlLabel
            key={option}
            value={option}
            control={<Radio color={error ? 'error' : 'primary'} />}
            label={option}
            sx={{
              m: 0,
              pr: 2,
              minHeight: 48,
              border: 1,
              borderRadius: 1,
              borderColor: option === chosen ? 'primary.main' : error ? 'error.main' : 'divider',
            }}
          />
        ))}
      </RadioGroup>
      {chosen ? (
        <Button size="small" onClick={() => onChange(null)} sx={{ mt: 0.5 }}>
          {translate('app.inspection.clear')}
        </Button>
      ) : null}
    </Box>
  );
};
