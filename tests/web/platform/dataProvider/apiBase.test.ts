import { describe, expect, it } from 'vitest';
import { apiUrl, deriveApiHost, resolveApiBase } from '../../../../src/platform/dataProvider/apiBase';

const page = { protocol: 'https:', host: 'app.example.com' };

describe('API base (DESIGN §1, spec §7)', () => {
  it('defaults to same-origin /api', () => {
    expect(resolveApiBase({}, page)).toBe('/api');
  });

  it('uses VITE_API_URL when set, without a trailing slash', () => {
    expect(resolveApiBase({ VITE_API_URL: 'https://api.example.net/api/' }, page)).toBe('https://api.example.net/api');
  });

  it('lets VITE_API_URL win over the host rule', () => {
    expect(resolveApiBase({ VITE_API_URL: 'https://x.test/api', VITE_API_HOST_RULE: 'derive' }, page)).toBe(
      'https://x.test/api',
    );
  });

  it("derives the host by appending '-api' to the first label when asked to", () => {
    expect(resolveApiBase({ VITE_API_HOST_RULE: 'derive' }, page)).toBe('https://app-api.example.com/api');
  });

  it.each([
    ['app.example.com', 'app-api.example.com'],
    ['plant.site.example.co.uk', 'plant-api.site.example.co.uk'],
    ['app.example.com:8443', 'app-api.example.com:8443'],
    ['localhost:5173', 'localhost-api:5173'],
  ])('derives %s → %s', (host, expected) => {
    expect(deriveApiHost(host)).toBe(expected);
  });

  it('ignores an unknown host rule', () => {
    expect(resolveApiBase({ VITE_API_HOST_RULE: 'something-else' }, page)).toBe('/api');
  });

  it('joins paths and skips empty query values', () => {
    expect(apiUrl('/token/init', {}, '/api')).toBe('/api/token/init');
    expect(apiUrl('asset', { fields: 'name,identification', limit: 5, skip: undefined }, '/api')).toBe(
      '/api/asset?fields=name%2Cidentification&limit=5',
    );
  });
});
