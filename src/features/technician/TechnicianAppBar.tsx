import { AppBar, Box, Toolbar } from '@mui/material';
import HomeIcon from '@mui/icons-material/Home';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import { useTranslate } from 'react-admin';
import { AppTitle } from '../../shared/ui/AppTitle';
import { HintedIconButton } from '../../shared/ui/HintedIconButton';
import { OfflineStatus } from '../../platform/offline/OfflineStatus';
import { ProfileIconButton } from '../profile/ProfileIconButton';
import { LogoutIconButton } from '../../shell/LogoutIconButton';
import { OutboxChip } from '../../platform/offline/outbox/OutboxChip';

/** Home, Scan QR Code, Profile and Logout as large touch targets (spec §2.3). */
export const TechnicianAppBar = () => {
  const translate = useTranslate();
  const homeLabel = translate('app.shell.home');
  const scanLabel = translate('app.shell.scan_qr_code');
  return (
    <AppBar position="sticky" color="secondary">
      <Toolbar sx={{ gap: 0.5, px: { xs: 1, sm: 2 } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <AppTitle />
        </Box>
        <OutboxChip />
        <HintedIconButton label={homeLabel} to="/inspection" color="inherit" size="large">
          <HomeIcon />
        </HintedIconButton>
        <HintedIconButton label={scanLabel} to="/inspection/scanner" color="inherit" size="large">
          <QrCodeScannerIcon />
        </HintedIconButton>
        <ProfileIconButton />
        <LogoutIconButton />
      </Toolbar>
      <OfflineStatus />
    </AppBar>
  );
};
