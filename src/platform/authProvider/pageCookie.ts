import { FORMER_PAGE_COOKIE_PATHS, PAGE_COOKIE, PAGE_COOKIE_PATHS, ZONE_COOKIE } from '../../../common/firstScreen';
import { deviceTimeZone } from '../../shared/ui/deviceTimeZone';
import { tokenClaims } from './tokenClaims';

/** A token whose expiry cannot be read is kept this long: the server checks it anyway. */
const FALLBACK_LIFETIME_S = 30 * 24 * 3600;

/** Seconds until the token's `exp` (only the cookie's lifetime depends on it). */
function secondsLeft(token: string): number {
  const { exp } = tokenClaims(token);
  return typeof exp === 'number' ? Math.max(0, Math.floor(exp - Date.now() / 1000)) : FALLBACK_LIFETIME_S;
}

/**
 * Mirrors the session's token into PAGE_COOKIE (common/firstScreen.ts), sent only with the pages the
 * server draws a first screen of; `null` removes it (signed out: the next page drawn for this phone
 * is nobody's). Not HttpOnly, by necessity and without loss: it is the token localStorage holds.
 * SameSite=Lax: a label's link opened from the camera is a navigation from another site. The
 * phone's time zone goes beside it (ZONE_COOKIE), so the times on a drawn screen are the phone's.
 * Written at every start too, so a phone that changed zone since sign-in tells the new one.
 */
export function mirrorPageCookie(token: string | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const lifetime = token ? secondsLeft(token) : 0;
  for (const path of PAGE_COOKIE_PATHS) {
    document.cookie = `${PAGE_COOKIE}=${lifetime > 0 ? token : ''}; Path=${path}; Max-Age=${lifetime}; SameSite=Lax${secure}`;
    document.cookie = `${ZONE_COOKIE}=${lifetime > 0 ? encodeURIComponent(deviceTimeZone()) : ''}; Path=${path}; Max-Age=${lifetime}; SameSite=Lax${secure}`;
  }
  for (const path of FORMER_PAGE_COOKIE_PATHS) {
    for (const name of [PAGE_COOKIE, ZONE_COOKIE]) document.cookie = `${name}=; Path=${path}; Max-Age=0; SameSite=Lax${secure}`;
  }
}
