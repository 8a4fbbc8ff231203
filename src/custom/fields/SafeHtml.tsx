import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { Box, type SxProps, type Theme } from '@mui/material';

interface SafeHtmlProps {
  html: string | null | undefined;
  component?: 'div' | 'span';
  sx?: SxProps<Theme>;
  className?: string;
}

/**
 * The one way HTML from data or scripts reaches the page (DESIGN §7): sanitised by DOMPurify
 * (HTML profile only: scripts, event handlers, SVG/MathML and javascript: URLs are removed).
 */
export const SafeHtml = ({ html, component = 'div', sx, className }: SafeHtmlProps) => {
  const clean = useMemo(() => DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } }), [html]);
  return <Box component={component} className={className} sx={sx} dangerouslySetInnerHTML={{ __html: clean }} />;
};
