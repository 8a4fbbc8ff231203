import { registerFieldKind } from './fieldKind';
import { textKind } from './text';

/** Text of several lines (notes, descriptions): not searched by default, a growing input. */
export const longTextField = registerFieldKind(textKind({ name: 'longText', defaultMax: 20_000, input: { control: 'text', multiline: true }, searched: false }));
