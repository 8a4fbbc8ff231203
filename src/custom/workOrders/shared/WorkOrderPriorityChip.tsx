import { Chip } from '@mui/material';
import { priorityColour, type PriorityColour } from '../../../../common/resources/workOrder';

/** Spec §9's colours on the dark theme: readable shades of red, orange, green and grey. */
const CHIP_COLOURS: Record<PriorityColour, { bg: string; fg: string }> = {
  red: { bg: '#d32f2f', fg: '#fff' },
  orange: { bg: '#ed6c02', fg: '#000' },
  green: { bg: '#2e7d32', fg: '#fff' },
  grey: { bg: '#757575', fg: '#fff' },
};

/** A work order's priority as a chip: High red, Medium orange, Low green, any other grey (spec §9). */
export function WorkOrderPriorityChip({ priority, size = 'small' }: { priority: string; size?: 'small' | 'medium' }) {
  const colour = priorityColour(priority);
  const { bg, fg } = CHIP_COLOURS[colour];
  return <Chip size={size} label={priority} data-colour={colour} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}
