import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/Lock';
import { useNavigate } from 'react-router-dom';
import { Form, PasswordInput, TextInput, required, useLogin, useTranslate } from 'react-admin';
import type { LoginParams } from '../../platform/authProvider';
import { AppTitle } from '../../shared/ui/AppTitle';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { hasBlankCredentials, readLoginValues, type LoginFormValues } from './loginForm';
import { useReturnPath } from './useReturnPath';
import { useSignedInNotice, type SignedInNotice } from './useSignedInNotice';

const requiredField = [required()];
const emptyForm: LoginFormValues = { username: '', password: '' };

/** Who is signed in, that it cannot open the page Login was sent from, and the way back to its home. */
function SignedInNoticeAlert({ notice }: { notice: SignedInNotice }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { home } = notice;
  return (
    <Alert severity="warning" variant="outlined" role="status" sx={{ mb: 2 }}>
      <AlertTitle>{translate('app.auth.signed_in_as', { name: notice.name, username: notice.username })}</AlertTitle>
      <Typography variant="body2">
        {translate('app.auth.cannot_open', { path: notice.path })}
      </Typography>
      {home ? (
        <Button variant="contained" color="warning" size="small" onClick={() => navigate(home)} sx={{ mt: 1.5 }}>
          {translate('app.auth.back_home')}
        </Button>
      ) : null}
    </Alert>
  );
}

/**
 * Sign-in (spec §2.2, §5, §8): fields, show/hide toggle, the server's message in a red alert.
 * Reached from a page the signed-in account may not open, it says so first (issue 16 §9).
 */
export const LoginPage = () => {
  const translate = useTranslate();
  const login = useLogin();
  const returnPath = useReturnPath();
  const notice = useSignedInNotice(returnPath);
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
      // The auth provider goes to returnPath, or stays here (the notice) when the account may not open it.
      const params: LoginParams = { username: credentials.username.trim(), password: credentials.password, returnTo: returnPath };
      await login(params);
    } catch (failure: unknown) {
      setError(errorMessageOf(failure, translate));
    } finally {
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
          {notice ? <SignedInNoticeAlert notice={notice} /> : null}
          <Form defaultValues={emptyForm} onSubmit={submit}>
            <Stack spacing={1}>
              {notice ? (
                <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
                  {translate('app.auth.other_account')}
                </Typography>
              ) : null}
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
