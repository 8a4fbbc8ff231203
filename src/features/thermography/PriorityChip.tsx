import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { cssColorOrNone } from '../../../common/cssColor';
import { readableTextColor } from '../../shared/ui/readableTextColor';
import type { Severity } from './noteTypes';
import { useThermographyConfig } from './useThermographyConfig';

/** Spec §2.5, §9: 'Priority {level}', coloured from the alert level the severity maps to (a config entry). */
export function PriorityChip({ severity }: { severity: Severity | null }) {
  const translate = useTranslate();
  const config = useThermographyConfig(severity !== null);
  if (!severity) return null;
  const color = cssColorOrNone(config?.severityLevels[severity]?.color);
  return (
    <Chip
      size="small"
      label={translate('app.table.priority', { level: severity })}
      data-color={color}
      sx={color ? { bgcolor: color, color: (theme) => readableTextColor(theme, color) } : undefined}
    />
  );
}
