import { Suspense, useState } from 'react';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import type { IconButtonProps } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { useTranslate } from 'react-admin';
import { HintedIconButton } from '../../shared/ui/HintedIconButton';

/*
 * The dialog (a password form: react-admin's inputs, react-hook-form) is loaded when it is first
 * opened: both shells paint this button on a phone's first load, not its form (issue 20). Once
 * opened it stays mounted, so closing it still animates.
 */
const ProfileDialog = lazyWithTimeout('ProfileDialog', () => import('./ProfileDialog').then((module) => module.ProfileDialog));

/** The Profile icon of both shells (spec §2.3, §2.4); it opens the Profile dialog. */
export const ProfileIconButton = ({ size = 'large' }: Pick<IconButtonProps, 'size'>) => {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const translate = useTranslate();
  const label = translate('app.shell.profile');
  const openDialog = () => {
    setOpened(true);
    setOpen(true);
  };
  return (
    <>
      <HintedIconButton label={label} color="inherit" size={size} onClick={openDialog}>
        <AccountCircleIcon />
      </HintedIconButton>
      {opened ? (
        <Suspense fallback={null}>
          <ProfileDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
