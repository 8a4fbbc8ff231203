/**
 * C0 and C1 control characters and DEL: PostgreSQL text cannot hold NUL, and none belongs in a
 * file name. Every upload refuses such a name with a 400 naming its field (issue 16).
 */
export function hasControlCharacter(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
