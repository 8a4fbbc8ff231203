import { registerFieldKind } from './fieldKind';
import { textKind } from './text';

/** #rrggbb, what a colour input gives: safe to paste into CSS. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A colour (a category's chip, a calendar entry type), or ''. */
export const colourField = registerFieldKind(
  textKind({
    name: 'colour',
    defaultMax: 7,
    input: { control: 'colour' },
    searched: false,
    rule: { test: (value) => HEX_COLOUR.test(value), message: (label) => `${label} must be a colour as #rrggbb` },
  }),
);
