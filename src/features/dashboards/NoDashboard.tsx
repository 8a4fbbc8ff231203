import { Box, Typography } from '@mui/material';
import DashboardOutlinedIcon from '@mui/icons-material/DashboardOutlined';
import { useTranslate } from 'react-admin';

/** What a user whose role has no dashboard sees where the dashboard would be. */
export const NoDashboard = ({ large = false }: { large?: boolean }) => {
  const translate = useTranslate();
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        py: large ? 8 : 6,
        px: 2,
        color: 'text.secondary',
      }}
    >
      <DashboardOutlinedIcon sx={{ fontSize: large ? 96 : 64, opacity: 0.6 }} />
      <Typography
        variant={large ? 'h3' : 'h6'}
        component="h2"
        color="text.primary"
        sx={large ? { typography: { xs: 'h5', md: 'h3' } } : undefined}
      >
        {translate('app.dashboard.none_title')}
      </Typography>
      <Typography
        variant={large ? 'h5' : 'body1'}
        sx={large ? { maxWidth: 900, typography: { xs: 'body1', md: 'h5' } } : { maxWidth: 480 }}
      >
        {translate('app.dashboard.none_hint')}
      </Typography>
    </Box>
  );
};
