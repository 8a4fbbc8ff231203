import { useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { MobileDatePicker } from '@mui/x-date-pickers/MobileDatePicker';
import { useFinePointer } from './device';
import { DATE_INPUT_FORMAT, PickerLocalization, pickerSlotProps, pickerSlots, usePickerDraft, type DateInputCommonProps } from './datePickers';

/** A day as spec §9's YYYY-MM-DD text; anything else is no day. */
function dayOf(text: string): Dayjs | null {
  if (!text) return null;
  const day = dayjs(text);
  return day.isValid() && day.format(DATE_INPUT_FORMAT) === text ? day : null;
}

const textOf = (day: Dayjs | null): string => (day ? day.format(DATE_INPUT_FORMAT) : '');

export interface DateInputProps extends DateInputCommonProps {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  /** Called with a whole YYYY-MM-DD day within the limits, or '' when cleared. */
  onChange: (value: string) => void;
  /** YYYY-MM-DD limits, inclusive. */
  minDate?: string;
  maxDate?: string;
}

/**
 * A date input in spec §9's YYYY-MM-DD (MUI X DatePicker): typed on a desktop, picked in a
 * calendar dialog on a touch screen. The caller keeps the day as YYYY-MM-DD text.
 */
export function DateInput({ value, onChange, minDate, maxDate, disabled, handOnWhileTyping, ...common }: DateInputProps) {
  const picker = usePickerDraft(value, dayOf, textOf, onChange, handOnWhileTyping ? { format: DATE_INPUT_FORMAT } : undefined);
  // The same limit objects while the limits stay: a new one makes the field lay out a half-typed date afresh (emptied).
  const min = useMemo(() => (minDate ? dayOf(minDate) : null), [minDate]);
  const max = useMemo(() => (maxDate ? dayOf(maxDate) : null), [maxDate]);
  const DatePicker = useFinePointer() ? DesktopDatePicker : MobileDatePicker;
  return (
    <PickerLocalization>
      <DatePicker
        value={picker.draft}
        onChange={picker.change}
        format={DATE_INPUT_FORMAT}
        disabled={disabled}
        {...(min ? { minDate: min } : {})}
        {...(max ? { maxDate: max } : {})}
        slots={pickerSlots}
        slotProps={pickerSlotProps(common, picker)}
      />
    </PickerLocalization>
  );
}
