import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, PasswordInput, TextInput, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { SessionUser } from '../../../common/api';
import { sessionStore } from '../../platform/authProvider/sessionStore';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { readProfileValues, toProfileUpdate, validateProfile, type ProfileFormValues } from './profileForm';

interface ProfileDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Email, new password and confirmation of the signed-in user (spec §2.4, §5, §8). */
export const ProfileDialog = ({ open, onClose }: ProfileDialogProps) => {
  const user = useSessionUser();
  const translate = useTranslate();
  return (
    <Dialog open={open && user !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="profile-dialog-title">
      <DialogTitle id="profile-dialog-title">{translate('app.profile.title')}</DialogTitle>
      {user ? <ProfileForm user={user} onClose={onClose} /> : null}
    </Dialog>
  );
};

const ProfileForm = ({ user, onClose }: { user: SessionUser; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const apiFetch = useApiFetch();
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const defaultValues: ProfileFormValues = { email: user.email, password: '', confirmPassword: '', currentPassword: '' };

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true);
    setServerError(null);
    const update = toProfileUpdate(readProfileValues(values));
    try {
      await apiFetch<unknown>(`/user/${encodeURIComponent(user._id)}`, { method: 'PUT', body: update });
      const current = sessionStore.getUser();
      if (current) sessionStore.setUser({ ...current, email: update.email });
      notify('app.profile.updated', { type: 'success' });
      onClose();
    } catch (error: unknown) {
      setServerError(errorMessageOf(error, translate));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      defaultValues={defaultValues}
      validate={(values) => validateProfile(readProfileValues(values))}
      onSubmit={submit}
    >
      <DialogContent sx={{ pt: 0 }}>
        {serverError ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverError}
          </Alert>
        ) : null}
        <TextInput source="email" inputProps={{ inputMode: 'email' }} label="app.profile.email" autoComplete="email" fullWidth />
        <PasswordInput source="password" label="app.profile.new_password" autoComplete="new-password" fullWidth />
        <PasswordInput
          source="confirmPassword"
          label="app.profile.confirm_password"
          autoComplete="new-password"
          fullWidth
        />
        <CurrentPasswordInput />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{translate('app.profile.close')}</Button>
        <Button type="submit" variant="contained" disabled={saving}>
          {translate('app.profile.update')}
        </Button>
      </DialogActions>
    </Form>
  );
};

/** Shown only once a new password is typed: changing the email alone needs no password. */
const CurrentPasswordInput = () => {
  const newPassword = useWatch({ name: 'password' }) as string | undefined;
  if (!newPassword) return null;
  return (
    <PasswordInput
      source="currentPassword"
      label="app.profile.current_password"
      autoComplete="current-password"
      fullWidth
      isRequired
    />
  );
};
