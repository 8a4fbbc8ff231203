import { useEffect, useMemo, useState } from 'react';

/**
 * The QR code of a payload as an SVG image URL (crisp at any print resolution). The generator is
 * imported on first use so it stays in a chunk of its own. Error correction M survives a worn or
 * slightly dirty label; the library's 4-module quiet zone is kept for reliable scanning.
 */
export async function qrImageUrl(payload: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, color: { dark: '#000000', light: '#ffffff' } });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

interface Generated {
  key: string;
  codes: ReadonlyMap<string, string> | null;
  failed: boolean;
}

/** The images of these payloads once all are generated (null until then), or failed. */
export function useQrCodes(payloads: readonly string[]): { codes: ReadonlyMap<string, string> | null; failed: boolean } {
  const unique = useMemo(() => [...new Set(payloads)], [payloads]);
  const key = unique.join('\u0000');
  const [generated, setGenerated] = useState<Generated>({ key: '', codes: null, failed: false });

  useEffect(() => {
    let current = true;
    const list = key ? key.split('\u0000') : [];
    Promise.all(list.map(async (payload) => [payload, await qrImageUrl(payload)] as const))
      .then((entries) => current && setGenerated({ key, codes: new Map(entries), failed: false }))
      .catch(() => current && setGenerated({ key, codes: null, failed: true }));
    return () => {
      current = false;
    };
  }, [key]);

  return generated.key === key ? generated : { codes: null, failed: false };
}
