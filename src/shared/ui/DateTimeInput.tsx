import { useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DesktopDateTimePicker } from '@mui/x-date-pickers/DesktopDateTimePicker';
import { MobileDateTimePicker } from '@mui/x-date-pickers/MobileDateTimePicker';
import { useFinePointer } from './device';
import { DATE_TIME_INPUT_FORMAT, PickerLocalization, pickerSlotProps, pickerSlots, usePickerDraft, type DateInputCommonProps } from './datePickers';

const dayOf = (epochMs: number | null): Dayjs | null => (epochMs === null ? null : dayjs(epochMs));
// The format has no seconds: a value is a whole minute.
const epochOf = (day: Dayjs | null): number | null => (day ? day.startOf('minute').valueOf() : null);

export interface DateTimeInputProps extends DateInputCommonProps {
  /** Epoch ms, or null for none. */
  value: number | null;
  /** Called with a whole date and time within the limits (epoch ms), or null when cleared (`handOnWhileTyping`: see there). */
  onChange: (value: number | null) => void;
  /** Epoch ms limits, inclusive. */
  minDateTime?: number;
  maxDateTime?: number;
}

/**
 * A date-time input as YYYY-MM-DD hh:mm A (MUI X DateTimePicker), in the browser's zone: typed on
 * a desktop, picked in a dialog on a touch screen. The caller keeps epoch ms.
 */
export function DateTimeInput({ value, onChange, minDateTime, maxDateTime, disabled, handOnWhileTyping, ...common }: DateTimeInputProps) {
  const picker = usePickerDraft(value, dayOf, epochOf, onChange, handOnWhileTyping ? { format: DATE_TIME_INPUT_FORMAT } : undefined);
  // The same limit objects while the limits stay: a new one makes the field lay out a half-typed date afresh (emptied).
  const min = useMemo(() => (minDateTime === undefined ? null : dayjs(minDateTime)), [minDateTime]);
  const max = useMemo(() => (maxDateTime === undefined ? null : dayjs(maxDateTime)), [maxDateTime]);
  const DateTimePicker = useFinePointer() ? DesktopDateTimePicker : MobileDateTimePicker;
  return (
    <PickerLocalization>
      <DateTimePicker
        value={picker.draft}
        onChange={picker.change}
        format={DATE_TIME_INPUT_FORMAT}
        disabled={disabled}
        {...(min ? { minDateTime: min } : {})}
        {...(max ? { maxDateTime: max } : {})}
        slots={pickerSlots}
        slotProps={pickerSlotProps(common, picker)}
      />
    </PickerLocalization>
  );
}
