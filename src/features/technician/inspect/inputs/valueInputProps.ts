import type { InspectableAttribute, InspectionValue } from '../../../../../common/resources/inspection';

/** What every per-type input gets from its item. */
export interface ValueInputProps {
  attribute: InspectableAttribute;
  value: InspectionValue | null | undefined;
  onChange: (value: InspectionValue | null) => void;
  /** Id of the item's label and of its description/helper lines, for aria-labelledby / -describedby. */
  labelId: string;
  describedBy?: string;
  error: boolean;
  required: boolean;
}

/** Text fields at 16 px so phones do not zoom on focus, and tall enough for a gloved thumb. */
export const touchFieldSx = { '& .MuiInputBase-input': { fontSize: '1rem', minHeight: 28 } } as const;
