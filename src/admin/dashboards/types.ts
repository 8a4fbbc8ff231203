import type { DashboardRecord as Dashboard } from '../../../common/resources/dashboard';

export type DashboardAdminRecord = Dashboard & { id: string };
