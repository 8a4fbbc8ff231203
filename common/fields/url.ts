import { registerFieldKind } from './fieldKind';
import { textKind } from './text';

/** A web address a browser opens: http(s), with a host. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A web address (a vendor's site, a manual), or ''. */
export const urlField = registerFieldKind(
  textKind({
    name: 'url',
    defaultMax: 2000,
    input: { control: 'text', inputMode: 'url' },
    searched: false,
    rule: { test: isWebAddress, message: (label) => `${label} is not a web address (https://…)` },
    format: 'uri',
  }),
);
