import type { ProfileUpdate } from '../../../common/api';

export interface ProfileFormValues {
  email: string;
  password: string;
  confirmPassword: string;
}

/** The form's raw values as strings (react-hook-form hands them over untyped). */
export function readProfileValues(values: Record<string, unknown>): ProfileFormValues {
  return {
    email: String(values.email ?? ''),
    password: String(values.password ?? ''),
    confirmPassword: String(values.confirmPassword ?? ''),
  };
}

/** Spec §5: a new password, if entered, must equal the confirmation. */
export function validateProfile(values: ProfileFormValues): Partial<Record<keyof ProfileFormValues, string>> {
  if (values.password && values.password !== values.confirmPassword) {
    return { confirmPassword: 'app.profile.password_mismatch' };
  }
  return {};
}

/** Spec §5: email is always sent; the password only when one was entered. */
export function toProfileUpdate(values: ProfileFormValues): ProfileUpdate {
  const update: ProfileUpdate = { email: values.email.trim() };
  if (values.password) update.password = values.password;
  return update;
}
