import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, type IconButtonProps } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'react-admin';
import { sessionStore } from '../platform/authProvider/sessionStore';
import { forgetReadCopies } from '../platform/offline/forgetReadCopies';
import { countUnsent } from '../platform/offline/outbox/useOutboxItems';
import { HintedIconButton } from '../shared/ui/HintedIconButton';
import { CONFIRM_DIALOG_MAX_WIDTH } from '../shared/ui/dialogs/dialogWidths';

/**
 * Ends the session and returns to Login (spec §4). No 'from': the user chose to leave. With items
 * of this user still in the phone's outbox (docs/offline.md) it warns first: they stay on the phone,
 * kept per user, and are sent after the user signs in again. What the user read is forgotten.
 */
export const LogoutIconButton = ({ size = 'large' }: Pick<IconButtonProps, 'size'>) => {
  const logout = useLogout();
  const translate = useTranslate();
  const [unsent, setUnsent] = useState(0);
  const label = translate('app.shell.logout');
  const signOut = async () => {
    const userId = sessionStore.getUser()?._id;
    // IndexedDB unavailable: nothing was kept, so nothing to forget.
    if (userId) await forgetReadCopies(userId).catch(() => undefined);
    await logout({}, undefined, false);
  };

  const start = async () => {
    const userId = sessionStore.getUser()?._id;
    const count = userId ? await countUnsent(userId) : 0;
    if (count > 0) setUnsent(count);
    else await signOut();
  };

  return (
    <>
      <HintedIconButton label={label} color="inherit" size={size} onClick={() => void start()}>
        <LogoutIcon />
      </HintedIconButton>
      {unsent > 0 ? (
        <Dialog
          open
          onClose={() => setUnsent(0)}
          aria-labelledby="logout-unsent-title"
          aria-describedby="logout-unsent-message"
          PaperProps={{ sx: { maxWidth: CONFIRM_DIALOG_MAX_WIDTH } }}
        >
          <DialogTitle id="logout-unsent-title">{translate('app.outbox.logout_title')}</DialogTitle>
          <DialogContent>
            <DialogContentText id="logout-unsent-message">{translate('app.outbox.logout_warning', { smart_count: unsent })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button autoFocus onClick={() => setUnsent(0)} sx={{ minHeight: 48 }}>
              {translate('app.confirm.cancel')}
            </Button>
            <Button
              color="error"
              variant="contained"
              onClick={() => {
                setUnsent(0);
                void signOut();
              }}
              sx={{ minHeight: 48 }}
            >
              {translate('app.outbox.logout_anyway')}
            </Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
};
