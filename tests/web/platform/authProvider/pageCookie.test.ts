import { afterEach, describe, expect, it } from 'vitest';
import { mirrorPageCookie } from '../../../../src/platform/authProvider/pageCookie';
import { tokenSubject } from '../../../../src/platform/authProvider/tokenClaims';

/*
 * The session's token mirrored into the page cookie, sent with the phone pages the server draws
 * (docs/decisions.md "A cookie for the page request"), for as long as the token itself is valid.
 */

/** A token as the API signs it (base64url, no padding), with these claims. */
const tokenWith = (claims: Record<string, unknown>) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.signature`;
const pageCookies = () => Object.fromEntries(document.cookie.split('; ').filter(Boolean).map((pair) => pair.split('=') as [string, string]));

afterEach(() => {
  mirrorPageCookie(null);
  window.history.replaceState(null, '', '/');
});

describe('the page cookie', () => {
  it('holds the token and the phone’s zone on the drawn pages’ paths only, while the token is valid', () => {
    const token = tokenWith({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 });
    mirrorPageCookie(token);
    window.history.replaceState(null, '', '/inspection/asset/identification/SKD-001');
    expect(pageCookies().fo_page).toBe(token);
    expect(pageCookies().fo_zone).toBe(encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone));
    window.history.replaceState(null, '', '/onsite');
    expect(pageCookies().fo_page).toBe(token);
    window.history.replaceState(null, '', '/home');
    expect(pageCookies().fo_page).toBeUndefined();
  });

  it('is not kept for a token already expired, and is removed at sign-out', () => {
    window.history.replaceState(null, '', '/inspection');
    mirrorPageCookie(tokenWith({ sub: 'u1', exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(pageCookies().fo_page).toBeUndefined();
    mirrorPageCookie(tokenWith({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }));
    expect(pageCookies().fo_page).toBeDefined();
    mirrorPageCookie(null);
    expect(pageCookies().fo_page).toBeUndefined();
    expect(pageCookies().fo_zone).toBeUndefined();
  });
});

describe('a stored token’s user', () => {
  it('is its subject, read from base64url; nobody for a token that cannot be read', () => {
    // '~~~' and '???' encode to base64 with '+' and '/': base64url writes them '-' and '_'.
    expect(tokenSubject(tokenWith({ sub: 'u~~~???' }))).toBe('u~~~???');
    expect(tokenSubject(tokenWith({ sub: 42 }))).toBeNull();
    for (const unreadable of [null, '', 'no-dots', 'a.!!!.c', `a.${btoa('null')}.c`]) expect(tokenSubject(unreadable), String(unreadable)).toBeNull();
  });
});
