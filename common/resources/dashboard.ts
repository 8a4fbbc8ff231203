import { nonBlank, strictObject } from './schemaParts';

/** A dashboard as far as roles and users refer to it; filters, sections and items arrive with the dashboard screens. */
export interface DashboardRecord {
  _id: string;
  name: string;
}

export const dashboardSchema = strictObject({
  name: nonBlank('name'),
});
