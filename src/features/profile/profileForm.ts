import type { ProfileUpdate } from '../../../common/api';

export interface ProfileFormValues {
  email: string;
  password: string;
  confirmPassword: string;
  /** Asked for only once a new password is typed (DESIGN §4, OWASP ASVS V2.1.6). */
  currentPassword: string;
}

/** The form's raw values as strings (react-hook-form hands them over untyped). */
export function readProfileValues(values: Record<string, unknown>): ProfileFormValues {
  return {
    email: String(values.email ?? ''),
    password: String(values.password ?? ''),
    confirmPassword: String(values.confirmPassword ?? ''),
    currentPassword: String(values.currentPassword ?? ''),
  };
}

/**
 * Spec §5: a new password, if entered, must equal the confirmation. DESIGN §4: it also needs the
 * current one. The length rule is the server's, whose message the dialog shows (spec §8).
 */
export function validateProfile(values: ProfileFormValues): Partial<Record<keyof ProfileFormValues, string>> {
  if (!values.password) return {};
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  if (values.password !== values.confirmPassword) errors.confirmPassword = 'app.profile.password_mismatch';
  if (!values.currentPassword) errors.currentPassword = 'app.profile.current_password_required';
  return errors;
}

/** Spec §5: email is always sent; the password, with the current one, only when one was entered. */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  const update: ProfileUpdate = { email: values.email.trim() };
  if (values.password) {
    update.password = values.password;
    update.currentPassword = values.currentPassword;
  }
  return update;
}
