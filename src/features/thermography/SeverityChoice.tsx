import { Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SuggestedSeverity } from '../../../common/thermography/note';
import { SEVERITY_LEVELS, type Severity } from './noteTypes';

interface SeverityChoiceProps {
  value: Severity | null;
  suggestion: SuggestedSeverity | null | undefined;
  onChange: (value: Severity | null) => void;
  disabled: boolean;
}

/**
 * Severity A–D (spec §9), A the most severe. The server's suggestion from the measured ΔT (NETA
 * bands, docs/thermography.md) is a hint the engineer may take with one tap or override.
 */
export function SeverityChoice({ value, suggestion, onChange, disabled }: SeverityChoiceProps) {
  const translate = useTranslate();
  const suggested = suggestion?.level ?? null;
  const label = translate('app.thermography.severity_level');
  return (
    <Stack spacing={0.5}>
      <Typography variant="subtitle2" component="h4" id="severity-label">
        {label}
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ToggleButtonGroup exclusive value={value} onChange={(_event, next: Severity | null) => onChange(next)} disabled={disabled} aria-label={label} size="small">
          {SEVERITY_LEVELS.map((level) => (
            <ToggleButton key={level} value={level} aria-label={translate('app.thermography.severity_choice', { level })} sx={{ minWidth: 44, fontWeight: 600 }}>
              {level}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {suggested ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" color="text.secondary" data-testid="suggested-severity">
              {translate(suggestion?.basis === 'reference' ? 'app.thermography.suggested_over_reference' : 'app.thermography.suggested_over_ambient', {
                level: suggested,
                delta: suggestion?.deltaT?.toFixed(1) ?? '',
              })}
            </Typography>
            {!disabled && value !== suggested ? (
              <Button size="small" onClick={() => onChange(suggested)}>
                {translate('app.thermography.use_suggestion')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
}
