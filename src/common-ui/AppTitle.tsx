import { Box, Typography, type SxProps, type Theme, type TypographyProps } from '@mui/material';
import { useApplicationInfo } from '../applicationInfo/ApplicationInfoContext';

interface AppTitleProps {
  variant?: TypographyProps['variant'];
  /** Logo height in px. */
  logoHeight?: number;
  /** Extra styles for the name, e.g. a responsive size. */
  nameSx?: SxProps<Theme>;
  /** The name's element: a span in bars, the page's h1 where the title is the page's heading (the on-site board). */
  component?: 'span' | 'h1';
}

/** Company logo (when configured) and application name, as every bar and the login card show them. */
export const AppTitle = ({ variant = 'h6', logoHeight = 32, nameSx, component = 'span' }: AppTitleProps) => {
  const { applicationName, companyLogoURL } = useApplicationInfo();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {companyLogoURL ? (
        <Box
          component="img"
          src={companyLogoURL}
          alt=""
          sx={{ height: logoHeight, maxWidth: logoHeight * 4, objectFit: 'contain', flexShrink: 0 }}
        />
      ) : null}
      <Typography variant={variant} component={component} noWrap sx={[{ fontWeight: 500 }, ...(Array.isArray(nameSx) ? nameSx : [nameSx])]}>
        {applicationName}
      </Typography>
    </Box>
  );
};
