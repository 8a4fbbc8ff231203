import { useMemo } from 'react';
import { Box, type SxProps, type Theme } from '@mui/material';
import { sanitizeStoredHtml } from './sanitizeStoredHtml';

interface SafeHtmlProps {
  html: string | null | undefined;
  sx?: SxProps<Theme>;
  className?: string;
}

/**
 * What contains whatever the sanitiser's rules miss: paint containment makes the box the containing
 * block of fixed and absolute descendants, a stacking context of its own, and clips them to it.
 */
const CONTAINED = {
  contain: 'paint',
  overflowWrap: 'break-word',
  '& img': { maxWidth: '100%', height: 'auto' },
} as const;

/**
 * The one way HTML from data or scripts reaches the page (DESIGN §7): sanitised with the data
 * profile (sanitizeStoredHtml) and drawn inside a box it cannot leave.
 */
export const SafeHtml = ({ html, sx, className }: SafeHtmlProps) => {
  const clean = useMemo(() => sanitizeStoredHtml(html), [html]);
  return (
    <Box
      data-safe-html=""
      className={className}
      sx={[CONTAINED, ...(Array.isArray(sx) ? sx : [sx])]}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
};
