import { DateInput } from '../../shared/ui/DateInput';
import { useField, WithMessage, type InputProps } from './fieldInput';

/** A day (the date kind), stored as YYYY-MM-DD. */
export function DayInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return (
    <WithMessage message={message}>
      <DateInput value={(field.value as string | null) ?? ''} onChange={(day) => field.onChange(day || null)} label={label} error={invalid} />
    </WithMessage>
  );
}
