import { useState } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { Form, PasswordInput, TextInput, required, useLogin, useTranslate } from 'react-admin';
import { AppTitle } from '../../common-ui/AppTitle';
import { errorMessageOf } from '../../common-ui/errorMessageOf';
import { hasBlankCredentials, readLoginValues, type LoginFormValues } from './loginForm';
import { useReturnPath } from './useReturnPath';

const requiredField = [required()];
const emptyForm: LoginFormValues = { username: '', password: '' };

/** Sign-in (spec §2.2, §5, §8): fields, show/hide toggle, the server's message in a red alert. */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const returnPath = useReturnPath();
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Record<string, unknown>) => {
    const credentials = readLoginValues(values);
    if (hasBlankCredentials(credentials)) {
      setError(translate('app.auth.blank_credentials'));
      return;
    }
    setError(null);
    setSubmitting(true);
    try {
      await login({ username: credentials.username.trim(), password: credentials.password }, returnPath);
    } catch (failure: unknown) {
      setError(errorMessageOf(failure, translate));
      setSubmitting(false);
    }
  };

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        alignItems: { xs: 'flex-start', sm: 'center' },
        justifyContent: 'center',
        px: 2,
        pt: { xs: 6, sm: 2 },
        pb: 2,
        bgcolor: 'background.default',
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }} elevation={4}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={2} sx={{ alignItems: 'center', mb: 3 }}>
            <Box
              sx={{
                width: 48,
                height: 48,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <LockIcon />
            </Box>
            <AppTitle variant="h5" logoHeight={40} />
          </Stack>
          <Form defaultValues={emptyForm} onSubmit={submit}>
            <Stack spacing={1}>
              {error ? (
                <Alert severity="error" variant="filled" role="alert" sx={{ mb: 1 }}>
                  {error}
                </Alert>
              ) : null}
              <TextInput
                source="username"
                label="app.auth.username"
                validate={requiredField}
                autoComplete="username"
                autoCapitalize="none"
                autoFocus
                fullWidth
              />
              <PasswordInput
                source="password"
                label="app.auth.password"
                validate={requiredField}
                autoComplete="current-password"
                fullWidth
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={submitting}
                startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : null}
                fullWidth
                sx={{ minHeight: 48 }}
              >
                {translate('app.auth.login')}
              </Button>
            </Stack>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
};
