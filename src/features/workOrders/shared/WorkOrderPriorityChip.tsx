import { Chip } from '@mui/material';
import { priorityColour } from '../../../../common/resources/workOrder';
import { PRIORITY_COLOURS } from './priorityColours';

/** A work order's priority as a chip: High red, Medium orange, Low green, any other grey (spec §9). */
export function WorkOrderPriorityChip({ priority, size = 'small' }: { priority: string; size?: 'small' | 'medium' }) {
  const colour = priorityColour(priority);
  const { bg, fg } = PRIORITY_COLOURS[colour];
  return <Chip size={size} label={priority} data-colour={colour} sx={{ bgcolor: bg, color: fg, fontWeight: 600 }} />;
}
