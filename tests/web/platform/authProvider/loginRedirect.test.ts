import { describe, expect, it } from 'vitest';
import { isSafeReturnPath, loginPathFor, returnPathAfterLogin } from '../../../../src/platform/authProvider/loginRedirect';

describe("Login's from (spec §2.1)", () => {
  it('URL-encodes path and search into from', () => {
    expect(loginPathFor({ pathname: '/home/userManagement', search: '' })).toBe('/login?from=%2Fhome%2FuserManagement');
    expect(loginPathFor({ pathname: '/home/asset/table', search: '?q=pump 1' })).toBe(
      '/login?from=%2Fhome%2Fasset%2Ftable%3Fq%3Dpump%201',
    );
  });

  it.each(['/home', '/inspection/asset/identification/ASSET_ID-7', '/home/alert/table?x=1'])(
    'follows the same-site path %s',
    (from) => {
      expect(isSafeReturnPath(from)).toBe(true);
      expect(returnPathAfterLogin(from)).toBe(from);
    },
  );

  it.each([null, '', 'home', 'https://evil.example', '//evil.example', '/\\evil.example', '/login', '/login?from=%2F'])(
    'refuses %s and goes home instead',
    (from) => {
      expect(returnPathAfterLogin(from)).toBe('/');
    },
  );
});
