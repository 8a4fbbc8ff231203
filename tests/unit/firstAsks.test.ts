import { describe, expect, it } from 'vitest';
import { APPLICATION_INFO_PATH, askFirst, SESSION_PATH } from '../../common/firstAsks';
import { phonePageOf } from '../../common/firstScreen';
import { finePointerGuess } from '../../src/shared/ui/device';

/*
 * What a phone page asks first (common/firstAsks.ts), read by the server's first-screen render and
 * the page's queries alike. The paths are the spec's routes (§7); the rules are who may ask them
 * (a 403 signs the user out, spec §8).
 */
const technician = { _id: 'u1', permissions: ['view-technician', 'read-inspection', 'update-inspection', 'read-workorder', 'read-dashboard'], dashboardId: 'd 1' };
const INFO = { applicationName: 'North Plant' };
const BOARD = {
  _id: 'd 1',
  sections: [
    { filters: [], items: [{ widget: 'w1' }, { widget: 'w2' }] },
    { filters: ['period'], items: [{ widget: 'w3' }] },
    { filters: [], items: [{ widget: 'w2' }] },
  ],
};

/** An API answering `answers` (path → body; absent: refused), recording what was asked, in order, and whether with the session. */
function api(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const ask = (path: string, authenticated = true) => {
    asked.push(authenticated ? path : `${path} (public)`);
    return Promise.resolve(answers[path]);
  };
  return { ask, asked };
}

describe('which pages have a first screen', () => {
  it('the technician home, an asset’s inspect view (its identification decoded) and the on-site board; no other', () => {
    expect(phonePageOf('/inspection')).toEqual({ page: 'home' });
    expect(phonePageOf('/inspection/')).toEqual({ page: 'home' });
    expect(phonePageOf('/onsite')).toEqual({ page: 'board' });
    expect(phonePageOf('/inspection/asset/identification/SKD%2F001%20A')).toEqual({ page: 'inspect', identification: 'SKD/001 A' });
    for (const other of ['/inspection/scan', '/inspection/workOrder/w1', '/inspection/asset/identification/SKD-001/thermography', '/onsitex', '/home', '/inspection/asset/identification/%E0%A4%A']) {
      expect(phonePageOf(other), other).toBeNull();
    }
  });
});

describe('the pointer a drawn page assumes', () => {
  // User agents as the devices send them (kept by hand); a phone's has "Mobi" (MDN), a tablet's and a desktop's do not.
  const AGENTS: [device: string, userAgent: string, fine: boolean][] = [
    ['Android phone, Chrome', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36', false],
    ['iPhone, Safari', 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1', false],
    ['Android phone, Firefox', 'Mozilla/5.0 (Android 14; Mobile; rv:139.0) Gecko/139.0 Firefox/139.0', false],
    ['Android tablet, Chrome', 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36', true],
    ['Windows, Edge', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36 Edg/136.0.0.0', true],
    ['no user agent', '', true],
  ];
  it.each(AGENTS)('%s', (_device, userAgent, fine) => {
    expect(finePointerGuess(userAgent)).toBe(fine);
  });
});

describe('what a phone page asks first', () => {
  it('the inspect view: the session, the public application info and its group with checklists at once, then each asset’s previous inspections', async () => {
    const { ask, asked } = api({
      [SESSION_PATH]: technician,
      [APPLICATION_INFO_PATH]: INFO,
      '/asset/identification/group/SKD%2F001%20A?expand=checklists': [{ _id: 'a1' }, { _id: 'a 2' }],
      '/asset/a1/previousInspections': [],
      '/asset/a%202/previousInspections': [{ value: 1 }],
    });
    const answers = await askFirst({ page: 'inspect', identification: 'SKD/001 A' }, ask);
    expect(asked).toEqual(['/token/init', '/init/applicationInfo (public)', '/asset/identification/group/SKD%2F001%20A?expand=checklists', '/asset/a1/previousInspections', '/asset/a%202/previousInspections']);
    expect(answers).toEqual({
      '/token/init': technician,
      '/init/applicationInfo': INFO,
      '/asset/identification/group/SKD%2F001%20A?expand=checklists': [{ _id: 'a1' }, { _id: 'a 2' }],
      '/asset/a1/previousInspections': [],
      '/asset/a%202/previousInspections': [{ value: 1 }],
    });
  });

  it('asks no previous inspections for a user who may not read inspections; nothing drawn for an unknown asset', async () => {
    const group = '/asset/identification/group/SKD-001?expand=checklists';
    const reader = api({ [SESSION_PATH]: { ...technician, permissions: ['view-technician'] }, [group]: [{ _id: 'a1' }] });
    expect(Object.keys((await askFirst({ page: 'inspect', identification: 'SKD-001' }, reader.ask))!)).toEqual(['/token/init', group]);
    expect(reader.asked.filter((path) => path.endsWith('previousInspections'))).toEqual([]);
    expect(await askFirst({ page: 'inspect', identification: 'SKD-001' }, api({ [SESSION_PATH]: technician, [group]: [] }).ask)).toBeNull();
  });

  it('the board: the user’s own dashboard, then the widgets of its sections that receive no filter, each once', async () => {
    const { ask, asked } = api({ [SESSION_PATH]: technician, '/dashboard/d%201': BOARD, '/widget/w1': { value: 1 }, '/widget/w2': { value: 2 } });
    const answers = await askFirst({ page: 'board' }, ask);
    expect(asked.filter((path) => path.startsWith('/widget'))).toEqual(['/widget/w1', '/widget/w2']);
    expect(Object.keys(answers!)).toEqual(['/token/init', '/dashboard/d%201', '/widget/w1', '/widget/w2']);
  });

  it('the board of a user who may not read dashboards, or has none: no dashboard asked; a board not answered: nothing drawn', async () => {
    for (const user of [{ ...technician, permissions: ['view-onsite'] }, { ...technician, dashboardId: null }]) {
      const { ask, asked } = api({ [SESSION_PATH]: user });
      expect(await askFirst({ page: 'board' }, ask)).toEqual({ '/token/init': user });
      expect(asked).toEqual(['/token/init', '/init/applicationInfo (public)']);
    }
    expect(await askFirst({ page: 'board' }, api({ [SESSION_PATH]: technician }).ask)).toBeNull();
  });

  it('the home: the user’s work orders and recent assets where the user may read them, and the board — drawn even when the board is not answered', async () => {
    const full = api({ [SESSION_PATH]: technician, '/workOrder/my': [], '/inspection/myRecentAssets': [] });
    expect(Object.keys((await askFirst({ page: 'home' }, full.ask))!).sort()).toEqual(['/inspection/myRecentAssets', '/token/init', '/workOrder/my']);
    expect(full.asked).toContain('/dashboard/d%201');
    const viewer = { ...technician, permissions: ['view-technician'] };
    const bare = api({ [SESSION_PATH]: viewer });
    expect(await askFirst({ page: 'home' }, bare.ask)).toEqual({ '/token/init': viewer });
    expect(bare.asked).toEqual(['/token/init', '/init/applicationInfo (public)']);
  });

  it('nothing at all when the session is refused', async () => {
    const { ask, asked } = api({ [APPLICATION_INFO_PATH]: INFO });
    expect(await askFirst({ page: 'home' }, ask)).toBeNull();
    expect(asked).toEqual(['/token/init', '/init/applicationInfo (public)']);
  });
});
