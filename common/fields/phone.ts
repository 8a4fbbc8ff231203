import { registerFieldKind } from './fieldKind';
import { textKind } from './text';

/** A phone number as people write one: digits, at most one leading +, spaces, dots, dashes, brackets; 3 to 20 digits. */
export const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const digits = (value: string) => value.replace(/\D/g, '').length;

/** A phone number, or '': the phone's dialling keyboard. */
export const phoneField = registerFieldKind(
  textKind({
    name: 'phone',
    defaultMax: 40,
    input: { control: 'text', inputMode: 'tel' },
    searched: true,
    rule: { test: (value) => PHONE_PATTERN.test(value) && digits(value) >= 3 && digits(value) <= 20, message: (label) => `${label} is not a valid phone number` },
  }),
);
