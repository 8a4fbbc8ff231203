import { useState } from 'react';
import { IconButton, Tooltip, type IconButtonProps } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useTranslate } from 'react-admin';
import { ProfileDialog } from './ProfileDialog';

/** The Profile icon of both shells (spec §2.3, §2.4); it opens the Profile dialog. */
export const ProfileIconButton = ({ size = 'large' }: Pick<IconButtonProps, 'size'>) => {
  const [open, setOpen] = useState(false);
  const translate = useTranslate();
  const label = translate('app.shell.profile');
  return (
    <>
      <Tooltip title={label}>
        <IconButton color="inherit" size={size} aria-label={label} onClick={() => setOpen(true)}>
          <AccountCircleIcon />
        </IconButton>
      </Tooltip>
      <ProfileDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
};
