import { QR_ASSET_PREFIX } from '../constants';

/** What a scanned code says about a spare part (docs/qr-labels.md, "Part labels"). */
export type PartLabel =
  | { kind: 'part'; partNumber: string }
  /** An asset's label (`ASSET_ID:…`): the technician scanned the wrong code. */
  | { kind: 'asset' }
  | { kind: 'none' };

const URL_PATTERN = /^[a-z][a-z0-9+.-]*:\/\//i;

function lastPathSegment(text: string): string {
  try {
    const segments = new URL(text).pathname.split('/').filter((segment) => segment !== '');
    return decodeURIComponent(segments.at(-1) ?? '').trim();
  } catch {
    return '';
  }
}

/**
 * A part's QR label holds its part number, or a URL ending in it (a stores system's link to the
 * part, e.g. `https://stores.example/parts/SK-100`). Blanks around the text are trimmed, as on
 * asset labels; a URL's query and fragment are not part of the number. An asset's label is told
 * apart so the phone can say so.
 */
export function parsePartLabel(raw: string): PartLabel {
  const text = raw.trim();
  if (text.startsWith(QR_ASSET_PREFIX)) return { kind: 'asset' };
  const partNumber = URL_PATTERN.test(text) ? lastPathSegment(text) : text;
  return partNumber === '' ? { kind: 'none' } : { kind: 'part', partNumber };
}
