/** The API's /workOrder/{id} and what hangs below it (its /activity), for every screen's calls. */
export const workOrderApiPath = (id: string, rest = ''): string => `/workOrder/${encodeURIComponent(id)}${rest}`;
