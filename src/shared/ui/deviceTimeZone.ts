/** Temporal's clock, where the browser has it (Chromium 144+); not yet in TypeScript's DOM types. */
declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

/**
 * The zone this device shows local times in (IANA name), for what is drawn elsewhere in it: a first
 * screen the server draws (pageCookie.ts), a report (downloadReport.ts). Temporal reads it without
 * ICU: the first Intl formatter of a page loads ICU's data, ~40 ms of main thread in the entry's
 * evaluation on a desktop (×4 on a phone, issue 20's Total Blocking Time), which a screen without
 * dates never needed.
 */
export const deviceTimeZone = (): string =>
  typeof Temporal !== 'undefined' ? Temporal.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
