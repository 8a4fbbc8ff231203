import { registerFieldKind } from './fieldKind';
import { textKind } from './text';

/** Emails as every form and the server accept them: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address, or '' (users, vendors…). */
export const emailField = registerFieldKind(
  textKind({
    name: 'email',
    defaultMax: 320,
    input: { control: 'text', inputMode: 'email' },
    searched: true,
    rule: { test: (value) => EMAIL_PATTERN.test(value), message: (label) => `${label} is not a valid email address` },
    format: 'email',
  }),
);
