import { defaultDarkTheme, type RaThemeOptions } from 'react-admin';

/**
 * Names from data (an asset's, a checklist's, an attribute's, a work order's title, an option's
 * value) may be one long word: broken anywhere rather than widening the page — 200 unbroken
 * characters scrolled a 390 px phone 2,600 px sideways (issue 39 §4). `anywhere` rather than
 * `break-word`: only `anywhere` lets the box shrink below the word, so a flex row of buttons or a
 * radio's label wraps its text instead of growing past the screen. A word that fits is never broken.
 * Tables keep their own rule: they scroll sideways in their container (docs/decisions.md, "Long
 * names on a phone").
 */
const BREAK_LONG_WORDS = { overflowWrap: 'anywhere' } as const;

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
  components: {
    ...defaultDarkTheme.components,
    // Headings, body text, list rows (ListItemText), labels of radios and checkboxes
    // (FormControlLabel), links, dialog titles and texts: each is a Typography.
    MuiTypography: { styleOverrides: { root: BREAK_LONG_WORDS } },
    // A checklist option's button, a checklist's or a colour option's toggle: their text is their own.
    MuiButton: { styleOverrides: { root: BREAK_LONG_WORDS } },
    MuiToggleButton: { styleOverrides: { root: BREAK_LONG_WORDS } },
    // Text straight in an alert (a threshold warning naming the value) or a notification (a new work order's title).
    MuiAlert: { styleOverrides: { message: BREAK_LONG_WORDS } },
    MuiSnackbarContent: { styleOverrides: { message: BREAK_LONG_WORDS } },
  },
};
