import { useState } from 'react';
import { Box, Typography, type SxProps, type Theme, type TypographyProps } from '@mui/material';
import { useApplicationInfo } from '../../platform/applicationInfo/ApplicationInfoContext';
import { useOfflineStatus, type OfflineStatusState } from '../../platform/offline/offlineStatus';

interface AppTitleProps {
  variant?: TypographyProps['variant'];
  /** Logo height in px. */
  logoHeight?: number;
  /** Extra styles for the name, e.g. a responsive size. */
  nameSx?: SxProps<Theme>;
  /** The name's element: a span in bars, the page's h1 where the title is the page's heading (the on-site board). */
  component?: 'span' | 'h1';
}

/**
 * The logo. One that could not load (no network, and the service worker has no copy) is hidden, not
 * shown broken, until the network state changes — back online, or the server answering again — and
 * then asked for again (issue 40 §10c: it came back only after a reload).
 */
const CompanyLogo = ({ src, height }: { src: string; height: number }) => {
  const network = useOfflineStatus();
  const [failedUnder, setFailedUnder] = useState<{ src: string; network: OfflineStatusState } | null>(null);
  if (failedUnder?.src === src && failedUnder.network === network) return null;
  const failed = () => setFailedUnder({ src, network });
  return (
    <Box
      component="img"
      src={src}
      alt=""
      // Decoration beside the name: its request yields to what the screen needs.
      fetchPriority="low"
      onError={failed}
      // Its error can come while React has the picture but not yet on screen (a render that waits),
      // and is then lost: a picture that ended broken (a loaded one has a size, even an SVG) is looked for as it is put on screen.
      ref={(img: HTMLImageElement | null) => {
        if (img?.complete && img.naturalWidth === 0) failed();
      }}
      sx={{ height, maxWidth: height * 4, objectFit: 'contain', flexShrink: 0 }}
    />
  );
};

/** Company logo (when configured) and application name, as every bar and the login card show them. */
export const AppTitle = ({ variant = 'h6', logoHeight = 32, nameSx, component = 'span' }: AppTitleProps) => {
  const { applicationName, companyLogoURL } = useApplicationInfo();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      {companyLogoURL ? <CompanyLogo src={companyLogoURL} height={logoHeight} /> : null}
      <Typography variant={variant} component={component} noWrap sx={[{ fontWeight: 500 }, ...(Array.isArray(nameSx) ? nameSx : [nameSx])]}>
        {applicationName}
      </Typography>
    </Box>
  );
};
