import { Button, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { SuggestedSeverity } from '../../../common/thermography/note';
import { MIN_LOAD_PERCENT } from '../../../common/thermography/suggestedSeverity';
import { SEVERITY_LEVELS, type Severity } from './noteTypes';

/** What the suggestion was read from, in words: the tool or the hottest spot, over what, by which criterion. */
function suggestionText(suggestion: SuggestedSeverity, translate: (key: string, options?: Record<string, unknown>) => string): string {
  const values = { level: suggestion.level, delta: suggestion.deltaT?.toFixed(1) ?? '', from: suggestion.from ?? '', to: suggestion.to ?? '' };
  const byTool = suggestion.source === 'tools' && suggestion.from !== null;
  let key = suggestion.basis === 'reference' ? 'app.thermography.suggested_over_reference' : 'app.thermography.suggested_over_ambient';
  if (byTool && suggestion.basis === 'similar') key = 'app.thermography.suggested_tool_over_tool';
  else if (byTool) key = suggestion.basis === 'reference' ? 'app.thermography.suggested_tool_over_reference' : 'app.thermography.suggested_tool_over_ambient';
  const by = suggestion.criterionName ? ` · ${translate('app.thermography.suggested_by', { criterion: suggestion.criterionName })}` : '';
  return `${translate(key, values)}${by}`;
}

interface SeverityChoiceProps {
  value: Severity | null;
  suggestion: SuggestedSeverity | null | undefined;
  onChange: (value: Severity | null) => void;
  disabled: boolean;
}

/**
 * Severity A–D (spec §9), A the most severe. The server's suggestion from the measured ΔT under the
 * note's criterion (docs/thermography.md) is a hint the engineer may take with one tap or override.
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
              {suggestionText(suggestion!, translate)}
            </Typography>
            {!disabled && value !== suggested ? (
              <Button size="small" onClick={() => onChange(suggested)}>
                {translate('app.thermography.use_suggestion')}
              </Button>
            ) : null}
          </Stack>
        ) : null}
        {suggestion?.withheld === 'load' ? (
          <Typography variant="body2" color="warning.main" data-testid="suggested-severity">
            {translate('app.thermography.suggestion_needs_load', { criterion: suggestion.criterionName, min: MIN_LOAD_PERCENT, delta: suggestion.deltaT?.toFixed(1) ?? '—' })}
          </Typography>
        ) : null}
      </Stack>
    </Stack>
  );
}
