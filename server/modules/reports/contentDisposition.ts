/**
 * `attachment; filename="<ascii>"; filename*=UTF-8''<utf-8>` (RFC 6266 / RFC 5987): the plain
 * name for old clients with anything outside printable ASCII replaced, the exact name for the rest.
 * Path separators, quotes and control characters never reach either form.
 */
export function attachmentDisposition(baseName: string, extension: string): string {
  // eslint-disable-next-line no-control-regex -- control characters must never reach a header
  const safe = baseName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '_').replace(/\s+/g, ' ').trim().replace(/^\.+/, '') || 'report';
  const full = `${safe.slice(0, 150)}.${extension}`;
  const ascii = full.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(full).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return ascii === full ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
