import { Chip, MenuItem, Stack, TextField, type SxProps, type Theme } from '@mui/material';

interface ChipMultiSelectProps {
  label: string;
  value: readonly string[];
  choices: readonly string[];
  onChange: (value: string[]) => void;
  /** The text of a choice (default: the value itself). */
  nameOf?: (value: string) => string;
  /** Shown as a disabled entry when there is nothing to choose. */
  emptyText?: string;
  error?: boolean;
  helperText?: string;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}

/** A small select of several values, the chosen ones shown as chips (checklist groups, dashboard sections). */
export function ChipMultiSelect({ label, value, choices, onChange, nameOf = (v) => v, emptyText, error, helperText, disabled, sx }: ChipMultiSelectProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      value={value}
      sx={sx}
      error={error}
      helperText={helperText}
      disabled={disabled}
      onChange={(event) => {
        // MUI hands a multiple select's value as a list, or as text after browser autofill.
        const next = event.target.value as unknown as string[] | string;
        onChange(typeof next === 'string' ? next.split(',') : next);
      }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {(selected as string[]).map((chosen) => (
                <Chip key={chosen} size="small" label={nameOf(chosen)} />
              ))}
            </Stack>
          ),
        },
      }}
    >
      {choices.length === 0 && emptyText && (
        <MenuItem disabled value="">
          {emptyText}
        </MenuItem>
      )}
      {choices.map((choice) => (
        <MenuItem key={choice} value={choice}>
          {nameOf(choice)}
        </MenuItem>
      ))}
    </TextField>
  );
}
