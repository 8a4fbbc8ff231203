import { fetchUtils } from 'react-admin';
import { readScope, readWithOfflineCopy, type OfflineReadOptions } from '../offline/offlineReads';
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
  /**
   * GETs only: keep the answer on this phone, and answer the kept copy (or the offline catalogue's)
   * when the network does not answer (src/platform/offline/offlineReads.ts, docs/offline.md). Per user: a
   * call made before the session user is loaded keeps nothing.
   */
  offline?: boolean | OfflineReadOptions;
}

/**
 * A typed JSON call to the API for everything that is not CRUD. Failures reject with ra-core's
 * HttpError whose message is the server's `message` (spec §8 shows it verbatim). Components should
 * call it through useApiFetch so that 401/403 answers send the user to Login.
 */
export async function apiFetch<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { method = 'GET', body, query, authenticated = true, signal, headers, offline } = request;
  const send = authenticated ? httpClient : fetchUtils.fetchJson;
  const call = async () => {
    const { json } = await send(apiUrl(path, query), {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      ...(headers ? { headers: new Headers({ Accept: 'application/json', ...headers }) } : {}),
    });
    return json as T;
  };
  if (!offline || method !== 'GET') return call();
  return readWithOfflineCopy(readScope(authenticated), apiUrl(path, query, ''), call, offline === true ? {} : offline);
}
