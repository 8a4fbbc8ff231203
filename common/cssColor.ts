import colorString from 'color-string';

/**
 * Colours from data and scripts end up in CSS (an `sx` value is pasted into a style rule as is), so
 * a "colour" such as `red;background-image:url(http://…)` would be CSS of its own (DESIGN §7, issue
 * 16 §4). A colour is accepted only when it is a CSS colour and nothing else: a name, #hex, rgb(a),
 * hsl(a) or hwb — what color-string parses — or `currentcolor`, which it does not know.
 * Decisions: docs/web-shell.md, "Colours".
 */

/** Longer than any colour written by hand; keeps the parser's regular expressions on short input. */
const MAX_COLOUR_LENGTH = 64;

export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_COLOUR_LENGTH) return false;
  return value.toLowerCase() === 'currentcolor' || colorString.get(value) !== null;
}

/** The value when it is a CSS colour, else undefined: a drawing then goes on as if none was given. */
export function cssColorOrNone(value: unknown): string | undefined {
  return isCssColor(value) ? value : undefined;
}

/**
 * MUI palette names a table action's button takes as its `color` (spec §3 customActions colour);
 * they are drawn by the theme, not pasted into CSS.
 */
export const THEME_COLOUR_NAMES = ['primary', 'secondary', 'error', 'warning', 'info', 'success', 'inherit'] as const;
export type ThemeColourName = (typeof THEME_COLOUR_NAMES)[number];

export function isThemeColourName(value: unknown): value is ThemeColourName {
  return typeof value === 'string' && (THEME_COLOUR_NAMES as readonly string[]).includes(value);
}

/** What a colour field's 400 says, naming the field. */
export const colourProblem = (field: string) => `${field} must be a CSS colour: a name such as red, #rrggbb, rgb(…) or hsl(…)`;
