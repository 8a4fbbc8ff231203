import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { thresholdValueFits } from '../../../common/resources/checklist';
import type { AttributeChoice } from './useAttributeChoices';

type Value = string | number | boolean;

interface Props {
  attribute: AttributeChoice;
  value: Value;
  onChange: (value: Value) => void;
  label: string;
}

/**
 * A threshold's value in the form the attribute's type asks for (spec §5): a number for number,
 * yes/no for boolean, one of the options for select or radio, otherwise free text.
 */
export function ThresholdValueInput({ attribute, value, onChange, label }: Props) {
  const translate = useTranslate();
  const error = !thresholdValueFits(attribute, value);
  const common = {
    size: 'small' as const,
    fullWidth: false,
    label,
    error,
    helperText: error ? translate('app.checklist.fields.value_mismatch') : undefined,
    sx: { width: 200 },
  };

  if (attribute.type === 'number') return <NumberValueInput {...common} value={value} onChange={onChange} />;
  if (attribute.type === 'boolean') {
    return (
      <TextField {...common} select value={typeof value === 'boolean' ? String(value) : ''} onChange={(event) => onChange(event.target.value === 'true')}>
        <MenuItem value="true">{translate('ra.boolean.true')}</MenuItem>
        <MenuItem value="false">{translate('ra.boolean.false')}</MenuItem>
      </TextField>
    );
  }
  if (attribute.type === 'select' || attribute.type === 'radio') {
    const options = attribute.options?.values ?? [];
    return (
      <TextField {...common} select value={typeof value === 'string' && options.includes(value) ? value : ''} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <MenuItem key={option} value={option}>{option}</MenuItem>
        ))}
      </TextField>
    );
  }
  return <TextField {...common} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
}

/**
 * A number input that keeps what is being typed ('-', '1.') while handing the form a number; an
 * unfinished entry leaves the form's value as text, which the type check flags.
 */
function NumberValueInput({ value, onChange, ...field }: { value: Value; onChange: (value: Value) => void; label: string; error: boolean; helperText?: string; size: 'small'; fullWidth: boolean; sx: object }) {
  const [draft, setDraft] = useState(typeof value === 'number' ? String(value) : '');
  // A value set from outside (reset for another attribute) wins over a stale draft.
  const shown = typeof value === 'number' && (draft.trim() === '' || Number(draft) !== value) ? String(value) : draft;
  return (
    <TextField
      {...field}
      type="number"
      value={shown}
      onChange={(event) => {
        const text = event.target.value;
        setDraft(text);
        const number = Number(text);
        onChange(text.trim() !== '' && Number.isFinite(number) ? number : text);
      }}
    />
  );
}
