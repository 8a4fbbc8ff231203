import { useCallback, useState } from 'react';
import { Box, Divider } from '@mui/material';
import { useTranslate } from 'react-admin';
import { AppTitle } from '../../shared/ui/AppTitle';
import { UserDashboard } from '../dashboards/UserDashboard';
import { LogoutIconButton } from '../../shell/LogoutIconButton';
import { UserName } from '../../shell/UserName';
import { ConnectionIndicator } from './ConnectionIndicator';
import { LiveClock } from './LiveClock';
import { OpenAlertsPanel } from './OpenAlertsPanel';

/**
 * The on-site wall board (/onsite, DESIGN §9): the user's dashboard full screen in large type, the
 * site's open alerts beside it, a clock and whether updates are arriving always in view; read-only.
 */
export const OnsiteShell = () => {
  const translate = useTranslate();
  // On a phone the alerts sit below the dashboard: shown once its layout is known, they never jump (issue 20, CLS).
  const [dashboardSettled, setDashboardSettled] = useState(false);
  const settle = useCallback(() => setDashboardSettled(true), []);
  return (
    <Box sx={{ minHeight: '100dvh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      {/*
        One row on a wall screen. On a phone the names and Logout keep the first row (the names cut
        with an ellipsis, never dropped) and the connection and clock take a row of their own.
      */}
      <Box
        component="header"
        sx={{
          display: 'flex',
          alignItems: 'center',
          flexWrap: 'wrap',
          columnGap: { xs: 1, md: 4 },
          rowGap: 1,
          px: { xs: 2, md: 4 },
          py: { xs: 1.5, md: 2 },
          position: 'sticky',
          top: 0,
          zIndex: 1,
          bgcolor: 'background.default',
        }}
      >
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <AppTitle component="h1" variant="h3" logoHeight={64} nameSx={{ typography: { xs: 'h5', md: 'h3' } }} />
        </Box>
        <UserName variant="h5" sx={{ flex: '0 1 auto', minWidth: 0, maxWidth: { xs: '45%', lg: 360 }, typography: { xs: 'body1', md: 'h5' } }} />
        <Box
          data-testid="onsite-status"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: { xs: 1.5, md: 4 },
            justifyContent: 'space-between',
            order: { xs: 1, md: 0 },
            flexBasis: { xs: '100%', md: 'auto' },
          }}
        >
          <ConnectionIndicator />
          <LiveClock />
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <LogoutIconButton />
        </Box>
      </Box>
      <Divider />
      {/* The board's name on its main landmark: on the wrapping div (no role) axe counted it as content outside any landmark. */}
      <Box
        component="main"
        aria-label={translate('app.onsite.board_label')}
        sx={{ flex: 1, display: 'grid', gap: { xs: 2, md: 4 }, p: { xs: 2, md: 4 }, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(320px, 1fr)' }, alignItems: 'start' }}
      >
        <UserDashboard large onSettled={settle} />
        <Box sx={dashboardSettled ? { minWidth: 0 } : { display: 'none' }}>
          <OpenAlertsPanel />
        </Box>
      </Box>
    </Box>
  );
};
