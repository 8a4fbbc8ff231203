import { defaultDarkTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's dark theme on the near-black background index.html paints before the app loads. */
export const appTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    background: { default: '#121212', paper: '#1e1e1e' },
  },
  // Wide enough for the longest drawer entry ("Configuration management") without cutting it.
  sidebar: { width: 270, closedWidth: 50 },
};
