import { afterEach, describe, expect, it, vi } from 'vitest';
import drawScreen from '../../../../src/platform/firstScreen/drawScreen';
import { sessionUser } from '../../helpers/sessionUsers';

/*
 * Issue 20: the on-site board's first screen, drawn as the server draws it (react-dom/static, the
 * answers handed in, no effect run). Which answers the server asks is tests/api/serverScreen.test.ts;
 * its paint and React's takeover in Chromium, tests/e2e/shell.test.ts.
 */

const DASHBOARD_ID = 'd0000000000000000000000b';
const onsite = sessionUser(['view-onsite', 'read-dashboard', 'read-alert', 'read-asset'], { _id: 'u-board', name: 'Olga Onsite', roleName: 'ROLE_ONSITE', dashboardId: DASHBOARD_ID });
const widget = (id: string, name: string, type: string, data: unknown) => ({ _id: id, name, type, description: '', options: {}, data, dependsOn: ['alert'] });
const OPEN = widget('w1', 'Open alerts', 'string', { value: '12', caption: 'alerts need attention' });
const WEEK = widget('w2', 'Inspections this week', 'progress', { value: 20, max: 21, caption: '20 of 21' });
const TREND = widget('w3', 'Alert trend', 'chart', { type: 'bar', chartData: { labels: ['a'], datasets: [{ data: [1] }] } });
const board = {
  _id: DASHBOARD_ID,
  name: 'Plant room board',
  filters: [{ name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '7', values: '1,7,30,90' } }],
  sections: [
    { title: 'Live', sequenceId: 1, filters: [], items: [{ _id: 'i1', widget: OPEN._id, width: 6, height: 260, sequenceId: 1 }, { _id: 'i2', widget: WEEK._id, width: 6, height: 260, sequenceId: 2 }] },
    { title: 'Alerts over the period', sequenceId: 2, filters: ['period'], items: [{ _id: 'i3', widget: TREND._id, width: 12, height: 320, sequenceId: 1 }] },
  ],
};
const answers = {
  '/token/init': onsite,
  '/init/applicationInfo': { applicationName: 'North Plant', companyLogoURL: '' },
  [`/dashboard/${DASHBOARD_ID}`]: board,
  [`/widget/${OPEN._id}`]: OPEN,
  [`/widget/${WEEK._id}`]: WEEK,
};

const parsed = (html: string) => new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
const region = (page: Document, name: string) => page.querySelector(`section[aria-label="${name}"]`);

afterEach(() => vi.useRealTimers());

describe('the on-site board drawn on the server', () => {
  it("draws the board's name, the user, and the figures of the widgets it was handed", async () => {
    const page = parsed((await drawScreen({ path: '/onsite', answers, drawnFor: { timeZone: 'UTC', userAgent: '' } })).html);
    expect(page.querySelector('h1')?.textContent).toContain('North Plant');
    expect(page.body.textContent).toContain('Olga Onsite');
    expect(page.querySelector('main')?.getAttribute('aria-label')).toBeTruthy();
    expect(region(page, 'Open alerts')?.querySelector('[data-testid="widget-value"]')?.textContent).toBe('12');
    expect(region(page, 'Open alerts')?.textContent).toContain('alerts need attention');
    expect(region(page, 'Inspections this week')?.querySelector('[role="progressbar"][aria-label="20 of 21"]')).not.toBeNull();
    expect(region(page, 'Inspections this week')?.getAttribute('aria-busy')).toBe('false');
    // The trend receives the period: not handed, it is drawn loading, and its figures come with the app.
    const trend = page.querySelector(`[data-widget-id="${TREND._id}"]`);
    expect(trend?.getAttribute('aria-busy')).toBe('true');
    expect(trend?.querySelector('canvas')).toBeNull();
  });

  it("shows the period's dates as the phone's calendar has them, whatever the server's", async () => {
    // 2026-11-20 03:00 UTC: still the 19th in Chicago (UTC−6), already the 20th in Tokyo (UTC+9).
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 20, 3, 0), toFake: ['Date'] });
    const dates = async (timeZone: string) =>
      [...parsed((await drawScreen({ path: '/onsite', answers, drawnFor: { timeZone, userAgent: '' } })).html).querySelectorAll('input')].map((input) => input.getAttribute('value')).filter(Boolean);
    // Seven days back to today (spec §9 '{n} days'), in the date inputs' format.
    expect(await dates('America/Chicago')).toEqual(['2026-11-12', '2026-11-19']);
    expect(await dates('Asia/Tokyo')).toEqual(['2026-11-13', '2026-11-20']);
  });

  it('draws the board without a dashboard as the app does, for a user who has none', async () => {
    const page = parsed((await drawScreen({ path: '/onsite', answers: { '/token/init': { ...onsite, dashboardId: null } }, drawnFor: { timeZone: 'UTC', userAgent: '' } })).html);
    expect(page.querySelector('[data-widget-id]')).toBeNull();
    expect(page.querySelector('main')).not.toBeNull();
  });
});
