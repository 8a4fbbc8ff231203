import { Box, Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isCssColor } from '../../../../../common/cssColor';
import type { ValueInputProps } from './valueInputProps';

/** Plant-room colour words that CSS does not know. */
const COLOUR_ALIASES: Record<string, string> = { amber: '#ffbf00' };

/** The CSS colour an option value paints as, or null when it names none (then only its text shows). */
export function swatchColour(value: string): string | null {
  const alias = COLOUR_ALIASES[value.trim().toLowerCase()];
  if (alias) return alias;
  // The browser's own parser where there is one; a screen drawn on the server (src/platform/firstScreen/) uses the shared CSS colour check.
  const supports = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' ? CSS.supports('color', value) : isCssColor(value);
  return supports ? value : null;
}

const Swatch = ({ colour }: { colour: string | null }) =>
  colour ? <Box aria-hidden sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: colour, border: 1, borderColor: 'grey.500', flexShrink: 0 }} /> : null;

/**
 * With options: one swatch button per option value (the word is shown too: a colour alone is not
 * enough for everyone); tapping the chosen one clears it. Without options: the browser's colour
 * picker, which answers #rrggbb; until something is picked the value is not set.
 */
export const ColorValueInput = ({ attribute, value, onChange, labelId, describedBy, error }: ValueInputProps) => {
  const translate = useTranslate();
  const chosen = typeof value === 'string' ? value : null;
  if (attribute.options.values.length > 0) {
    return (
      <ToggleButtonGroup
        exclusive
        value={chosen}
        onChange={(_, next: string | null) => onChange(next)}
        aria-describedby={describedBy}
        color={error ? 'error' : 'primary'}
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiToggleButton-root': { minHeight: 48, gap: 1, textTransform: 'none', fontSize: '1rem', border: 1, borderColor: 'divider', borderRadius: '4px !important' } }}
      >
        {attribute.options.values.map((option) => (
          <ToggleButton key={option} value={option}>
            <Swatch colour={swatchColour(option)} />
            {option}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    );
  }
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box
        component="input"
        type="color"
        value={chosen ?? '#000000'}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        sx={{ width: 64, height: 48, p: 0, border: 1, borderColor: error ? 'error.main' : 'divider', borderRadius: 1, bgcolor: 'transparent' }}
      />
      <Typography color={chosen ? 'text.primary' : 'text.secondary'}>{chosen ?? translate('app.inspection.not_set')}</Typography>
      {chosen ? <Button onClick={() => onChange(null)}>{translate('app.inspection.clear')}</Button> : null}
    </Stack>
  );
};
