import { IconButton, Tooltip, type IconButtonProps } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { useLogout, useTranslate } from 'react-admin';

/** Ends the session and returns to Login (spec §4). No 'from': the user chose to leave. */
export const LogoutIconButton = ({ size = 'large' }: Pick<IconButtonProps, 'size'>) => {
  const logout = useLogout();
  const translate = useTranslate();
  const label = translate('app.shell.logout');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" size={size} aria-label={label} onClick={() => logout({}, undefined, false)}>
        <LogoutIcon />
      </IconButton>
    </Tooltip>
  );
};
