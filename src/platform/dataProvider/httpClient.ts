import { fetchUtils } from 'react-admin';
import { sessionStore } from '../authProvider/sessionStore';

/**
 * fetchJson with the session's JWT in the x-auth header (spec §7), used for every authenticated
 * call. A password change invalidates earlier tokens, so the server answers that call with a fresh
 * token in its own x-auth header; keeping it keeps this session signed in.
 */
export async function httpClient(url: string, options: fetchUtils.Options = {}) {
  const headers = new Headers(options.headers ?? { Accept: 'application/json' });
  const token = sessionStore.getToken();
  if (token) headers.set('x-auth', token);
  const response = await fetchUtils.fetchJson(url, { ...options, headers });
  const renewed = response.headers.get('x-auth');
  if (renewed) sessionStore.renewToken(renewed);
  return response;
}
