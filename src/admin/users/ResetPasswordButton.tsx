import { useState } from 'react';
import { Button } from '@mui/material';
import KeyIcon from '@mui/icons-material/Key';
import { useTranslate } from 'react-admin';
import { isAccessDenied } from '../../platform/authProvider/httpStatus';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider';
import type { UserAdminRecord } from './types';

/**
 * Gives the user a new generated password (spec §7) and shows it once in an alert (spec §8). The
 * reset ends the user's sessions, so it is confirmed first.
 */
export function ResetPasswordButton({ user }: { user: UserAdminRecord }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const apiFetch = useApiFetch();
  const [busy, setBusy] = useState(false);
  const label = translate('app.user.reset_password');

  const reset = async () => {
    const confirmed = await dialogs.confirm(translate('app.user.reset_password_confirm', { name: user.name || user.username }), {
      title: label,
      confirmLabel: label,
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      const { password } = await apiFetch<{ password: string }>(`/user/${encodeURIComponent(user._id)}/resetPassword`, { method: 'POST' });
      await dialogs.alert(translate('app.user.new_password', { password }));
    } catch (error) {
      // A refused session has already been sent to Login.
      if (!isAccessDenied(error)) await dialogs.alert(errorMessageOf(error, translate));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button type="button" variant="outlined" size="small" startIcon={<KeyIcon />} disabled={busy} onClick={() => void reset()}>
      {label}
    </Button>
  );
}
