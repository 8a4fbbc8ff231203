import simpleRestProvider from 'ra-data-simple-rest';
import { API_BASE } from './apiBase';
import { httpClient } from './httpClient';

/** CRUD calls follow the ra-data-simple-rest contract the server honours (DESIGN §3). */
export const dataProvider = simpleRestProvider(API_BASE, httpClient);

export { apiFetch } from './apiFetch';
export type { ApiRequest } from './apiFetch';
export { useApiFetch } from './useApiFetch';
