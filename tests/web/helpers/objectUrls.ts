import { onTestFinished } from 'vitest';

/**
 * Object URLs for the test that calls it (jsdom has none): each created one is `blob:photo-<n>`, or
 * `fixed` when given; revoking does nothing. The browser's own functions come back when the test ends.
 */
export function fakeObjectUrls(fixed?: string): void {
  const created = URL.createObjectURL;
  const revoked = URL.revokeObjectURL;
  let next = 0;
  URL.createObjectURL = () => fixed ?? `blob:photo-${(next += 1)}`;
  URL.revokeObjectURL = () => undefined;
  onTestFinished(() => {
    URL.createObjectURL = created;
    URL.revokeObjectURL = revoked;
  });
}
