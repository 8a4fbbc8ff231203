import { Button, Checkbox, FormControlLabel, FormGroup, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';

interface TextChoicesProps {
  title: string;
  predefined: readonly string[];
  /** The chosen lines: predefined ones by their text, then free ones. */
  lines: readonly string[];
  onChange: (lines: string[]) => void;
  disabled: boolean;
  addLabel: string;
}

/**
 * Observations or recommendations (spec §2.5, §9): the predefined texts as check boxes, then free
 * lines of the engineer's own. A stored line that is no predefined text is a free line.
 */
export function TextChoices({ title, predefined, lines, onChange, disabled, addLabel }: TextChoicesProps) {
  const translate = useTranslate();
  const chosen = new Set(lines);
  // Free lines by their position among all lines, so editing one keeps its place.
  const free = lines.map((line, index) => ({ line, index })).filter(({ line }) => !predefined.includes(line));
  const toggle = (text: string, on: boolean) => {
    if (on) {
      // Predefined texts keep the list's order, ahead of the free lines.
      const predefinedChosen = predefined.filter((item) => item === text || chosen.has(item));
      onChange([...predefinedChosen, ...free.map(({ line }) => line)]);
    } else onChange(lines.filter((line) => line !== text));
  };
  return (
    <Stack spacing={0.5} role="group" aria-label={title}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <FormGroup>
        {predefined.map((text) => (
          <FormControlLabel key={text} control={<Checkbox checked={chosen.has(text)} onChange={(event) => toggle(text, event.target.checked)} disabled={disabled} />} label={text} />
        ))}
      </FormGroup>
      {free.map(({ line, index }) => (
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            size="small"
            fullWidth
            multiline
            value={line}
            disabled={disabled}
            onChange={(event) => onChange(lines.map((item, at) => (at === index ? event.target.value : item)))}
            slotProps={{ htmlInput: { 'aria-label': translate('app.thermography.own_line', { title, n: free.findIndex((entry) => entry.index === index) + 1 }) } }}
          />
          {!disabled ? (
            <Tooltip title={translate('app.thermography.remove_line')}>
              <IconButton aria-label={translate('app.thermography.remove_line')} onClick={() => onChange(lines.filter((_, at) => at !== index))}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          ) : null}
        </Stack>
      ))}
      {!disabled ? (
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...lines, ''])} sx={{ alignSelf: 'flex-start' }}>
          {addLabel}
        </Button>
      ) : null}
    </Stack>
  );
}
