/**
 * Where the API lives. DESIGN §1: same-origin `/api` by default (one host, no CORS); the spec's
 * rule of deriving the API host from the page host stays available behind a build setting.
 */
import { deriveApiHost } from '../../../common/apiHost';

export { deriveApiHost };

export interface ApiBaseSettings {
  VITE_API_URL?: string;
  VITE_API_HOST_RULE?: string;
}

export interface PageLocation {
  protocol: string;
  host: string;
}

export const API_PATH = '/api';

export function resolveApiBase(settings: ApiBaseSettings, page: PageLocation): string {
  const explicit = settings.VITE_API_URL?.trim();
  if (explicit) return explicit.replace(/\/+$/, '');
  if (settings.VITE_API_HOST_RULE === 'derive') {
    return `${page.protocol}//${deriveApiHost(page.host)}${API_PATH}`;
  }
  return API_PATH;
}

// A server render (src/platform/firstScreen/) asks nothing itself: the same-origin path stands for the API.
export const API_BASE = typeof window === 'undefined' ? API_PATH : resolveApiBase(import.meta.env, window.location);

export type QueryValue = string | number | boolean | null | undefined;

/** Absolute API URL for a path such as '/token/init'; undefined/null query values are left out. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}, base: string = API_BASE): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const queryString = search.toString();
  const normalisedPath = path.startsWith('/') ? path : `/${path}`;
  return `${base}${normalisedPath}${queryString ? `?${queryString}` : ''}`;
}
