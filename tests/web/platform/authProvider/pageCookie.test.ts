import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';

/*
 * Issues 20, 41: the token is mirrored into a cookie sent with the technician's pages and the board
 * alone, so the server can draw their first screen (server/http/serverScreen.ts), with the phone's
 * time zone beside it (the drawn times are the phone's). Names by hand: the cookies `fo_page` and
 * `fo_zone`, on those paths; gone when the session is, and gone from the path earlier versions used.
 */

const NOW_S = 1_800_000_000;
const tokenExpiringIn = (seconds: number) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub: 'u1', exp: NOW_S + seconds })).replace(/=+$/, '')}.signature`;

/** The phone's zone: one with a slash, escaped in the cookie. */
const ZONE = 'America/Argentina/Buenos_Aires';
/** The pages the server draws: the technician's (home, inspect view) and the on-site board. */
const PATHS = ['Path=/inspection', 'Path=/onsite'];
/** Where earlier versions wrote them: cleared at every write. */
const FORMER = ['fo_page=; Path=/inspection/asset/identification/; Max-Age=0; SameSite=Lax', 'fo_zone=; Path=/inspection/asset/identification/; Max-Age=0; SameSite=Lax'];
const ESCAPED_ZONE = 'America%2FArgentina%2FBuenos_Aires';

/** The cookies written for each page's path: the token and the zone (both empty when removed). */
const written = (token: string, zone: string, maxAge: number) =>
  [...PATHS.flatMap((path) => [`fo_page=${token}; ${path}; Max-Age=${maxAge}; SameSite=Lax`, `fo_zone=${zone}; ${path}; Max-Age=${maxAge}; SameSite=Lax`]), ...FORMER];

function cookiesWritten(run: () => void): string[] {
  const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolved.call(this), timeZone: ZONE };
  });
  const setter = vi.spyOn(document, 'cookie', 'set');
  try {
    run();
    return setter.mock.calls.map(([value]) => value);
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => vi.useRealTimers());

describe('the page cookie', () => {
  it('is written with the token on sign-in and on renewal, for the technician pages and the board only, until the token expires', () => {
    vi.useFakeTimers({ now: NOW_S * 1000, toFake: ['Date'] });
    const first = tokenExpiringIn(3600);
    expect(cookiesWritten(() => sessionStore.setToken(first))).toEqual(written(first, ESCAPED_ZONE, 3600));
    const renewed = tokenExpiringIn(7200);
    expect(cookiesWritten(() => sessionStore.renewToken(renewed))).toEqual(written(renewed, ESCAPED_ZONE, 7200));
  });

  it('is removed when the session ends (signed out, or refused)', () => {
    sessionStore.setToken(tokenExpiringIn(3600));
    expect(cookiesWritten(() => sessionStore.clear())).toEqual(written('', '', 0));
  });

  it('is not written for a token already expired, and lasts 30 days for one whose expiry cannot be read', () => {
    vi.useFakeTimers({ now: NOW_S * 1000, toFake: ['Date'] });
    expect(cookiesWritten(() => sessionStore.setToken(tokenExpiringIn(-5)))).toEqual(written('', '', 0));
    expect(cookiesWritten(() => sessionStore.setToken('opaque-token'))).toEqual(written('opaque-token', ESCAPED_ZONE, 2592000));
  });

  it('takes the zone from Temporal where the browser has it, without starting an Intl formatter (~40 ms of ICU at start)', () => {
    vi.stubGlobal('Temporal', { Now: { timeZoneId: () => 'Pacific/Chatham' } });
    const formatter = vi.spyOn(Intl, 'DateTimeFormat');
    const setter = vi.spyOn(document, 'cookie', 'set');
    try {
      sessionStore.setToken('opaque-token');
      expect(setter.mock.calls.map(([value]) => value).filter((value) => value.startsWith('fo_zone=') && !FORMER.includes(value))).toEqual(
        PATHS.map((path) => `fo_zone=Pacific%2FChatham; ${path}; Max-Age=2592000; SameSite=Lax`),
      );
      expect(formatter).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });

  it('is sent with the technician pages and the board, and nothing else of the origin', () => {
    sessionStore.setToken('opaque-token');
    // jsdom's cookie jar applies Path as a browser does: this document is under neither page.
    expect(document.cookie).not.toContain('fo_page');
    expect(document.cookie).not.toContain('fo_zone');
  });
});
