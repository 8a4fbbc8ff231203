import { alpha, type Theme } from '@mui/material';

/**
 * FullCalendar's "monarch" theme (Material-like) draws every colour from CSS variables. Instead
 * of one of its fixed palettes, the variables are set from the MUI theme on :root while a calendar
 * is shown (as a palette sets them, so the '+n more' popover FullCalendar draws in <body> has them
 * too), so the calendar has the app's own dark surfaces, text, dividers and primary colour.
 */
export function calendarThemeVars(theme: Theme): Record<string, string> {
  const { palette } = theme;
  const text = palette.text.primary;
  return {
    '--fc-monarch-primary': palette.primary.main,
    '--fc-monarch-primary-foreground': palette.primary.contrastText,
    '--fc-monarch-primary-over': palette.primary.light,
    '--fc-monarch-primary-down': palette.primary.dark,
    '--fc-monarch-secondary': alpha(palette.primary.main, 0.24),
    '--fc-monarch-secondary-foreground': text,
    '--fc-monarch-secondary-over': alpha(palette.primary.main, 0.32),
    '--fc-monarch-secondary-down': alpha(palette.primary.main, 0.4),
    // Monarch marks today with its tertiary colour: the app's primary, as MUI's date pickers do.
    '--fc-monarch-tertiary': palette.primary.main,
    '--fc-monarch-tertiary-foreground': palette.primary.contrastText,
    '--fc-monarch-tertiary-over': palette.primary.light,
    '--fc-monarch-tertiary-down': palette.primary.dark,
    '--fc-monarch-event': palette.primary.main,
    '--fc-monarch-event-contrast': palette.primary.contrastText,
    '--fc-monarch-highlight': alpha(palette.primary.main, 0.16),
    '--fc-monarch-now': palette.error.main,
    '--fc-monarch-selected': alpha(palette.primary.main, 0.24),
    '--fc-monarch-selected-foreground': text,
    '--fc-monarch-selected-over': alpha(palette.primary.main, 0.32),
    '--fc-monarch-selected-down': alpha(palette.primary.main, 0.4),
    '--fc-monarch-outline': palette.primary.light,
    '--fc-monarch-popover': palette.background.paper,
    '--fc-monarch-popover-foreground': text,
    '--fc-monarch-background': palette.background.paper,
    '--fc-monarch-faint': palette.action.hover,
    '--fc-monarch-muted': alpha(text, 0.12),
    '--fc-monarch-strong': alpha(text, 0.2),
    '--fc-monarch-stronger': alpha(text, 0.24),
    '--fc-monarch-strongest': alpha(text, 0.28),
    '--fc-monarch-strong-foreground': text,
    '--fc-monarch-foreground': text,
    '--fc-monarch-faint-foreground': palette.text.disabled,
    '--fc-monarch-muted-foreground': palette.text.secondary,
    '--fc-monarch-border': palette.divider,
    '--fc-monarch-strong-border': alpha(text, 0.3),
  };
}
