import { fetchUtils } from 'react-admin';
import { apiUrl, type QueryValue } from './apiBase';
import { httpClient } from './httpClient';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Public calls (login, application info) go without the x-auth header. */
  authenticated?: boolean;
  signal?: AbortSignal;
  /** Sent as they are, e.g. an Idempotency-Key (docs/offline.md). */
  headers?: Record<string, string>;
}

/**
 * A typed JSON call to the API for everything that is not CRUD. Failures reject with ra-core's
 * HttpError whose message is the server's `message` (spec §8 shows it verbatim). Components should
 * call it through useApiFetch so that 401/403 answers send the user to Login.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', body, query, authenticated = true, signal, headers } = request;
  const send = authenticated ? httpClient : fetchUtils.fetchJson;
  const { json } = await send(apiUrl(path, query), {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
    ...(headers ? { headers: new Headers({ Accept: 'application/json', ...headers }) } : {}),
  });
  return json as T;
}
