import dayjs, { type Dayjs } from 'dayjs';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DATE_TIME_INPUT_FORMAT, PickerLocalization, pickerSlotProps, pickerSlots, usePickerDraft, type DateInputCommonProps } from './datePickers';

const dayOf = (epochMs: number | null): Dayjs | null => (epochMs === null ? null : dayjs(epochMs));
// The format has no seconds: a value is a whole minute.
const epochOf = (day: Dayjs | null): number | null => (day ? day.startOf('minute').valueOf() : null);

export interface DateTimeInputProps extends DateInputCommonProps {
  /** Epoch ms, or null for none. */
  value: number | null;
  /** Called with a whole date and time within the limits (epoch ms), or null when cleared. */
  onChange: (value: number | null) => void;
  /** Epoch ms limits, inclusive. */
  minDateTime?: number;
  maxDateTime?: number;
}

/**
 * A date-time input as YYYY-MM-DD hh:mm A (MUI X DateTimePicker), in the browser's zone: typed on
 * a desktop, picked in a dialog on a touch screen. The caller keeps epoch ms.
 */
export function DateTimeInput({ value, onChange, minDateTime, maxDateTime, disabled, ...common }: DateTimeInputProps) {
  const picker = usePickerDraft(value, dayOf, epochOf, onChange);
  return (
    <PickerLocalization>
      <DateTimePicker
        value={picker.draft}
        onChange={picker.change}
        format={DATE_TIME_INPUT_FORMAT}
        disabled={disabled}
        {...(minDateTime !== undefined ? { minDateTime: dayjs(minDateTime) } : {})}
        {...(maxDateTime !== undefined ? { maxDateTime: dayjs(maxDateTime) } : {})}
        slots={pickerSlots}
        slotProps={pickerSlotProps(common, picker)}
      />
    </PickerLocalization>
  );
}
