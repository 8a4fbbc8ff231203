import { DateTimeInput } from '../../shared/ui/DateTimeInput';
import { useField, WithMessage, type InputProps } from './fieldInput';

/** A moment (the date-time kind), stored as epoch milliseconds. */
export function InstantInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return (
    <WithMessage message={message}>
      <DateTimeInput value={(field.value as number | null) ?? null} onChange={field.onChange} label={label} error={invalid} />
    </WithMessage>
  );
}
