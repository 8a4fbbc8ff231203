import { Box, Divider } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AppTitle } from '../../common-ui/AppTitle';
import { NoDashboard } from '../dashboard/NoDashboard';
import { LogoutIconButton } from '../session/LogoutIconButton';
import { UserName } from '../session/UserName';
import { LiveClock } from './LiveClock';

/** The on-site wall board (/onsite, DESIGN §9): full screen, large type, read-only. */
export const OnsiteShell = () => {
  const translate = useTranslate();
  return (
    <Box
      sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}
      aria-label={translate('app.onsite.board_label')}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', gap: { xs: 2, md: 4 }, px: { xs: 2, md: 4 }, py: 2 }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <AppTitle variant="h3" logoHeight={64} nameSx={{ typography: { xs: 'h5', md: 'h3' } }} />
        </Box>
        <UserName variant="h5" sx={{ display: { xs: 'none', sm: 'block' }, maxWidth: 360 }} />
        <LiveClock />
        <LogoutIconButton />
      </Box>
      <Divider />
      <Box component="main" sx={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
        <NoDashboard large />
      </Box>
    </Box>
  );
};
