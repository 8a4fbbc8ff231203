import type { ReactNode } from 'react';
import { Box, FormHelperText } from '@mui/material';
import { useInput } from 'react-admin';

/**
 * The form half of the field kinds (common/fields): one input per kind of FieldInput, drawn by
 * KindInput. What each input takes.
 */
export interface InputProps {
  source: string;
  label: string;
}

/** The field's message as the schema words it (in its label), or nothing. */
export function useField(source: string) {
  const { field, fieldState } = useInput({ source });
  return { field, invalid: fieldState.invalid, message: fieldState.error?.message };
}

/** The pickers draw no message of their own. */
export const WithMessage = ({ message, children }: { message: string | undefined; children: ReactNode }) => (
  <Box>
    {children}
    {message && <FormHelperText error>{message}</FormHelperText>}
  </Box>
);
