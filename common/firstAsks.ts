import type { SessionUser } from './api';
import type { DashboardRecord } from './resources/dashboard';

/**
 * What a phone page asks first, declared once (issue 41 step 3). Each path is a GET under /api and
 * the key of the web app's query cache (src/platform/dataProvider/apiQuery.ts apiKey): the server
 * asks them to draw the page's first screen (server/http/serverScreen.ts), the page holds the
 * answers, and the page's own queries read them under the same keys — so what was answered for the
 * drawing is never asked twice, and the rules of who asks what are these.
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

/** The phone pages with a first screen: the technician's home, an asset's inspect view, the on-site board. */
export type PhonePage = { page: 'home' } | { page: 'inspect'; identification: string } | { page: 'board' };

/** GET `path` under /api, with the session unless `authenticated` is false: the answer, or undefined when it is not a 200. */
export type Ask = (path: string, authenticated?: boolean) => Promise<unknown>;
type Answers = Record<string, unknown>;

/** The user's board and its unfiltered widgets' figures; {} without a board; null when the board is not answered. */
async function boardAnswers(user: User, ask: Ask): Promise<Answers | null> {
  const board = boardOf(user);
  if (!board) return {};
  const dashboard = (await ask(dashboardPath(board))) as DashboardRecord | undefined;
  return dashboard ? { [dashboardPath(board)]: dashboard, ...(await askAll(ask, widgetsWithoutFilters(dashboard).map(widgetPath))) } : null;
}

/** Asks every path at once; the answers that came, under their paths. */
async function askAll(ask: Ask, paths: string[]): Promise<Answers> {
  const answered = await Promise.all(paths.map((path) => ask(path)));
  return Object.fromEntries(paths.flatMap((path, index) => (answered[index] === undefined ? [] : [[path, answered[index]]])));
}

/**
 * Everything `page` shows first, asked with `ask` as soon as what it depends on is answered: the
 * session and the application info, and
 * - the inspect view: its asset group (beside the session), then each asset's previous inspections;
 * - the board: the user's dashboard, then the figures of its widgets that receive no filter;
 * - the home: the user's work orders and recent assets where the user may read them, and the board.
 * Null when the session is refused, or the page's own data is not answered (the app then shows its
 * own not-found or error screen); a user without a board gets no board answers.
 */
export async function askFirst(page: PhonePage, ask: Ask): Promise<Answers | null> {
  const group = page.page === 'inspect' ? assetGroupPath(page.identification) : null;
  const [user, applicationInfo, assets] = await Promise.all([ask(SESSION_PATH) as Promise<SessionUser | undefined>, ask(APPLICATION_INFO_PATH, false), group ? ask(group) : undefined]);
  if (!user) return null;
  let own: Answers | null;
  if (group) {
    if (!Array.isArray(assets) || assets.length === 0) return null;
    const previous = showsPreviousValues(user) ? (assets as { _id: string }[]).map((asset) => previousInspectionsPath(asset._id)) : [];
    own = { [group]: assets, ...(await askAll(ask, previous)) };
  } else if (page.page === 'board') {
    own = await boardAnswers(user, ask);
  } else {
    const lists = [...(user.permissions.includes('read-workorder') ? [MY_WORK_ORDERS_PATH] : []), ...(user.permissions.includes('update-inspection') ? [MY_RECENT_ASSETS_PATH] : [])];
    // The home shows its lists whatever the board answers: a board not answered is drawn as the app draws it then.
    const [listAnswers, board] = await Promise.all([askAll(ask, lists), boardAnswers(user, ask)]);
    own = { ...listAnswers, ...board };
  }
  return own && { [SESSION_PATH]: user, ...(applicationInfo ? { [APPLICATION_INFO_PATH]: applicationInfo } : {}), ...own };
}
