import { Box, useTheme } from '@mui/material';
import { useSessionUser } from '../platform/authProvider/useSession';
import { cssColorOrNone } from '../../common/cssColor';
import { SafeHtml } from '../shared/ui/SafeHtml';
import { readableTextColor } from '../shared/ui/readableTextColor';

/** The user's banner at the top of the content (spec §2.4): its colour, its HTML sanitised. */
export const SessionBanner = () => {
  const banner = useSessionUser()?.banner;
  const theme = useTheme();
  if (!banner?.message) return null;
  const background = cssColorOrNone(banner.color);
  return (
    <Box
      role="status"
      data-testid="session-banner"
      // a style, not sx: sx would read a colour such as 'primary' as a theme path
      style={background ? { backgroundColor: background, color: readableTextColor(theme, background) } : undefined}
      sx={{ px: 2, py: 1, '& a': { color: 'inherit' }, '& p': { my: 0.5 } }}
    >
      <SafeHtml html={banner.message} />
    </Box>
  );
};
