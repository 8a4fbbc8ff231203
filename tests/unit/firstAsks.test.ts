import { describe, expect, it } from 'vitest';
import { APPLICATION_INFO_PATH, boardAsks, inspectViewAsks, SESSION_PATH } from '../../common/firstAsks';

/*
 * What a phone page asks first (common/firstAsks.ts), read by the server's first-screen render and
 * the page's queries alike. The paths are the spec's routes (§7); the rules are who may ask them
 * (a 403 signs the user out, spec §8).
 */
const technician = { permissions: ['view-technician', 'read-inspection', 'read-dashboard'], dashboardId: 'd 1' };

describe('what a phone page asks first', () => {
  it('every page: the session and the application info', () => {
    expect([SESSION_PATH, APPLICATION_INFO_PATH]).toEqual(['/token/init', '/init/applicationInfo']);
  });

  it('the inspect view: its group with checklists, then each asset’s previous inspections, identifications encoded', () => {
    const asks = inspectViewAsks('SKD/001 A');
    expect(asks.own).toBe('/asset/identification/group/SKD%2F001%20A?expand=checklists');
    expect(asks.then(technician, [{ _id: 'a1' }, { _id: 'a 2' }])).toEqual(['/asset/a1/previousInspections', '/asset/a%202/previousInspections']);
  });

  it('asks no previous inspections for a user who may not read inspections', () => {
    expect(inspectViewAsks('SKD-001').then({ ...technician, permissions: ['view-technician'] }, [{ _id: 'a1' }])).toEqual([]);
  });

  it('the board: the user’s own dashboard when the user may read dashboards, else nothing', () => {
    expect(boardAsks.own(technician)).toBe('/dashboard/d%201');
    expect(boardAsks.own({ ...technician, dashboardId: null })).toBeNull();
    expect(boardAsks.own({ ...technician, permissions: ['view-technician'] })).toBeNull();
  });

  it('then the widgets of the sections that receive no filter, each once', () => {
    const sections = [
      { filters: [], items: [{ widget: 'w1' }, { widget: 'w2' }] },
      { filters: ['period'], items: [{ widget: 'w3' }] },
      { filters: [], items: [{ widget: 'w2' }] },
    ];
    expect(boardAsks.then({ sections } as never)).toEqual(['/widget/w1', '/widget/w2']);
  });
});
