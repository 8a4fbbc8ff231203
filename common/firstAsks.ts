import type { SessionUser } from './api';
import type { DashboardRecord } from './resources/dashboard';

/**
 * What a phone page asks first, declared once (issue 41 step 3). Each path is a GET under /api and,
 * as it stands, the key of the web app's query cache (src/platform/dataProvider/apiQuery.ts
 * apiKey): the server's first-screen render asks these and seeds its render's cache with the
 * answers (server/http/serverScreen.ts), the page holds them, and the page's own queries read them
 * under the same keys — so what was answered for the drawing is never asked twice, and the rules of
 * who asks what are these.
 */

/** Every page: the session's user (spec §2.1) and the application's name and logo (public). */
export const SESSION_PATH = '/token/init';
export const APPLICATION_INFO_PATH = '/init/applicationInfo';

type User = Pick<SessionUser, 'permissions' | 'dashboardId'>;

/** The technician's own work orders (spec §2.3), for users who may read work orders. */
export const MY_WORK_ORDERS_PATH = '/workOrder/my';
/** The assets the technician inspected lately, for users who may inspect. */
export const MY_RECENT_ASSETS_PATH = '/inspection/myRecentAssets';

/**
 * The inspect view's own data: the assets sharing an identification, with their checklists and
 * attributes in the same answer (on a weak signal every round trip counts). Without checklists for
 * the pages that need the assets alone (the thermography note form).
 */
export const assetGroupPath = (identification: string, withChecklists = true) =>
  `/asset/identification/group/${encodeURIComponent(identification)}${withChecklists ? '?expand=checklists' : ''}`;

/**
 * Each item's previous value beside its input, for users who may read inspections (asked without
 * the permission, the 403 would sign the user out: spec §8).
 */
export const showsPreviousValues = (user: User) => user.permissions.includes('read-inspection');
export const previousInspectionsPath = (assetId: string) => `/asset/${encodeURIComponent(assetId)}/previousInspections`;

/** The user's own board (spec §1: the user's dashboardId wins over the role's), when the user may read it. */
export const boardOf = (user: User): string | null => (user.dashboardId && user.permissions.includes('read-dashboard') ? user.dashboardId : null);
export const dashboardPath = (dashboardId: string) => `/dashboard/${encodeURIComponent(dashboardId)}`;
export const widgetPath = (widgetId: string) => `/widget/${encodeURIComponent(widgetId)}`;

/**
 * The widgets a board can show as soon as it is read: those of its sections that receive no filter.
 * A filtered section's figures depend on the phone's calendar and what was chosen in its tab.
 */
export const widgetsWithoutFilters = (dashboard: Pick<DashboardRecord, 'sections'>) => [
  ...new Set(dashboard.sections.filter((section) => section.filters.length === 0).flatMap((section) => section.items.map((item) => item.widget))),
];

/**
 * The inspect view's first screen: its asset group (asked beside the session), then each asset's
 * previous inspections when the user may read them.
 */
export function inspectViewAsks(identification: string) {
  return {
    own: assetGroupPath(identification),
    then: (user: User, assets: readonly { _id: string }[]) => (showsPreviousValues(user) ? assets.map((asset) => previousInspectionsPath(asset._id)) : []),
  };
}

/** The on-site board's first screen: the user's dashboard, then the figures of its unfiltered widgets. */
export const boardAsks = {
  own: (user: User) => {
    const board = boardOf(user);
    return board ? dashboardPath(board) : null;
  },
  then: (dashboard: Pick<DashboardRecord, 'sections'>) => widgetsWithoutFilters(dashboard).map(widgetPath),
};

/**
 * The technician home's first screen: the user's work orders and recent assets where the user may
 * read them, and the user's board as the on-site board asks it.
 */
export const homeAsks = {
  own: (user: User) => [
    ...(user.permissions.includes('read-workorder') ? [MY_WORK_ORDERS_PATH] : []),
    ...(user.permissions.includes('update-inspection') ? [MY_RECENT_ASSETS_PATH] : []),
  ],
  board: boardAsks,
};
