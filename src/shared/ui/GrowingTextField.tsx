import { TextField, type InputBaseComponentProps, type TextFieldProps } from '@mui/material';

type GrowingTextFieldProps = Omit<TextFieldProps, 'multiline' | 'rows' | 'minRows' | 'maxRows' | 'slotProps'> & {
  /** How many lines it shows empty; it grows from there with its text. */
  minRows: number;
  /** The textarea's own attributes; its input component is this field's to choose. */
  slotProps?: { htmlInput?: InputBaseComponentProps };
};

/**
 * A multiline TextField that grows with its text without MUI's TextareaAutosize (issue 20).
 * TextareaAutosize — MUI's textarea for every multiline field, fixed `rows` included — measures a
 * hidden twin in a layout effect at every render (getComputedStyle, scrollHeight, a height set),
 * so an inspect view with a comment box per item forced a layout per box in the commit that showed
 * its checklists (seen in a phone-throttled CPU profile). A plain textarea with CSS
 * `field-sizing: content` grows in the browser's own layout; where the property is unknown
 * (Firefox) it keeps `minRows` lines and scrolls.
 */
export const GrowingTextField = ({ minRows, sx, slotProps, ...props }: GrowingTextFieldProps) => (
  <TextField
    {...props}
    multiline
    rows={minRows}
    // MUI's textarea line is 1.4375em; no maximum: the page scrolls, not the box. Above the fields' own
    // '.MuiInputBase-input' rules (a touch field's 28 px minimum), whichever comes first in `sx`.
    sx={[{ '& textarea.MuiInputBase-input': { fieldSizing: 'content', minHeight: `${1.4375 * minRows}em` } }, ...(sx === undefined ? [] : Array.isArray(sx) ? sx : [sx])]}
    // Any input component but 'input' keeps InputBase from swapping in TextareaAutosize.
    slotProps={{ htmlInput: slotProps?.htmlInput, input: { inputComponent: 'textarea' } }}
  />
);
