import { Box } from '@mui/material';
import { AppBar, LoadingIndicator } from 'react-admin';
import { AppTitle } from '../shared/ui/AppTitle';
import { ProfileIconButton } from '../features/profile/ProfileIconButton';
import { LogoutIconButton } from './LogoutIconButton';
import { UserName } from './UserName';

/** Logo and application name, the user's name, Profile and Logout (spec §2.4). */
export const EngineerAppBar = () => (
  <AppBar
    userMenu={false}
    toolbar={
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minWidth: 0 }}>
        <UserName sx={{ mx: 1, maxWidth: { xs: 96, sm: 240 } }} />
        <LoadingIndicator />
        <ProfileIconButton size="medium" />
        <LogoutIconButton size="medium" />
      </Box>
    }
  >
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <AppTitle />
    </Box>
  </AppBar>
);
