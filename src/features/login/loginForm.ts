export interface LoginFormValues {
  username: string;
  password: string;
}

/** Spec §5: values that are only spaces pass the 'Required.' rule but are still refused. */
export function hasBlankCredentials({ username, password }: LoginFormValues): boolean {
  return username.trim() === '' || password.trim() === '';
}

/** The form's raw values as strings (react-hook-form hands them over untyped). */
export function readLoginValues(values: Record<string, unknown>): LoginFormValues {
  return { username: String(values.username ?? ''), password: String(values.password ?? '') };
}
