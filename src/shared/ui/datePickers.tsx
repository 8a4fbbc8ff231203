import { useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import type { SxProps, Theme } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { PickerChangeHandlerContext, PickerOwnerState } from '@mui/x-date-pickers/models';
import type { PickersActionBarAction } from '@mui/x-date-pickers/PickersActionBar';
import { PickersTextField, type PickersTextFieldProps } from '@mui/x-date-pickers/PickersTextField';
import type { Dayjs } from 'dayjs';
import { useLateRef } from './useLateRef';

/**
 * What the date inputs share (docs/web-shell.md "Date inputs"): spec §9's input format, the
 * localisation the MUI X pickers need, and a draft that holds what is half typed.
 */
export const DATE_INPUT_FORMAT = 'YYYY-MM-DD';
/** The date of spec §9's inputs with the clock of its displayed times (YYYY/MM/DD hh:mm A). */
export const DATE_TIME_INPUT_FORMAT = 'YYYY-MM-DD hh:mm A';

/** What a caller may set on either input beside its value. */
export interface DateInputCommonProps {
  /** A visible label; without one, name the field with `labelledBy`. */
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  required?: boolean;
  error?: boolean;
  disabled?: boolean;
  size?: 'small' | 'medium';
  /** The app theme's text fields are filled (react-admin's default); the technician's are outlined. */
  variant?: 'filled' | 'outlined';
  fullWidth?: boolean;
  /** Offer a clear button in the field (the phone's dialog always has Clear). */
  clearable?: boolean;
  /**
   * Hand on each keystroke's date at once, not when the field is left: for a form that only
   * checks what it holds (the work order dialog), whose Submit must follow its validity as the
   * user types. What the field shows is then what the caller holds — a whole date (the caller's
   * own rules judge its limits), or none while the field holds no whole date.
   */
  handOnWhileTyping?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * Each input brings its own provider rather than one at the app root: the picker code then loads
 * only with the lazy screens that have a date input, never with /login.
 */
export function PickerLocalization({ children }: { children: ReactNode }) {
  return <LocalizationProvider dateAdapter={AdapterDayjs}>{children}</LocalizationProvider>;
}

/**
 * The picker's own value and what the caller is told. What is picked in the calendar (or cleared)
 * is handed on at once; what is typed, when the user leaves the field or presses Enter. Typing
 * passes through whole but unmeant dates (year 0002 on the way to 2026, day 1 on the way to 15)
 * that would each reload a table, or swap a date range (spec §5) under the user's fingers.
 * A half-typed or out-of-limits date is never handed on; it stays in the field, marked. A new
 * value from the caller replaces the draft. With `handOnWhileTyping` a whole date or none is
 * handed on at once (DateInputCommonProps).
 */
export function usePickerDraft<T>(
  value: T,
  toDay: (value: T) => Dayjs | null,
  fromDay: (day: Dayjs | null) => T,
  onChange: (value: T) => void,
  /** Set for `handOnWhileTyping`: the field's format, to read whether its text still shows the last whole date. */
  whileTyping?: { format: string },
) {
  const [draft, setDraft] = useState<{ day: Dayjs | null; handOn: boolean }>(() => ({ day: toDay(value), handOn: false }));
  const [known, setKnown] = useState<T>(value);
  // The field's hidden input holds its text: '' only when every section is empty.
  const fieldText = useRef<HTMLInputElement>(null);
  if (!Object.is(known, value)) {
    setKnown(value);
    setDraft({ day: toDay(value), handOn: false });
  }
  const handOn = (day: Dayjs | null) => {
    const next = fromDay(day);
    if (Object.is(next, known)) return;
    setKnown(next);
    onChange(next);
  };
  const change = (day: Dayjs | null, context: PickerChangeHandlerContext<unknown>) => {
    if (whileTyping) {
      // A whole date, or none (a section emptied, or cleared), goes to the caller at once; the
      // caller's own rules judge the limits. A section typed half-way (year 0002, hour 00) waits
      // for the next key or for the field to be left, and the picker keeps the last whole date
      // as its value meanwhile: handed back, a half-typed date is laid out afresh (emptied).
      if (day === null || day.isValid()) {
        setDraft({ day, handOn: false });
        handOn(day);
      } else setDraft({ ...draft, handOn: true });
      return;
    }
    const whole = day === null || (day.isValid() && context.validationError === null);
    const picked = context.source === 'view';
    setDraft({ day, handOn: whole && !picked });
    if (whole && picked) handOn(day);
  };
  const commit = () => {
    if (!draft.handOn) return;
    if (whileTyping) {
      setDraft({ ...draft, handOn: false });
      // Typed back to the last whole date, the picker tells nothing (its value did not change): its text does.
      const text = fieldText.current?.value ?? '';
      if (draft.day === null || text !== draft.day.format(whileTyping.format)) handOn(null);
      return;
    }
    // The picker also answers null when one section of a date is emptied: that is no clearing.
    if (draft.day === null && fieldText.current?.value) return;
    setDraft({ ...draft, handOn: false });
    handOn(draft.day);
  };
  const fieldHandlers = {
    onBlur: commit,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') commit();
    },
    onClear: () => handOn(null),
  };
  return { draft: draft.day, change, fieldHandlers, fieldText };
}

const PHONE_ACTIONS: PickersActionBarAction[] = ['clear', 'cancel', 'nextOrAccept'];

/** The field and the phone dialog's actions, the same for both inputs. */
export function pickerSlotProps(
  { label, labelledBy, describedBy, required, error, size, variant = 'filled', fullWidth, clearable, sx }: DateInputCommonProps,
  { fieldHandlers, fieldText }: Pick<ReturnType<typeof usePickerDraft>, 'fieldHandlers' | 'fieldText'>,
) {
  return {
    textField: {
      label,
      required,
      size,
      variant,
      fullWidth,
      sx,
      onBlur: fieldHandlers.onBlur,
      inputRef: fieldText,
      ...(error ? { error: true } : {}),
      // The field is a group of spinbuttons (year, month, day…): the group carries the name.
      InputProps: {
        ...(labelledBy ? { 'aria-labelledby': labelledBy } : {}),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      },
    },
    // The field reports keys; leaving it is seen on the text field around it.
    field: { clearable, onKeyDown: fieldHandlers.onKeyDown, onClear: fieldHandlers.onClear },
    // The phone's dialog: Clear beside MUI's Cancel and Next/OK (the desktop keeps MUI's own).
    actionBar: ({ pickerVariant }: PickerOwnerState) => (pickerVariant === 'mobile' ? { actions: PHONE_ACTIONS } : {}),
  };
}

/*
 * The picker keeps the field it opens from (its "trigger") in React state, set from the field's
 * input ref: that ref reaches it after the commit (useLateRef), so a screen bringing a date input
 * is not rendered twice in one task. Typing and the open button work from the first paint.
 */
function LateTriggerTextField({ InputProps, ...props }: PickersTextFieldProps) {
  const trigger = useLateRef((InputProps as { ref?: Ref<HTMLDivElement> } | undefined)?.ref);
  return <PickersTextField {...props} InputProps={{ ...InputProps, ref: trigger }} />;
}

/** The field both inputs use. */
export const pickerSlots = { textField: LateTriggerTextField };
