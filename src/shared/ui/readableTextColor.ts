import type { Theme } from '@mui/material';

/**
 * Text colour that stays readable on a background colour chosen by an administrator. MUI only
 * understands hex/rgb/hsl values; for anything else (e.g. 'orange') the theme's text colour is kept.
 */
export function readableTextColor(theme: Theme, background: string): string | undefined {
  try {
    return theme.palette.getContrastText(background);
  } catch {
    return undefined;
  }
}
